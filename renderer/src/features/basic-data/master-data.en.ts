/** Master-data screens: read-only codes, named deletes; under `masterData`. */
export const masterDataEn = {
  codeLocked: 'The code cannot be changed after creation',
  deleteRoomConfirm: 'Are you sure you want to remove room "{{name}}" of {{hotel}}?',
};

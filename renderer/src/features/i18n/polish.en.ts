/** Strings of the issue-13 polish: read-only fields, named deletes. */
export const polishEn = {
  codeLocked: 'The code cannot be changed after creation',
  deleteRoomConfirm: 'Are you sure you want to remove room "{{name}}" of {{hotel}}?',
};

/** The Export to Excel button's strings (registered by ./export-strings). */
export const exportEn = {
  button: 'Export to Excel',
  failed: 'Something went wrong, please try again later',
  done: 'Exported {{count}} rows',
} as const;

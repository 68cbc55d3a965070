/** Strings of the keyboard shortcuts and their help dialog, under `shortcuts`. */
export const shortcutsEn = {
  title: 'Keyboard shortcuts',
  intro: 'Press the keys one after the other, anywhere but in a text box.',
  keys: 'Keys',
  opens: 'Does',
  then: 'then',
  help: 'Show this list',
  openRow: 'Open the focused row’s request (in a list)',
  goTo: 'Open {{screen}}',
  close: 'Close',
  menuButton: 'Keyboard shortcuts (?)',
};

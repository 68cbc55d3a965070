/** Strings of the guest's stay from the PMS on the desk's screens, under `stays`. */
export const staysEn = {
  heading: 'Stay (from the PMS)',
  guestName: 'Guest',
  dates: 'Dates',
  range: '{{arrival}} → {{departure}}',
  checkedOut: 'Guest checked out',
  checkedOutHint: 'The PMS checked this guest out while the request is still open.',
  inStay: 'Stay of {{name}}, {{dates}}',
  noStay: 'Outside any stay',
};

/** Strings of the paged staff lists: filters, totals, the 'N new' counter. */
export const listsEn = {
  filters: 'Filters',
  status: 'Status',
  hotel: 'Hotel',
  department: 'Department',
  from: 'From',
  to: 'To',
  any: 'All',
  toDo: 'Still to do (Open or Assigned)',
  waiting: 'Waiting to be acknowledged',
  clear: 'Clear filters',
  // i18next picks the form by the count (Intl plural rules): '1 row', '5 rows'.
  total_one: '{{count}} row',
  total_other: '{{count}} rows',
  // The server stops counting a long list at its cap (a year of history is not counted on every view).
  totalMore_one: 'More than {{count}} row',
  totalMore_other: 'More than {{count}} rows',
  newCount: '{{count}} new — show',
  newCountHint: 'New requests that are not on this page; click to reload the page',
  services: 'Services',
  roomVerification: 'Room check',
  roomVerified: 'Verified',
  channel: 'Channel',
  channelOf: 'Channel: {{channel}}',
  channels: { guest: 'Guest page', phone: 'Phone', desk: 'At the desk', integration: 'Integration' },
  exportCapped: 'Exported the first {{count}} of {{total}} rows. Narrow the filters or the search to export the rest.',
  exportCappedMore: 'Exported the first {{count}} of more than {{total}} rows. Narrow the filters or the search to export the rest.',
};

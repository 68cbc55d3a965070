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
  newCount: '{{count}} new — show',
  newCountHint: 'New requests that are not on this page; click to reload the page',
  services: 'Services',
  roomVerification: 'Room check',
  roomVerified: 'Verified',
  channel: 'Channel',
  channels: { guest: 'Guest page', phone: 'Phone', desk: 'At the desk', integration: 'Integration' },
  exportCapped: 'Exported the first {{count}} of {{total}} rows. Narrow the filters or the search to export the rest.',
};

/** Statuses as the API spells them (SPEC §4). Clients translate them for display. */
export const REQUEST_STATUSES = ['Open', 'In Progress', 'Completed', 'Rejected'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const LINE_STATUSES = ['Open', 'Assigned', 'Completed', 'Rejected'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/** What staff may set through UpdateServiceRequestStatus. */
export const STATUS_UPDATES = ['Assigned', 'Rejected', 'Completed'] as const;
export type StatusUpdate = (typeof STATUS_UPDATES)[number];

/** The service whose lines go to a department before a worker (SPEC §4). */
export const SPECIAL_REQUEST_NAME = 'Special Request';

/**
 * Whether a service of this English name is the Special Request: any letter case, any
 * surrounding spaces. The one test of it: the screen, the Excel import and the demo use it.
 */
export function isSpecialServiceName(nameEn: string): boolean {
  return nameEn.trim().toLocaleLowerCase('en') === SPECIAL_REQUEST_NAME.toLocaleLowerCase('en');
}

export function isClosed(status: LineStatus): boolean {
  return status === 'Completed' || status === 'Rejected';
}

import type { MenuGroup } from './permissions';

/**
 * Where the login page finds the desktop app's passkey flow: /Admin/Login#passkey-desktop=<handle>
 * (a fragment: no server, log or Referer sees it). Here, not with the contract's schemas, so
 * the login page reads it without loading zod.
 */
export const PASSKEY_DESKTOP_FRAGMENT = 'passkey-desktop';

/** The desktop flow's handle in a page's fragment: undefined when the page is no such page, '' when the handle is missing or malformed. */
export function passkeyDesktopFlowOf(hash: string): string | undefined {
  const prefix = `#${PASSKEY_DESKTOP_FRAGMENT}=`;
  if (!hash.startsWith(prefix)) return undefined;
  const handle = hash.slice(prefix.length, prefix.length + 129);
  return /^[A-Za-z0-9_-]{1,128}$/.test(handle) ? handle : '';
}

/** Client routes (SPEC §2). */
export const BASIC_DATA_ITEMS = [
  'Company',
  'Hotel',
  'UseType',
  'RoomType',
  'BookingRoom',
  'Room',
  'ServiceGroup',
  'Service',
  'Worker',
  'Departments',
] as const;
export type BasicDataItem = (typeof BASIC_DATA_ITEMS)[number];

/** A list screen behind the side menu: /Admin/{group}/{item} (the item is the permission's name without spaces). */
export const listRoute = (group: MenuGroup, item: string) => `/Admin/${group}/${item}`;

/** Detail pages take an id; the admin app's route table passes ':id' to get the pattern. */
type Id = string | number;

export const clientRoutes = {
  root: '/',
  admin: '/Admin',
  login: '/Admin/Login',
  resetPassword: '/Dashboard/ResetPassword',
  home: '/Admin/Home',
  basicData: (item: BasicDataItem) => listRoute('BasicData', item),
  /** Routing rules and their preview, workers on shift, the weekly rosters. */
  routing: listRoute('BasicData', 'Routing'),
  requestList: listRoute('ServiceManagement', 'RequestList'),
  serviceList: listRoute('ServiceManagement', 'ServiceList'),
  users: listRoute('Administration', 'Users'),
  roles: listRoute('Administration', 'Roles'),
  emailSettings: listRoute('Administration', 'EmailSettings'),
  cannedReplies: listRoute('Administration', 'CannedReplies'),
  securityAudit: listRoute('Administration', 'SecurityAudit'),
  signInSettings: listRoute('Administration', 'SignIn'),
  integrations: listRoute('Administration', 'Integrations'),
  requestDetails: (id: Id) => `/Admin/Request/Details/${id}`,
  serviceDetails: (id: Id) => `/Admin/Service/Details/${id}`,
  userRole: (id: Id) => `/Admin/UserRole/${id}`,
  roleDetail: (id: Id) => `/Admin/RoleDetail/${id}`,
  serviceLevels: listRoute('Reports', 'ServiceLevels'),
  guestFeedback: listRoute('Reports', 'GuestFeedback'),
  roomHistory: (roomId: Id) => `/Admin/Room/History/${roomId}`,
  guestService: '/Request/Service',
  guestReview: '/Request/Review',
} as const;

import type { MenuGroup } from './permissions';

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
  requestList: listRoute('ServiceManagement', 'RequestList'),
  serviceList: listRoute('ServiceManagement', 'ServiceList'),
  users: listRoute('Administration', 'Users'),
  roles: listRoute('Administration', 'Roles'),
  emailSettings: listRoute('Administration', 'EmailSettings'),
  cannedReplies: listRoute('Administration', 'CannedReplies'),
  securityAudit: listRoute('Administration', 'SecurityAudit'),
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

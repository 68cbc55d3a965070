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

export const clientRoutes = {
  root: '/',
  login: '/Admin/Login',
  resetPassword: '/Dashboard/ResetPassword',
  home: '/Admin/Home',
  basicData: (item: BasicDataItem) => `/Admin/BasicData/${item}`,
  requestList: '/Admin/ServiceManagement/RequestList',
  serviceList: '/Admin/ServiceManagement/ServiceList',
  users: '/Admin/Administration/Users',
  roles: '/Admin/Administration/Roles',
  emailSettings: '/Admin/Administration/EmailSettings',
  requestDetails: (id: string) => `/Admin/Request/Details/${id}`,
  serviceDetails: (id: number) => `/Admin/Service/Details/${id}`,
  userRole: (id: number) => `/Admin/UserRole/${id}`,
  roleDetail: (id: number) => `/Admin/RoleDetail/${id}`,
  guestService: '/Request/Service',
  guestReview: '/Request/Review',
} as const;

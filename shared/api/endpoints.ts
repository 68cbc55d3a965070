import { z } from 'zod';
import * as account from './account';
import * as admin from './administration';
import * as bd from './basic-data';
import * as dashboard from './dashboard';
import { IdParams, LangQuery, ListQuery, Lookup, MessageResponse, UuidParams } from './common';
import * as req from './requests';
import * as reports from './reports';
import * as canned from './canned-replies';
import * as work from './work';
import * as twoFactor from './two-factor';
import * as passkeys from './passkeys';
import * as sso from './single-sign-on';
import * as sessions from './sessions';
import * as routing from './routing';
import * as webhooks from './webhooks';
import * as integrations from './integrations';
import * as apaleo from './apaleo';
import type { Claim } from '../permissions';

/**
 * Every call of SPEC §7 (and the few DESIGN adds), in one table: the server
 * registers its routes from it, the clients build their URLs from it, and the
 * authorization test walks it. `auth` is 'public', 'user' (any signed-in user),
 * the claim the caller must hold, or a list of claims of which the caller must hold one.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** 'device': a paired worker's phone (its device access token), on /api/Work/* only; a list: any one of its claims admits. */
  auth: 'public' | 'user' | 'device' | Claim | readonly Claim[];
  body?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The 200 answer's JSON schema; absent for files and streams. */
  response?: z.ZodType;
  /** multipart/form-data, a file or an event stream: not JSON. */
  kind?: 'multipart' | 'file' | 'stream';
  /** The call's description in the OpenAPI document (for integrators). */
  doc?: string;
}

const msg = MessageResponse;
const crud = <C extends string, I extends z.ZodType, R extends z.ZodType>(
  entity: string,
  plural: string,
  claim: C,
  input: I,
  row: R,
) =>
  ({
    add: { method: 'POST', path: `/api/BasicData/Add${entity}`, auth: `${claim}.Create`, body: input, response: msg },
    list: { method: 'GET', path: `/api/BasicData/GetAll${plural}`, auth: `${claim}.View`, query: ListQuery, response: z.array(row) },
    edit: {
      method: 'PUT',
      path: `/api/BasicData/Edit${entity}/:id`,
      auth: `${claim}.Edit`,
      params: IdParams,
      body: input,
      response: msg,
    },
    remove: { method: 'DELETE', path: `/api/BasicData/Remove${entity}/:id`, auth: `${claim}.Delete`, params: IdParams, response: msg },
  }) as const;

const file = (path: string, auth: Endpoint['auth']) => ({ method: 'GET', path, auth, kind: 'file' }) as const;
const upload = (path: string, auth: Endpoint['auth']) =>
  ({ method: 'POST', path, auth, kind: 'multipart', response: msg }) as const;

export const endpoints = {
  health: { method: 'GET', path: '/api/health', auth: 'public', response: z.object({ status: z.literal('ok') }) },

  // ── Account ──
  /** For a user with two-factor sign-in (or whose role requires it) the answer is a TwoFactorChallenge instead. */
  login: { method: 'POST', path: '/api/Account/Login', auth: 'public', body: account.LoginInput, response: twoFactor.LoginAnswer },
  loginTwoFactor: {
    method: 'POST',
    path: '/api/Account/LoginTwoFactor',
    auth: 'public',
    body: twoFactor.LoginTwoFactorInput,
    response: account.LoginResponse,
  },
  twoFactorStatus: { method: 'GET', path: '/api/Account/TwoFactor', auth: 'user', response: twoFactor.TwoFactorStatus },
  /** Bearer: an access token, or the enrolment token of a sign-in whose role requires two-factor. */
  twoFactorSetup: { method: 'POST', path: '/api/Account/TwoFactor/Setup', auth: 'public', response: twoFactor.TwoFactorSetup },
  twoFactorConfirm: {
    method: 'POST',
    path: '/api/Account/TwoFactor/Confirm',
    auth: 'public',
    body: twoFactor.TwoFactorConfirmInput,
    response: twoFactor.TwoFactorConfirmed,
  },
  /** The options of a passkey sign-in (a discoverable credential: no e-mail asked, none revealed). */
  passkeyLoginOptions: { method: 'POST', path: '/api/Account/Passkeys/LoginOptions', auth: 'public', response: passkeys.PasskeyOptions },
  /** Signs in with a passkey instead of password and code: SPEC's Login answer. */
  passkeyLogin: { method: 'POST', path: '/api/Account/Passkeys/Login', auth: 'public', body: passkeys.PasskeyLoginInput, response: account.LoginResponse },
  /** The desktop app starts a passkey sign-in in the system browser (the app's own pages cannot use WebAuthn). */
  passkeyDesktopStart: { method: 'POST', path: '/api/Account/Passkeys/DesktopStart', auth: 'public', response: passkeys.PasskeyDesktopStart },
  /** The browser page's passkey answer for a desktop flow: no session here, a one-time code for the app's deep link. */
  passkeyDesktopLogin: { method: 'POST', path: '/api/Account/Passkeys/DesktopLogin', auth: 'public', body: passkeys.PasskeyDesktopLoginInput, response: passkeys.PasskeyDesktopCode },
  passkeys: { method: 'GET', path: '/api/Account/Passkeys', auth: 'user', response: z.array(passkeys.Passkey) },
  passkeyRegisterOptions: { method: 'POST', path: '/api/Account/Passkeys/RegisterOptions', auth: 'user', response: passkeys.PasskeyOptions },
  passkeyRegister: { method: 'POST', path: '/api/Account/Passkeys/Register', auth: 'user', body: passkeys.PasskeyRegisterInput, response: msg },
  removePasskey: { method: 'DELETE', path: '/api/Account/Passkeys/:id', auth: 'user', params: IdParams, response: msg },
  /** Whether the login page shows "Sign in with <name>": the display name and nothing else. */
  ssoPublic: { method: 'GET', path: '/api/Account/Sso', auth: 'public', response: sso.SsoPublic },
  ssoStart: { method: 'POST', path: '/api/Account/Sso/Start', auth: 'public', body: sso.SsoStartInput, response: sso.SsoStart },
  /** The provider's redirect (a page for the browser, not JSON): it leaves a one-time exchange code, never a token. */
  ssoCallback: { method: 'GET', path: '/api/Account/Sso/Callback', auth: 'public', query: sso.SsoCallbackQuery, kind: 'file' },
  /** The exchange code and the flow key in, SPEC's Login response out: tokens only ever in this POST's answer. */
  ssoComplete: { method: 'POST', path: '/api/Account/Sso/Complete', auth: 'public', body: sso.SsoCompleteInput, response: account.LoginResponse },
  /** The signed-in user's link to the provider (the account's own proof: its session). */
  ssoLink: { method: 'GET', path: '/api/Account/Sso/Link', auth: 'user', response: sso.SsoLinkStatus },
  /** Starts a link at the provider for the signed-in user: the same flow as a sign-in, bound to this user. */
  ssoLinkStart: { method: 'POST', path: '/api/Account/Sso/Link/Start', auth: 'user', body: sso.SsoStartInput, response: sso.SsoStart },
  /** The same user, with the flow key (and the web's cookie or the desktop's code), attaches the identity. Under Complete: the cookie's path. */
  ssoLinkComplete: { method: 'POST', path: '/api/Account/Sso/Complete/Link', auth: 'user', body: sso.SsoCompleteInput, response: msg },
  refreshToken: {
    method: 'POST',
    path: '/api/Account/RefreshToken',
    auth: 'public',
    body: account.RefreshTokenInput,
    response: account.RefreshTokenResponse,
  },
  /** The caller's signed-in devices (desktop app, browsers), newest use first. */
  mySessions: { method: 'GET', path: '/api/Account/Sessions', auth: 'user', response: sessions.SignedInDevices },
  endMySession: { method: 'POST', path: '/api/Account/EndSession', auth: 'user', body: sessions.EndSessionInput, response: msg },
  logout: { method: 'POST', path: '/api/Account/Logout', auth: 'user', body: account.LogoutInput, response: msg },
  forgotPassword: { method: 'POST', path: '/api/Account/ForgotPassword', auth: 'public', body: account.ForgotPasswordInput, response: msg },
  resetPassword: { method: 'POST', path: '/api/Account/ResetPassword', auth: 'public', body: account.ResetPasswordInput, response: msg },

  // ── Basic data ──
  company: crud('Company', 'Companies', 'Basic Data.Company', bd.CompanyInput, bd.Company),
  hotel: crud('Hotel', 'Hotels', 'Basic Data.Hotel', bd.HotelInput, bd.Hotel),
  useType: crud('UseType', 'UseTypes', 'Basic Data.Use Type', bd.UseTypeInput, bd.UseType),
  roomType: crud('RoomType', 'RoomTypes', 'Basic Data.Room Type', bd.RoomTypeInput, bd.RoomType),
  room: crud('Room', 'Rooms', 'Basic Data.Room', bd.RoomInput, bd.Room),
  serviceGroup: crud('ServiceGroup', 'ServiceGroups', 'Basic Data.Service Group', bd.ServiceGroupInput, bd.ServiceGroup),
  service: crud('Service', 'Services', 'Basic Data.Service', bd.ServiceInput, bd.Service),
  worker: crud('Worker', 'Workers', 'Basic Data.Worker', bd.WorkerInput, bd.Worker),
  department: crud('Department', 'Departments', 'Basic Data.Departments', bd.DepartmentInput, bd.Department),
  bookingRoom: {
    add: { method: 'POST', path: '/api/BasicData/AddBookingRoom', auth: 'Basic Data.Booking Room.Create', body: bd.BookingRoomInput, response: msg },
    list: { method: 'GET', path: '/api/BasicData/GetAllBookingRooms', auth: 'Basic Data.Booking Room.View', query: ListQuery, response: z.array(bd.BookingRoom) },
    edit: {
      method: 'PUT',
      path: '/api/BasicData/EditBookingRoom/:id',
      auth: 'Basic Data.Booking Room.Edit',
      params: IdParams,
      body: bd.BookingRoomEditInput,
      response: msg,
    },
    /** The booking-room screen's multipart create: hotelId, roomTypeId, noOfGuests, facilities[], images[]. */
    create: upload('/api/BasicData/CreateBookingRoom', 'Basic Data.Booking Room.Create'),
    /** The booking-room screen's multipart update: id, nameAr, nameEn, roomTypeCode, language, newImages[]. */
    update: upload('/api/BasicData/UpdateBookingRoom', 'Basic Data.Booking Room.Edit'),
    /** Image bytes; public so an <img> can show it (the id is not guessable from the list alone is not claimed). */
    image: { method: 'GET', path: '/api/BasicData/BookingRoomImage/:id', auth: 'public', params: IdParams, kind: 'file' },
  },
  facilities: { method: 'GET', path: '/api/BasicData/GetFacilities', auth: 'public', response: z.array(bd.Facility) },

  // ── Select data ──
  generateCompanies: { method: 'GET', path: '/api/BasicData/GenerateCompanies', auth: 'user', response: z.array(Lookup) },
  generateUseTypes: { method: 'GET', path: '/api/BasicData/GenerateUseTypes', auth: 'user', response: z.array(Lookup) },
  generateRoomTypes: { method: 'GET', path: '/api/BasicData/GenerateRoomTypes', auth: 'user', response: z.array(Lookup) },
  generateServiceGroups: { method: 'GET', path: '/api/BasicData/GenerateServiceGroups', auth: 'user', response: z.array(Lookup) },
  generateDepartments: { method: 'GET', path: '/api/BasicData/GenerateDepartments', auth: 'user', response: z.array(Lookup) },
  generateHotels: { method: 'GET', path: '/api/BasicData/GenerateHotels', auth: 'public', response: z.array(Lookup) },
  generateRooms: {
    method: 'GET',
    path: '/api/BasicData/GenerateRooms',
    auth: 'public',
    query: bd.GenerateRoomsQuery,
    response: z.array(bd.RoomLookup),
  },
  generateServices: { method: 'GET', path: '/api/BasicData/GenerateServices', auth: 'public', response: z.array(bd.ServiceLookupGroup) },

  // ── Templates, uploads, QR ──
  roomTypeTemplate: file('/api/BasicData/DownloadRoomTypeTemplate', 'Basic Data.Room Type.Create'),
  roomTemplate: file('/api/BasicData/DownloadRoomTemplate', 'Basic Data.Room.Create'),
  serviceTemplate: file('/api/BasicData/DownloadServiceTemplate', 'Basic Data.Service.Create'),
  workerTemplate: file('/api/BasicData/DownloadWorkerTemplate', 'Basic Data.Worker.Create'),
  userTemplate: file('/api/Administration/DownloadUserTemplate', 'Administration.Users.Create'),
  uploadRoomType: upload('/api/BasicData/UploadRoomType', 'Basic Data.Room Type.Create'),
  uploadRoom: upload('/api/BasicData/UploadRoom', 'Basic Data.Room.Create'),
  uploadService: upload('/api/BasicData/UploadService', 'Basic Data.Service.Create'),
  uploadWorker: upload('/api/BasicData/UploadWorker', 'Basic Data.Worker.Create'),
  uploadUser: upload('/api/Administration/UploadUser', 'Administration.Users.Create'),
  /** Printable QR sheet (PDF) of one hotel's rooms, each linking to PUBLIC_URL/Request/Service?hotelId&roomId&sig. */
  roomQrSheet: {
    method: 'GET',
    path: '/api/BasicData/DownloadRoomQrCodes',
    auth: 'Basic Data.Room.View',
    query: bd.RoomQrSheetQuery,
    kind: 'file',
  },
  /** Moves the hotel's room links to a new key: the codes printed before stop being verified; print the sheet again after. */
  rotateRoomQrCodes: {
    method: 'POST',
    path: '/api/BasicData/RotateRoomQrCodes',
    auth: 'Basic Data.Room.Edit',
    body: bd.RotateRoomQrCodesInput,
    response: msg,
  },
  /** The address printed codes will use, and the machine's LAN addresses as suggestions. */
  roomQrLinkInfo: { method: 'GET', path: '/api/BasicData/RoomQrLinkInfo', auth: 'Basic Data.Room.View', query: LangQuery, response: bd.RoomQrLinkInfo },

  // ── Requests ──
  addRequest: { method: 'POST', path: '/api/Request/AddRequest', auth: 'public', body: req.AddRequestInput, response: req.AddRequestResponse },
  addReview: { method: 'PUT', path: '/api/Request/AddReviewToRequest', auth: 'public', body: req.ReviewInput, response: msg },
  /** Staff file a request for a room on a guest's behalf (taken by phone or at the desk); it then follows every rule of a guest's. */
  createRequestForGuest: {
    method: 'POST',
    path: '/api/Request/CreateRequestForGuest',
    auth: 'Service Management.Request List.Create',
    body: req.CreateRequestForGuestInput,
    response: req.CreateRequestForGuestResponse,
  },
  userRequestDetails: {
    method: 'GET',
    path: '/api/Request/GetUserRequestDetails/:id',
    auth: 'public',
    params: UuidParams,
    response: req.RequestDetail,
  },
  /** The guest answers on an open line of their request (the request id in the body, as the review sends it). */
  addGuestMessage: { method: 'POST', path: '/api/Request/AddGuestMessage', auth: 'public', body: req.GuestMessageInput, response: msg },
  guestEvents: { method: 'GET', path: '/api/Request/Events/:id', auth: 'public', params: UuidParams, kind: 'stream' },
  /** The room's open stay for the guest form (first name, language), only with the room link's signature (header x-room-signature). */
  guestRoomStay: { method: 'GET', path: '/api/Request/RoomStay', auth: 'public', query: integrations.GuestRoomStayQuery, response: integrations.GuestRoomStay },
  allRequests: {
    method: 'GET',
    path: '/api/Request/GetAllRequests',
    auth: 'Service Management.Request List.View',
    query: ListQuery.extend({ status: req.RequestStatusName.optional(), ...req.StaffListFilters.shape }),
    response: z.array(req.RequestListRow),
  },
  requestDetails: {
    method: 'GET',
    path: '/api/Request/GetRequestDetails/:id',
    auth: 'Service Management.Request List.View',
    params: UuidParams,
    response: req.StaffRequestDetails,
  },
  allServicesRequest: {
    method: 'GET',
    path: '/api/Request/GetAllServicesRequest',
    auth: 'Service Management.Service List.View',
    query: ListQuery.extend({ status: req.LineStatusName.optional(), ...req.StaffListFilters.shape }),
    response: z.array(req.ServiceListRow),
  },
  serviceDetails: {
    method: 'GET',
    path: '/api/Request/GetServiceDetails/:id',
    auth: 'Service Management.Service List.View',
    params: IdParams,
    /** read=true: a staff member opened the line's own page, which reads the guest's messages (a card's worker lookup does not). */
    query: LangQuery.extend({ read: z.enum(['true']).optional() }),
    response: req.StaffServiceDetails,
  },
  serviceAssignmentDetails: {
    method: 'GET',
    path: '/api/Request/GetServiceAssignmentDetails/:id',
    auth: 'Service Management.Service List.View',
    params: IdParams,
    response: req.AssignmentHistory,
  },
  updateServiceRequestStatus: {
    method: 'PUT',
    path: '/api/Request/UpdateServiceRequestStatus',
    auth: 'user', // the claim depends on the status: Service List.Assign / Complete / Reject
    body: req.StatusUpdateInput,
    response: msg,
  },
  /** A reply to the guest or an internal note on a line; whoever may assign or complete the line may write (checked in the service). */
  addServiceMessage: {
    method: 'POST',
    path: '/api/Request/AddServiceMessage',
    auth: 'user',
    body: req.ServiceMessageInput,
    response: msg,
  },
  /** A staff member takes the line: it stops alerting and meets (or misses) its acknowledge target. */
  acknowledgeService: {
    method: 'PUT',
    path: '/api/Request/AcknowledgeService',
    auth: 'Service Management.Service List.Acknowledge',
    body: req.AcknowledgeInput,
    response: msg,
  },
  assignServiceToDepartment: {
    method: 'PUT',
    path: '/api/Request/AssignServiceToDepartment',
    auth: 'Service Management.Service List.Assign',
    body: req.AssignDepartmentInput,
    response: msg,
  },
  /**
   * Staff live events (server-sent events), scoped like the lists. The token in the
   * header, or (EventSource cannot send one) ?ticket= from eventsTicket.
   */
  staffEvents: { method: 'GET', path: '/api/Events', auth: 'user', query: req.StreamTicketQuery, kind: 'stream' },
  /** A single-use ticket that opens one staff event stream within seconds; needs a list claim. */
  eventsTicket: { method: 'POST', path: '/api/Events/Ticket', auth: 'user', response: req.StreamTicket },

  /** The Home page's figures for today, scoped like the lists. */
  homeFigures: {
    method: 'GET',
    path: '/api/Dashboard/GetTodayFigures',
    auth: 'Service Management.Request List.View',
    query: dashboard.HomeFiguresQuery,
    response: dashboard.HomeFigures,
  },
  /** Whether escalation e-mails can be sent; for Home's readers and the escalations' receivers. */
  escalationMailStatus: {
    method: 'GET',
    path: '/api/Dashboard/GetEscalationMailStatus',
    auth: ['Service Management.Escalations.Receive', 'Service Management.Request List.View'],
    response: dashboard.EscalationMailStatus,
  },

  // ── Reports, scoped like the lists ──
  serviceLevels: {
    method: 'GET',
    path: '/api/Reports/ServiceLevels',
    auth: 'Reports.Service Levels.View',
    query: reports.ServiceLevelsQuery,
    response: reports.ServiceLevels,
  },
  /** Every request of one room, newest first: whoever may see the room's requests may see it. */
  roomHistory: {
    method: 'GET',
    path: '/api/Reports/RoomHistory',
    auth: 'Service Management.Request List.View',
    query: reports.RoomHistoryQuery,
    response: reports.RoomHistory,
  },
  guestFeedback: {
    method: 'GET',
    path: '/api/Reports/GuestFeedback',
    auth: 'Reports.Guest Feedback.View',
    query: reports.GuestFeedbackQuery,
    response: z.array(reports.GuestFeedbackRow),
  },
  /** Service recovery: a duty manager moves a low rating's follow-up on (contacted, resolved) with a note. */
  updateFeedbackFollowUp: {
    method: 'PUT',
    path: '/api/Reports/UpdateFeedbackFollowUp',
    auth: 'Reports.Guest Feedback.Follow Up',
    body: reports.FollowUpInput,
    response: msg,
  },

  // ── Canned replies: staff who write on lines read them to insert; an Admin manages them ──
  cannedReplies: {
    /** For whoever writes on a line (Assign, Complete, or Reject's message to the guest) or manages the replies; not every signed-in user. */
    list: {
      method: 'GET',
      path: '/api/Administration/GetAllCannedReplies',
      auth: [
        'Service Management.Service List.Assign',
        'Service Management.Service List.Complete',
        'Service Management.Service List.Reject',
        'Administration.Canned Replies.View',
        'Administration.Canned Replies.Create',
        'Administration.Canned Replies.Edit',
        'Administration.Canned Replies.Delete',
      ],
      response: z.array(canned.CannedReply),
    },
    add: { method: 'POST', path: '/api/Administration/AddCannedReply', auth: 'Administration.Canned Replies.Create', body: canned.CannedReplyInput, response: msg },
    edit: {
      method: 'PUT',
      path: '/api/Administration/EditCannedReply/:id',
      auth: 'Administration.Canned Replies.Edit',
      params: IdParams,
      body: canned.CannedReplyInput,
      response: msg,
    },
    remove: { method: 'DELETE', path: '/api/Administration/RemoveCannedReply/:id', auth: 'Administration.Canned Replies.Delete', params: IdParams, response: msg },
  },

  // ── Administration ──
  allUsers: { method: 'GET', path: '/api/Administration/GetAllUsers', auth: 'Administration.Users.View', response: z.array(admin.User) },
  addUser: {
    method: 'POST',
    path: '/api/Administration/AddUser',
    auth: 'Administration.Users.Create',
    body: admin.UserInput,
    response: admin.InvitationAnswer,
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/Administration/ResendInvitation',
    auth: 'Administration.Users.Create',
    body: admin.UserIdInput,
    response: admin.InvitationAnswer,
  },
  setUserLanguage: {
    method: 'POST',
    path: '/api/Administration/SetUserLanguage',
    auth: 'Administration.Users.Edit',
    body: admin.UserLanguageInput,
    response: msg,
  },
  invitationLink: {
    method: 'POST',
    path: '/api/Administration/InvitationLink',
    auth: 'Administration.Users.Create',
    body: admin.UserIdInput,
    response: admin.InvitationLink,
  },
  allRoles: { method: 'GET', path: '/api/Administration/GetAllRoles', auth: 'Administration.Roles.View', response: z.array(admin.Role) },
  addRole: { method: 'POST', path: '/api/Administration/AddRole', auth: 'Administration.Roles.Create', body: admin.RoleInput, response: msg },
  userRoles: {
    method: 'GET',
    path: '/api/Administration/GetUserRoles/:id',
    auth: 'Administration.Users.View',
    params: IdParams,
    response: z.array(admin.UserRoleSelection.extend({ roleName: z.string() })),
  },
  setUserActive: {
    method: 'POST',
    path: '/api/Administration/SetUserActive',
    auth: 'Administration.Users.Edit',
    body: admin.UserActiveInput,
    response: msg,
  },
  updateUserRoles: {
    method: 'POST',
    path: '/api/Administration/UpdateUserRoles',
    auth: 'Administration.Users.Edit',
    body: admin.UserRolesInput,
    response: msg,
  },
  roleClaims: {
    method: 'GET',
    path: '/api/Administration/GetRoleClaims/:id',
    auth: 'Administration.Roles.View',
    params: IdParams,
    response: admin.RoleDetail,
  },
  updateRoleClaims: {
    method: 'POST',
    path: '/api/Administration/UpdateRoleClaims',
    auth: 'Administration.Roles.Edit',
    body: admin.RoleClaimsInput,
    response: msg,
  },
  setRoleTwoFactor: {
    method: 'POST',
    path: '/api/Administration/SetRoleTwoFactor',
    auth: 'Administration.Roles.Edit',
    body: twoFactor.RoleTwoFactorInput,
    response: msg,
  },
  /** Admins only: the user's next sign-in is by password alone (or enrolment, when a role requires it). */
  resetUserTwoFactor: {
    method: 'POST',
    path: '/api/Administration/ResetTwoFactor',
    auth: 'Administration.Users.Edit',
    body: admin.UserIdInput,
    response: msg,
  },
  userSessions: {
    method: 'GET',
    path: '/api/Administration/GetUserSessions',
    auth: 'Administration.Users.Edit',
    query: sessions.UserSessionsQuery,
    response: sessions.SignedInDevices,
  },
  endUserSessions: {
    method: 'POST',
    path: '/api/Administration/EndUserSessions',
    auth: 'Administration.Users.Edit',
    body: sessions.EndUserSessionsInput,
    response: msg,
  },
  securityEvents: {
    method: 'GET',
    path: '/api/Administration/GetSecurityEvents',
    auth: 'Administration.Security Audit.View',
    query: twoFactor.SecurityEventsQuery,
    response: twoFactor.SecurityEventsPage,
  },
  ssoSettings: { method: 'GET', path: '/api/Administration/GetSsoSettings', auth: 'Administration.Sign In.View', response: sso.SsoSettings },
  /** Admins only (whoever sets the provider can sign in as anyone it names). */
  updateSsoSettings: {
    method: 'POST',
    path: '/api/Administration/UpdateSsoSettings',
    auth: 'Administration.Sign In.Edit',
    body: sso.SsoSettingsInput,
    response: msg,
  },
  emailSettings: {
    method: 'GET',
    path: '/api/Administration/GetEmailSettings',
    auth: 'Administration.Email Settings.View',
    response: admin.EmailSettings,
  },
  updateEmailSettings: {
    method: 'POST',
    path: '/api/Administration/UpdateEmailSettings',
    auth: 'Administration.Email Settings.Edit',
    body: admin.EmailSettingsInput,
    response: msg,
  },
  sendTestEmail: {
    method: 'POST',
    path: '/api/Administration/SendTestEmail',
    auth: 'Administration.Email Settings.Edit',
    body: admin.TestEmailInput,
    response: msg,
  },

  // ── Workers' phones: supervisors pair them ──
  workerPairingCode: {
    method: 'POST',
    path: '/api/Workers/:workerId/PairingCode',
    auth: 'Basic Data.Worker.Pair',
    params: work.WorkerParams,
    response: work.PairingCodeResponse,
  },
  workerDevices: {
    method: 'GET',
    path: '/api/Workers/:workerId/Devices',
    auth: 'Basic Data.Worker.View',
    params: work.WorkerParams,
    response: z.array(work.WorkerDevice),
  },
  revokeWorkerDevice: {
    method: 'DELETE',
    path: '/api/Workers/:workerId/Devices/:deviceId',
    auth: 'Basic Data.Worker.Pair',
    params: work.WorkerDeviceParams,
    response: msg,
  },
  setWorkerPin: {
    method: 'PUT',
    path: '/api/Workers/:workerId/Pin',
    auth: 'Basic Data.Worker.Pair',
    params: work.WorkerParams,
    body: work.WorkerPinInput,
    response: msg,
  },

  // ── Workers' phones: the phone itself ──
  workPair: { method: 'POST', path: '/api/Work/Pair', auth: 'public', body: work.PairInput, response: work.DeviceSession },
  workRefresh: { method: 'POST', path: '/api/Work/Refresh', auth: 'public', body: work.RefreshDeviceInput, response: work.DeviceSession },
  workUnlock: { method: 'POST', path: '/api/Work/Unlock', auth: 'device', body: work.UnlockInput, response: work.DeviceSession },
  workTasks: { method: 'GET', path: '/api/Work/Tasks', auth: 'device', response: z.array(work.WorkTask) },
  workAccept: {
    method: 'POST',
    path: '/api/Work/Tasks/:lineId/Accept',
    auth: 'device',
    params: work.LineParams,
    body: work.WorkActionInput,
    response: work.WorkActionResponse,
  },
  workStart: {
    method: 'POST',
    path: '/api/Work/Tasks/:lineId/Start',
    auth: 'device',
    params: work.LineParams,
    body: work.WorkActionInput,
    response: work.WorkActionResponse,
  },
  workDone: {
    method: 'POST',
    path: '/api/Work/Tasks/:lineId/Done',
    auth: 'device',
    params: work.LineParams,
    body: work.WorkDoneInput,
    response: work.WorkActionResponse,
  },
  workCantDo: {
    method: 'POST',
    path: '/api/Work/Tasks/:lineId/CantDo',
    auth: 'device',
    params: work.LineParams,
    body: work.WorkCantDoInput,
    response: work.WorkActionResponse,
  },
  workPool: { method: 'GET', path: '/api/Work/Pool', auth: 'device', response: z.array(work.WorkTask) },
  /**
   * The phone's live events (server-sent events): its worker's own lines and, when its
   * department lets its workers take lines, that department's pool. ?ticket= from workStreamTicket.
   */
  workEvents: { method: 'GET', path: '/api/Work/Events', auth: 'device', query: req.StreamTicketQuery, kind: 'stream' },
  /** A single-use ticket that opens the phone's event stream within seconds. */
  workStreamTicket: { method: 'POST', path: '/api/Work/StreamTicket', auth: 'device', response: req.StreamTicket },
  workTake: {
    method: 'POST',
    path: '/api/Work/Pool/:lineId/Take',
    auth: 'device',
    params: work.LineParams,
    body: work.WorkActionInput,
    response: work.WorkActionResponse,
  },
  /** The phone's task photo (multipart, one file: jpeg, png or webp, 10 MB), then sent as Done's photoId. */
  workPhoto: {
    method: 'POST',
    path: '/api/Work/Tasks/:lineId/Photo',
    auth: 'device',
    params: work.LineParams,
    kind: 'multipart',
    response: work.WorkPhotoResponse,
  },
  /** A Done line's photo, for the desk's line card. */
  linePhoto: {
    method: 'GET',
    path: '/api/Request/LinePhoto/:id',
    auth: 'Service Management.Service List.View',
    params: UuidParams,
    kind: 'file',
  },
  workPushKey: { method: 'GET', path: '/api/Work/PushKey', auth: 'device', response: work.PushKeyResponse },
  /** One subscription per phone: a second replaces the first. 204. */
  workPushSubscribe: { method: 'PUT', path: '/api/Work/PushSubscription', auth: 'device', body: work.PushSubscriptionInput },
  workPushUnsubscribe: { method: 'DELETE', path: '/api/Work/PushSubscription', auth: 'device' },

  // ── Routing: rules, shifts, rosters, zones ──
  routingRules: { method: 'GET', path: '/api/Routing/Rules', auth: 'Basic Data.Routing.Read', query: routing.HotelQuery, response: z.array(routing.RoutingRuleRow) },
  /** Adds or replaces the hotel's rule for one service, service group or department. */
  saveRoutingRule: { method: 'PUT', path: '/api/Routing/Rules', auth: 'Basic Data.Routing.Edit', body: routing.RoutingRuleInput, response: msg },
  removeRoutingRule: { method: 'DELETE', path: '/api/Routing/Rules/:id', auth: 'Basic Data.Routing.Edit', params: IdParams, response: msg },
  /** Who would get a new line of this service now, and why (nothing is assigned). */
  routingPreview: { method: 'GET', path: '/api/Routing/Preview', auth: 'Basic Data.Routing.Read', query: routing.RoutingPreviewQuery, response: routing.RoutingPreview },
  routingRoster: { method: 'GET', path: '/api/Routing/Roster', auth: 'Basic Data.Routing.Read', query: routing.RosterQuery, response: z.array(routing.RosterRow) },
  /** Replaces the department's weekly roster at the hotel: every row is checked first, nothing is saved if one is wrong. */
  saveRoutingRoster: { method: 'PUT', path: '/api/Routing/Roster', auth: 'Basic Data.Routing.Edit', body: routing.RosterInput, response: msg },
  routingRosterTemplate: file('/api/Routing/DownloadRosterTemplate', 'Basic Data.Routing.Edit'),
  /** Each hotel and department the sheet names has its roster replaced by the sheet's rows. */
  uploadRoutingRoster: upload('/api/Routing/UploadRoster', 'Basic Data.Routing.Edit'),
  routingWorkers: { method: 'GET', path: '/api/Routing/Workers', auth: 'Basic Data.Routing.Read', query: routing.RoutingWorkersQuery, response: z.array(routing.RoutingWorker) },
  /** The desk puts a worker on or off shift, or back to the roster. */
  setWorkerShift: {
    method: 'PUT',
    path: '/api/Routing/Workers/:id/Shift',
    auth: ['Basic Data.Routing.Edit', 'Service Management.Service List.Assign'],
    params: IdParams,
    body: routing.WorkerShiftInput,
    response: msg,
  },
  setWorkerZones: { method: 'PUT', path: '/api/Routing/Workers/:id/Zones', auth: 'Basic Data.Routing.Edit', params: IdParams, body: routing.WorkerZonesInput, response: msg },
  heldOffShift: { method: 'GET', path: '/api/Routing/HeldOffShift', auth: 'Service Management.Service List.View', response: z.array(routing.HeldOffShiftLine) },
  workShift: { method: 'GET', path: '/api/Work/Shift', auth: 'device', response: routing.WorkShift },
  setWorkShift: { method: 'PUT', path: '/api/Work/Shift', auth: 'device', body: routing.WorkShiftInput, response: routing.WorkShift },

  // ── Integrations: outgoing webhooks ──
  webhooks: { method: 'GET', path: '/api/Integrations/Webhooks', auth: 'Administration.Integrations.View', response: z.array(webhooks.WebhookSubscription) },
  /** The answer carries the signing secret: the only time it is shown. */
  addWebhook: { method: 'POST', path: '/api/Integrations/Webhooks', auth: 'Administration.Integrations.Edit', body: webhooks.WebhookSubscriptionInput, response: webhooks.WebhookCreated },
  setWebhookEnabled: {
    method: 'PUT',
    path: '/api/Integrations/Webhooks/:id/Enabled',
    auth: 'Administration.Integrations.Edit',
    params: IdParams,
    body: webhooks.WebhookEnabledInput,
    response: msg,
  },
  removeWebhook: { method: 'DELETE', path: '/api/Integrations/Webhooks/:id', auth: 'Administration.Integrations.Edit', params: IdParams, response: msg },
  webhookDeliveries: {
    method: 'GET',
    path: '/api/Integrations/Webhooks/:id/Deliveries',
    auth: 'Administration.Integrations.View',
    params: IdParams,
    query: webhooks.WebhookDeliveriesQuery,
    response: webhooks.WebhookDeliveriesPage,
  },
  /** Sends the delivery again (same webhook-id), after the request's earlier events. */
  resendWebhookDelivery: {
    method: 'POST',
    path: '/api/Integrations/Webhooks/:id/Deliveries/:deliveryId/Resend',
    auth: 'Administration.Integrations.Edit',
    params: webhooks.WebhookDeliveryParams,
    response: msg,
  },
  // ── Integrations: API keys ──
  apiKeys: { method: 'GET', path: '/api/Integrations/ApiKeys', auth: 'Administration.Integrations.View', response: z.array(integrations.ApiKey) },
  /** The whole key is in this answer only. */
  createApiKey: {
    method: 'POST',
    path: '/api/Integrations/ApiKeys',
    auth: 'Administration.Integrations.Edit',
    body: integrations.ApiKeyInput,
    response: integrations.CreatedApiKey,
  },
  /** Takes effect on the key's next call, in every server process. */
  revokeApiKey: { method: 'POST', path: '/api/Integrations/ApiKeys/:id/Revoke', auth: 'Administration.Integrations.Edit', params: IdParams, response: msg },
  // ── Integrations: the guest's stay ──
  /** Signed by the hotel's stay secret (headers x-hgs-timestamp, x-hgs-signature), not by a token. */
  stayEvent: { method: 'POST', path: '/api/Integrations/Stays', auth: 'public', body: integrations.StayEventInput, response: msg },
  /** A new stay secret for a hotel (the old one stops working), shown in this answer only. */
  staySecret: { method: 'POST', path: '/api/Integrations/StaySecret', auth: 'Administration.Integrations.Edit', body: integrations.StaySecretInput, response: integrations.StaySecret },
  // ── Integrations: apaleo (PMS) ──
  /**
   * apaleo's webhook (not signed: it only names the reservation; the server reads the reservation
   * from apaleo with the hotel's own client credentials). 502/503 when apaleo cannot be read: apaleo retries.
   */
  apaleoWebhook: {
    method: 'POST',
    path: '/api/Integrations/Pms/Apaleo',
    auth: 'public',
    body: apaleo.ApaleoWebhookInput,
    response: msg,
    doc: [
      "apaleo's webhook endpointUrl (subscribe the Reservation events checked-in, checked-out, unit-assigned and changed).",
      'The notification is not signed, so it only names the reservation (data.entityId): the server reads that reservation from',
      "apaleo's Booking API with the hotel's own client credentials (Administration → Integrations → apaleo) and applies its status:",
      'InHouse → check-in or room change (unit.name is the room number), CheckedOut → check-out.',
      'The hotel is found by propertyId; a notification id is taken once (sent again: 200, nothing changed).',
      '404 unknown property or reservation, 409 connection off, 400 unknown room or malformed body,',
      "502 apaleo refused the credentials or answered unreadably, 503 apaleo unreachable, 429 too many reads for the hotel (apaleo retries). Nothing changes on a refusal.",
    ].join(' '),
  },
  apaleoSettings: {
    method: 'GET',
    path: '/api/Integrations/Pms/Apaleo/Settings',
    auth: 'Administration.Integrations.View',
    query: apaleo.ApaleoSettingsQuery,
    response: apaleo.ApaleoSettings,
  },
  /** The client secret is write-only: empty or absent keeps the stored one. */
  saveApaleoSettings: {
    method: 'PUT',
    path: '/api/Integrations/Pms/Apaleo/Settings',
    auth: 'Administration.Integrations.Edit',
    body: apaleo.ApaleoSettingsInput,
    response: apaleo.ApaleoSettingsAnswer,
  },
} as const;

/** '/api/BasicData/EditCompany/:id' + { id: 3 } → '/api/BasicData/EditCompany/3' */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/** Every endpoint, flattened, for route registration and the authorization test. */
export function allEndpoints(): Endpoint[] {
  const out: Endpoint[] = [];
  const walk = (node: unknown) => {
    if (node && typeof node === 'object' && 'path' in node && 'method' in node) out.push(node as Endpoint);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(endpoints);
  return out;
}

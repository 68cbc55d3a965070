import { QueryClient } from '@tanstack/react-query';

/**
 * The admin app's one data layer (TanStack Query): every screen reads through it, and the
 * staff event stream invalidates the keys it concerns (the paged lists and details pages
 * through their hooks, the rest through api/live-invalidation).
 * Errors are shown by the screens (handleError), so queries do not retry a refused call.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

/** Query keys: one root per kind of data, so an event can invalidate a whole kind. */
export const keys = {
  requests: ['requests'] as const,
  lines: ['lines'] as const,
  requestDetails: (id: string) => ['requests', 'details', id] as const,
  /** Everything read about one service line (its details, its status history): a change to the line invalidates it all. */
  line: (id: number) => ['lines', 'line', id] as const,
  /** GetServiceDetails: the service page, and a request page's card for its workers. */
  lineDetails: (id: number) => ['lines', 'line', id, 'details'] as const,
  /** GetServiceAssignmentDetails: who did what to the line, and when. */
  lineHistory: (id: number) => ['lines', 'line', id, 'history'] as const,
  basicData: (item: string) => ['basic-data', item] as const,
  /** Select data (GenerateHotels…), shared by forms and list filters; master-data changes invalidate it. */
  lookups: ['lookups'] as const,
  lookup: (source: string) => ['lookups', source] as const,
  /** Home's figures for today (they follow live events). */
  homeFigures: ['home-figures'] as const,
  users: ['users'] as const,
  /** One user's role selection: under users, so a change to users re-reads it. */
  userRoles: (id: number) => ['users', 'roles', id] as const,
  cannedReplies: ['canned-replies'] as const,
  roles: ['roles'] as const,
  /** One role's claims: under roles, so a change to roles re-reads them. */
  roleClaims: (id: number) => ['roles', 'claims', id] as const,
  emailSettings: ['email-settings'] as const,
  ssoSettings: ['sso-settings'] as const,
  /** The address the room QR codes will hold and the machine's LAN addresses (GetRoomQrLinkInfo). */
  roomQrLinkInfo: ['room-qr-link-info'] as const,
};

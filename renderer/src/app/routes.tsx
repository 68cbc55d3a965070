import { lazy, useState, type ComponentType } from 'react';
import type { MenuGroup } from '@shared/permissions';
import { BASIC_DATA_ITEMS, clientRoutes } from '@shared/routes';

/**
 * Every screen of the admin app, in one static table built from shared/routes.ts. Each
 * section is its own chunk, fetched the first time one of its screens opens, so the
 * login page and the shell load without ag-grid, the forms or the dialogs.
 *
 * To add a section: a module exporting `screens`, one loader below and its rows in ROUTES.
 */
const sections = {
  home: async () => ({ screens: { Home: (await import('../features/home/HomeDashboard')).HomeDashboard } }),
  basicData: () => import('../features/basic-data/section'),
  serviceManagement: () => import('../features/service-management/section'),
  administration: () => import('../features/administration/section'),
  // The charts library lives in this chunk only.
  reports: () => import('../features/reports/section'),
};

/**
 * A component from a chunk, rendered at once when the chunk is already here (warmed on
 * the login page): React.lazy suspends on its first render even then, and React holds a
 * boundary's content back for up to 300 ms after a fallback showed, which made the first
 * screen after sign-in wait about 400 ms for nothing. A screen mounted while its chunk
 * downloads keeps the lazy form it started with (no remount when the chunk lands).
 */
function fromChunk(load: () => Promise<ComponentType>): { load: () => Promise<ComponentType>; component: ComponentType } {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const fetch = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // offline: the next attempt downloads again
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await fetch() }));
  function FromChunk(props: object) {
    const [Shown] = useState(() => loaded ?? Lazy);
    return <Shown {...props} />;
  }
  return { load: fetch, component: FromChunk };
}

/** The signed-in frame; LoginPage starts fetching it when the user presses Login. */
const shell = fromChunk(async () => (await import('./AdminRoot')).AdminRoot);
export const loadShell = shell.load;
export const AdminLayout = shell.component;
export const ResetPasswordPage = lazy(async () => ({ default: (await import('../auth/ResetPasswordPage')).ResetPasswordPage }));
export const AppToaster = lazy(async () => ({ default: (await import('../feedback/AppToaster')).AppToaster }));
export const NotFoundPage = lazy(async () => ({ default: (await import('../home/HomePage')).NotFoundPage }));

type Loader<K extends string> = () => Promise<{ screens: Record<K, ComponentType> }>;

const lazyScreen = <K extends string>(loadSection: Loader<K>, name: K) => fromChunk(async () => (await loadSection()).screens[name] as ComponentType);

export interface AppRoute {
  /** Absolute path under /Admin, with :id for detail pages. */
  path: string;
  component: ComponentType;
  /** Fetches the screen's chunk (what `component` does the first time it renders). */
  load(): Promise<ComponentType>;
  /** A list behind the side menu: mounted only when the user's permissions include `{group}/{item}` (SPEC §2). */
  menu?: { group: MenuGroup; item: string };
}

const list = <K extends string>(group: MenuGroup, item: K, path: string, load: Loader<K>): AppRoute => ({ path, menu: { group, item }, ...lazyScreen(load, item) });
const page = <K extends string>(path: string, load: Loader<K>, name: K): AppRoute => ({ path, ...lazyScreen(load, name) });

export const ROUTES: AppRoute[] = [
  page(clientRoutes.home, sections.home, 'Home'),
  ...BASIC_DATA_ITEMS.map((item) => list('BasicData', item, clientRoutes.basicData(item), sections.basicData)),
  list('ServiceManagement', 'RequestList', clientRoutes.requestList, sections.serviceManagement),
  list('ServiceManagement', 'ServiceList', clientRoutes.serviceList, sections.serviceManagement),
  page(clientRoutes.requestDetails(':id'), sections.serviceManagement, 'RequestDetails'),
  page(clientRoutes.serviceDetails(':id'), sections.serviceManagement, 'ServiceDetails'),
  list('Administration', 'Users', clientRoutes.users, sections.administration),
  list('Administration', 'Roles', clientRoutes.roles, sections.administration),
  list('Administration', 'EmailSettings', clientRoutes.emailSettings, sections.administration),
  list('Administration', 'CannedReplies', clientRoutes.cannedReplies, sections.administration),
  list('Administration', 'SecurityAudit', clientRoutes.securityAudit, sections.administration),
  list('Administration', 'Integrations', clientRoutes.integrations, sections.administration),
  page(clientRoutes.userRole(':id'), sections.administration, 'UserRole'),
  page(clientRoutes.roleDetail(':id'), sections.administration, 'RoleDetail'),
  list('Reports', 'ServiceLevels', clientRoutes.serviceLevels, sections.reports),
  list('Reports', 'GuestFeedback', clientRoutes.guestFeedback, sections.reports),
  page(clientRoutes.roomHistory(':roomId'), sections.reports, 'RoomHistory'),
];

/**
 * While the user types on the login page: the shell, Home and the request lists (with
 * ag-grid, the largest chunk) download and compile, so the list a desk opens first shows
 * without waiting for them. Not part of the first view: it starts with the first
 * keystroke. A failure (offline) is harmless: the screens load on demand as before.
 */
export function warmFirstScreens(): void {
  const first: string[] = [clientRoutes.home, clientRoutes.requestList, clientRoutes.serviceList];
  // The toaster too: the first new-request alert would otherwise wait for its chunk.
  void Promise.all([loadShell(), ...ROUTES.filter((r) => first.includes(r.path)).map((r) => r.load()), import('../feedback/AppToaster')]).catch(() => undefined);
}

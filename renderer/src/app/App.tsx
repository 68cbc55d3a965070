import { FluentProvider, Spinner, webLightTheme } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clientRoutes } from '@shared/routes';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { LoginPage } from '../auth/LoginPage';
import { ConnectionBanner } from '../features/connection/ConnectionBanner';
import { dismissErrorToasts, onToasterWanted, toasterWanted } from '../feedback/toast';
import { sessionAtom, sessionLoadedAtom } from '../session/session';
import { permittedRoutes } from '../shell/menu-model';
import { setNavigate } from './navigation';
import { AdminLayout, AppToaster, NotFoundPage, ROUTES, ResetPasswordPage } from './routes';

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigate((to) => navigate(to)), [navigate]);
  // An error toast is about the screen it came from: leaving the screen takes it down.
  const { pathname } = useLocation();
  useEffect(() => dismissErrorToasts(), [pathname]);
  return null;
}

/** Screens and the shell come in their own chunks: a spinner while one downloads the first time. */
const loading = (top: string, node: ReactNode) => <Suspense fallback={<Spinner style={{ marginTop: top }} />}>{node}</Suspense>;

function AppRoutes() {
  const session = useAtomValue(sessionAtom);
  // List routes exist only for the user's view permissions (SPEC §2).
  const routes = useMemo(() => {
    const allowed = permittedRoutes(session?.permissions ?? []);
    return ROUTES.filter((r) => !r.menu || allowed.has(`${r.menu.group}/${r.menu.item}`));
  }, [session]);
  return (
    <Routes>
      <Route path={clientRoutes.root} element={<Navigate to={clientRoutes.login} replace />} />
      <Route path={clientRoutes.login} element={<LoginPage />} />
      <Route path={clientRoutes.resetPassword} element={loading('30vh', <ResetPasswordPage />)} />
      <Route path={clientRoutes.admin} element={loading('30vh', <AdminLayout />)}>
        <Route index element={<Navigate to={clientRoutes.home} replace />} />
        {routes.map(({ path, component: Screen }) => (
          <Route key={path} path={path} element={loading('20vh', <Screen />)} />
        ))}
        <Route path="*" element={loading('20vh', <NotFoundPage />)} />
      </Route>
      <Route path="*" element={<Navigate to={clientRoutes.login} replace />} />
    </Routes>
  );
}

export function App() {
  const { i18n } = useTranslation();
  const loaded = useAtomValue(sessionLoadedAtom);
  const toaster = useSyncExternalStore(onToasterWanted, toasterWanted);
  const dir = i18n.language === 'ar' ? 'rtl' : 'ltr';
  return (
    <FluentProvider theme={webLightTheme} dir={dir} style={{ minHeight: '100vh', backgroundColor: 'var(--colorNeutralBackground3)' }}>
      {toaster && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
      <ConnectionBanner />
      {loaded ? (
        <BrowserRouter>
          <NavigationBridge />
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <Spinner style={{ marginTop: '30vh' }} />
      )}
    </FluentProvider>
  );
}

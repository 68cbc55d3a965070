import { FluentProvider, Spinner, webLightTheme } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { LoginPage } from '../auth/LoginPage';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { AppToaster } from '../feedback/AppToaster';
import { HomeDashboard } from '../features/home/HomeDashboard';
import { NotFoundPage } from '../home/HomePage';
import { sessionAtom, sessionLoadedAtom } from '../session/session';
import { AdminLayout } from '../shell/AdminLayout';
import { permittedRoutes } from '../shell/menu-model';
import { setNavigate } from './navigation';
import { registeredRoutes, registeredScreens } from './screen-registry';

function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigate((to) => navigate(to)), [navigate]);
  return null;
}

function AppRoutes() {
  const session = useAtomValue(sessionAtom);
  // List routes exist only for the user's view permissions (SPEC §2).
  const screens = useMemo(() => {
    const allowed = permittedRoutes(session?.permissions ?? []);
    return registeredScreens().filter((s) => allowed.has(`${s.group}/${s.item}`));
  }, [session]);
  return (
    <Routes>
      <Route path="/" element={<Navigate to="/Admin/Login" replace />} />
      <Route path="/Admin/Login" element={<LoginPage />} />
      <Route path="/Dashboard/ResetPassword" element={<ResetPasswordPage />} />
      <Route path="/Admin" element={<AdminLayout />}>
        <Route index element={<Navigate to="/Admin/Home" replace />} />
        <Route path="Home" element={<HomeDashboard />} />
        {screens.map(({ group, item, component: Screen }) => (
          <Route key={`${group}/${item}`} path={`${group}/${item}`} element={<Screen />} />
        ))}
        {registeredRoutes().map(({ path, component: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="*" element={<Navigate to="/Admin/Login" replace />} />
    </Routes>
  );
}

export function App() {
  const { i18n } = useTranslation();
  const loaded = useAtomValue(sessionLoadedAtom);
  const dir = i18n.language === 'ar' ? 'rtl' : 'ltr';
  return (
    <FluentProvider theme={webLightTheme} dir={dir} style={{ minHeight: '100vh', backgroundColor: 'var(--colorNeutralBackground3)' }}>
      <AppToaster />
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

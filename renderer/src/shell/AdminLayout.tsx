import { makeStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { clientRoutes } from '@shared/routes';
import { shellEndpoints as endpoints } from '../api/shell-endpoints';
import { call } from '../api/client';
import { LiveAlerts } from '../features/live/LiveAlerts';
import { handleError } from '../feedback/handle-error';
import { applyLanguage } from '../i18n';
import { platform } from '../platform';
import { logoutBody, sessionAtom, signOut } from '../session/session';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { MenuShortcuts } from './shortcuts/MenuShortcuts';

const useStyles = makeStyles({
  main: { outlineStyle: 'none', paddingTop: '72px', paddingInline: '24px', paddingBottom: '32px', maxWidth: '1400px', marginInline: 'auto' },
});

/** The signed-in frame: header, side menu, and the screen. Without a token it sends the user to login. */
export function AdminLayout() {
  const session = useAtomValue(sessionAtom);
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const showShortcuts = useCallback(() => {
    setMenuOpen(false);
    setHelpOpen(true);
  }, []);
  const mainRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  const shownPath = useRef(pathname);

  // A screen opened from the menu or the header takes the focus (the link is gone or elsewhere), so the
  // next Tab walks that screen; on the first screen after sign-in the first Tab still reaches the menu button.
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    const main = mainRef.current;
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);

  if (!session) return <Navigate to={clientRoutes.login} replace />;

  const switchLanguage = () => {
    const next = i18n.language === 'ar' ? 'en' : 'ar';
    applyLanguage(next);
    platform.setLanguage(next);
  };

  const logout = async () => {
    try {
      const body = await logoutBody();
      if (body) await call(endpoints.logout, { body });
      await signOut();
      navigate(clientRoutes.login);
    } catch (err) {
      handleError(err, t('session.logoutFailed'));
    }
  };

  return (
    <>
      <Header session={session} toggleRef={toggleRef} onToggleMenu={() => setMenuOpen((o) => !o)} onSwitchLanguage={switchLanguage} onLogout={logout} />
      <LiveAlerts />
      <SideMenu open={menuOpen} permissions={session.permissions} onClose={closeMenu} ignoreRef={toggleRef} onShortcuts={showShortcuts} />
      <MenuShortcuts permissions={session.permissions} helpOpen={helpOpen} onHelp={setHelpOpen} onGo={closeMenu} />
      <main ref={mainRef} tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
    </>
  );
}

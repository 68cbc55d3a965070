import { Avatar, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { HomeRegular, KeyMultipleRegular, LaptopRegular, LinkRegular, LocalLanguageRegular, NavigationRegular, PersonRegular, ShieldKeyholeRegular, SignOutRegular } from '@fluentui/react-icons';
import { Suspense, lazy, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clientRoutes } from '@shared/routes';
import { NewRequestButton } from '../features/desk-requests/NewRequestButton';
import { HeaderAlerts } from '../features/live/HeaderAlerts';
import { passkeysAvailable } from '../features/passkeys/availability';
import type { StoredSession } from '../platform';
import { permittedRoutes } from './menu-model';

// The dialog and its strings download when the user opens it.
const SignedInDevicesDialog = lazy(async () => ({ default: (await import('../features/sessions/SignedInDevicesDialog')).SignedInDevicesDialog }));
const TwoFactorDialog = lazy(async () => ({ default: (await import('../features/two-factor/TwoFactorDialog')).TwoFactorDialog }));
const PasskeysDialog = lazy(async () => ({ default: (await import('../features/passkeys/PasskeysDialog')).PasskeysDialog }));
const SsoLinkDialog = lazy(async () => ({ default: (await import('../features/single-sign-on/SsoLinkDialog')).SsoLinkDialog }));

/** The web app's return from the provider after "Link single sign-on" (the callback's redirect adds ?sso=linked). */
const ssoLinkReturn = () => typeof window !== 'undefined' && new URLSearchParams(window.location.search).get('sso') === 'linked';

const useStyles = makeStyles({
  header: {
    position: 'fixed',
    top: 0,
    insetInline: 0,
    height: '56px',
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 12px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    zIndex: 30,
    boxShadow: tokens.shadow4,
  },
  brand: { color: 'inherit', textDecoration: 'none', display: 'flex', alignItems: 'center', gap: '6px', fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  spacer: { flexGrow: 1 },
  onBrand: { color: tokens.colorNeutralForegroundOnBrand },
  card: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: '200px' },
});

export interface HeaderProps {
  session: StoredSession;
  toggleRef: RefObject<HTMLButtonElement | null>;
  onToggleMenu(): void;
  onSwitchLanguage(): void;
  onLogout(): void;
}

export function Header({ session, toggleRef, onToggleMenu, onSwitchLanguage, onLogout }: HeaderProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);
  const [passkeysOpen, setPasskeysOpen] = useState(false);
  const [devicesOpen, setDevicesOpen] = useState(false);
  const [returning] = useState(ssoLinkReturn);
  const [ssoLinkOpen, setSsoLinkOpen] = useState(returning);
  return (
    <header className={styles.header} data-testid="app-header">
      <Button ref={toggleRef} appearance="transparent" className={styles.onBrand} icon={<NavigationRegular />} aria-label={t('shell.menu')} onClick={onToggleMenu} data-testid="menu-toggle" />
      {/* The name starts with the brand shown, then says where it leads. */}
      <Link to={clientRoutes.home} className={styles.brand} aria-label={`${t('app.brand')}, ${t('shell.home')}`}>
        <HomeRegular fontSize={20} />
        {t('app.brand')}
      </Link>
      <span className={styles.spacer} />
      <NewRequestButton appearance="transparent" className={styles.onBrand} />
      <HeaderAlerts canOpenList={permittedRoutes(session.permissions).has('ServiceManagement/RequestList')} />
      {/* The name starts with the words shown (the other language's name), so voice control can "click العربية". */}
      <Button
        appearance="transparent"
        className={styles.onBrand}
        icon={<LocalLanguageRegular />}
        onClick={onSwitchLanguage}
        aria-label={`${t('shell.language')}, ${t('shell.languageLabel')}`}
      >
        <span lang={t('shell.languageCode')}>{t('shell.language')}</span>
      </Button>
      {/* A tooltip rather than a popover: a popover trigger makes Fluent's focus manager add aria-hidden tab stops to the page. */}
      <Tooltip
        relationship="description"
        withArrow
        content={
          <div className={styles.card} data-testid="user-card">
            <Text weight="semibold">{session.userName}</Text>
            <Text size={200}>{session.userEmail}</Text>
          </div>
        }
      >
        <Button appearance="transparent" className={styles.onBrand} aria-label={session.userName} data-testid="user-card-trigger">
          {/* A figure, not the initials: drawn letters that are not in the button's name stop voice control finding it. */}
          <Avatar icon={<PersonRegular />} idForColor={session.userName} size={28} color="colorful" aria-hidden />
        </Button>
      </Tooltip>
      {/* The user's own sign-in settings: one menu, so the header keeps room for the desk's controls. */}
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Tooltip content={t('shell.security')} relationship="label">
            <Button appearance="transparent" className={styles.onBrand} icon={<ShieldKeyholeRegular />} data-testid="security-menu" />
          </Tooltip>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<ShieldKeyholeRegular />} onClick={() => setTwoFactorOpen(true)} data-testid="two-factor-open">
              {t('shell.twoFactor')}
            </MenuItem>
            {passkeysAvailable() && (
              <MenuItem icon={<KeyMultipleRegular />} onClick={() => setPasskeysOpen(true)} data-testid="passkeys-open">
                {t('shell.passkeys')}
              </MenuItem>
            )}
            <MenuItem icon={<LaptopRegular />} onClick={() => setDevicesOpen(true)} data-testid="devices-open">
              {t('shell.devices')}
            </MenuItem>
            <MenuItem icon={<LinkRegular />} onClick={() => setSsoLinkOpen(true)} data-testid="sso-link-open">
              {t('shell.ssoLink')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {twoFactorOpen && (
        <Suspense fallback={null}>
          <TwoFactorDialog open onClose={() => setTwoFactorOpen(false)} />
        </Suspense>
      )}
      {passkeysOpen && (
        <Suspense fallback={null}>
          <PasskeysDialog open onClose={() => setPasskeysOpen(false)} />
        </Suspense>
      )}
      {ssoLinkOpen && (
        <Suspense fallback={null}>
          <SsoLinkDialog open returning={returning} onClose={() => setSsoLinkOpen(false)} />
        </Suspense>
      )}
      {devicesOpen && (
        <Suspense fallback={null}>
          <SignedInDevicesDialog open onClose={() => setDevicesOpen(false)} />
        </Suspense>
      )}
      <Tooltip content={t('shell.logout')} relationship="label">
        <Button appearance="transparent" className={styles.onBrand} icon={<SignOutRegular />} onClick={onLogout} />
      </Tooltip>
    </header>
  );
}

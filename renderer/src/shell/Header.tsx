import {
  Avatar,
  Button,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { HomeRegular, LocalLanguageRegular, NavigationRegular, SignOutRegular } from '@fluentui/react-icons';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clientRoutes } from '@shared/routes';
import { HeaderAlerts } from '../features/live/HeaderAlerts';
import type { StoredSession } from '../platform';
import { permittedRoutes } from './menu-model';

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
  return (
    <header className={styles.header} data-testid="app-header">
      <Button ref={toggleRef} appearance="transparent" className={styles.onBrand} icon={<NavigationRegular />} aria-label={t('shell.menu')} onClick={onToggleMenu} data-testid="menu-toggle" />
      <Link to={clientRoutes.home} className={styles.brand} aria-label={t('shell.home')}>
        <HomeRegular fontSize={20} />
        {t('app.brand')}
      </Link>
      <span className={styles.spacer} />
      <HeaderAlerts canOpenList={permittedRoutes(session.permissions).has('ServiceManagement/RequestList')} />
      <Button appearance="transparent" className={styles.onBrand} icon={<LocalLanguageRegular />} onClick={onSwitchLanguage} aria-label={t('shell.languageLabel')}>
        {t('shell.language')}
      </Button>
      <Popover openOnHover withArrow>
        <PopoverTrigger disableButtonEnhancement>
          <Button appearance="transparent" className={styles.onBrand} aria-label={session.userName} data-testid="user-card-trigger">
            <Avatar name={session.userName} size={28} color="colorful" />
          </Button>
        </PopoverTrigger>
        <PopoverSurface>
          <div className={styles.card} data-testid="user-card">
            <Text weight="semibold">{session.userName}</Text>
            <Text size={200}>{session.userEmail}</Text>
          </div>
        </PopoverSurface>
      </Popover>
      <Tooltip content={t('shell.logout')} relationship="label">
        <Button appearance="transparent" className={styles.onBrand} icon={<SignOutRegular />} onClick={onLogout} />
      </Tooltip>
    </header>
  );
}

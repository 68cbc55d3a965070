import { Button, Link, Spinner, Text } from '@fluentui/react-components';
import { KeyMultipleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../i18n';
import { desktopSsoLink } from '@shared';
import { loginErrorMessage } from '../../auth/login-error';
import { showToast } from '../../feedback/toast';
import { isCancelled } from './availability';
import './strings';

interface Props {
  /** The desktop app's flow, from the address's fragment (already dropped from the address bar). */
  flow: string;
  /** Leaves the page for the app's deep link; a test replaces it. */
  openApp?: (link: string) => void;
}

/**
 * A message in English and Arabic together, each with its own direction: the browser page
 * cannot know the app's language (the server's single sign-on page does the same).
 */
function BothLanguages({ k, role }: { k: 'passkeys.desktopReturn' | 'passkeys.desktopForApp' | 'passkeys.desktopNoHandle'; role?: 'status' }) {
  return (
    <div role={role}>
      {(['en', 'ar'] as const).map((lng) => (
        <Text block key={lng} lang={lng} dir={lng === 'ar' ? 'rtl' : 'ltr'} style={{ marginBottom: 8 }}>
          {i18next.getFixedT(lng)(k)}
        </Text>
      ))}
    </div>
  );
}

/**
 * The login page in the system browser, opened by the desktop app for its passkey sign-in:
 * the passkey ceremony here (where WebAuthn works), no session in this browser, and the
 * one-time code handed to the app by its deep link.
 */
export function PasskeyForDesktop({ flow, openApp = (link) => window.location.assign(link) }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string>();

  const approve = async () => {
    setBusy(true);
    try {
      const { approveDesktopSignIn } = await import('./passkey-sign-in');
      const appLink = desktopSsoLink(await approveDesktopSignIn(flow));
      setLink(appLink);
      openApp(appLink);
    } catch (err) {
      showToast(isCancelled(err) ? t('login.passkeyCancelled') : loginErrorMessage(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  if (link) {
    return (
      <div data-testid="passkey-for-desktop">
        <BothLanguages k="passkeys.desktopReturn" role="status" />
        <Link href={link}>
          {i18next.getFixedT('en')('passkeys.desktopOpenApp')} · <span lang="ar">{i18next.getFixedT('ar')('passkeys.desktopOpenApp')}</span>
        </Link>
      </div>
    );
  }
  return (
    <div data-testid="passkey-for-desktop">
      <BothLanguages k={flow ? 'passkeys.desktopForApp' : 'passkeys.desktopNoHandle'} />
      {flow && (
        <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <KeyMultipleRegular />} disabled={busy} onClick={() => void approve()}>
          {t('login.passkey')}
        </Button>
      )}
    </div>
  );
}

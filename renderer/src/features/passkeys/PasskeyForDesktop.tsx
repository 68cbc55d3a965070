import { Button, Link, Spinner, Text } from '@fluentui/react-components';
import { KeyMultipleRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
        <Text block role="status">
          {t('passkeys.desktopReturn')}
        </Text>
        <Link href={link}>{t('passkeys.desktopOpenApp')}</Link>
      </div>
    );
  }
  return (
    <div data-testid="passkey-for-desktop">
      <Text block style={{ marginBottom: 12 }}>
        {flow ? t('passkeys.desktopForApp') : t('passkeys.desktopNoHandle')}
      </Text>
      {flow && (
        <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <KeyMultipleRegular />} disabled={busy} onClick={() => void approve()}>
          {t('login.passkey')}
        </Button>
      )}
    </div>
  );
}

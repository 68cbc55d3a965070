import './strings';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { call } from '../../api/client';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { platform } from '../../platform';
import { useReturnFocus } from '../../ui/use-return-focus';

/** Where the web app keeps a link's flow key while the browser is at the provider (this tab only, never a URL). */
export const SSO_LINK_KEY = 'hotel.ssoLinkFlow';

/**
 * "Link single sign-on", from the header's security menu: the signed-in user (their
 * session is the account's proof) confirms who they are at the provider, and the
 * identity is attached to this account. The web app goes to the provider in this tab and
 * finishes on its return; the desktop app opens the system browser and finishes when the
 * deep link brings the code back. The link completes only for this user, with this key.
 */
export function SsoLinkDialog({ open, onClose, returning }: { open: boolean; onClose(): void; returning: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const flowKey = useRef<string | undefined>(undefined);
  useReturnFocus(open);
  const status = useQuery({ queryKey: ['sso-link'], queryFn: () => call(endpoints.ssoLink), enabled: open });
  const name = status.data?.displayName ?? '';

  const complete = async (key: string, exchangeCode?: string) => {
    setBusy(true);
    try {
      showSuccess(await call(endpoints.ssoLinkComplete, { body: exchangeCode ? { flowKey: key, exchangeCode } : { flowKey: key } }), t('sso.link.title'));
      await client.invalidateQueries({ queryKey: ['sso-link'] });
    } catch (err) {
      handleError(err, t('sso.link.failed'));
    } finally {
      setBusy(false);
      setWaiting(false);
    }
  };

  // The web app's return: the key is taken out of storage before it is used, so it is used once.
  useEffect(() => {
    if (!returning || platform.kind !== 'web') return;
    const key = sessionStorage.getItem(SSO_LINK_KEY);
    sessionStorage.removeItem(SSO_LINK_KEY);
    window.history.replaceState(null, '', window.location.pathname);
    if (key) void complete(key);
  }, [returning]);

  useEffect(() => {
    if (!platform.onSsoCode) return;
    return platform.onSsoCode((code) => {
      const key = flowKey.current;
      flowKey.current = undefined;
      if (key) void complete(key, code);
    });
  }, []);

  const begin = async () => {
    setBusy(true);
    try {
      const started = await call(endpoints.ssoLinkStart, { body: { client: platform.kind } });
      if (platform.kind === 'desktop') {
        flowKey.current = started.flowKey;
        setWaiting(true);
        platform.openExternal(started.authorizationUrl);
        setBusy(false);
      } else {
        sessionStorage.setItem(SSO_LINK_KEY, started.flowKey);
        window.location.assign(started.authorizationUrl);
      }
    } catch (err) {
      handleError(err, t('sso.link.failed'));
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('sso.link.title')}</DialogTitle>
          <DialogContent data-testid="sso-link">
            {!status.data ? (
              <Spinner />
            ) : !status.data.enabled ? (
              <Text as="p">{t('sso.link.notSetUp')}</Text>
            ) : (
              <>
                <Text as="p">{status.data.linked ? t('sso.link.linked', { name }) : t('sso.link.intro', { name })}</Text>
                {waiting && (
                  <Text as="p" role="status">
                    {t('sso.link.opening')}
                  </Text>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            {status.data?.enabled && (
              <Button appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined} onClick={() => void begin()} data-testid="sso-link-start">
                {t('sso.link.start', { name })}
              </Button>
            )}
            <Button onClick={onClose}>{t('sso.link.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

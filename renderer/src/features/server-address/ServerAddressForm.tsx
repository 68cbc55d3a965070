import { Button, Field, Input, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setServerUrl } from '../../api/client';
import type { HotelDesktop } from '../../platform/desktop-platform';

/**
 * The desktop app's choice of hotel server: the main process checks the address
 * (GET /api/health) and keeps it; its error is already in the app's language. A
 * plain-http address on the network is kept only once the user has read the warning
 * and confirmed it.
 */
export function ServerAddressForm({ bridge, initial = '', onConnected }: { bridge: HotelDesktop; initial?: string; onConnected(url: string): void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(initial);
  const [error, setError] = useState<string>();
  /** The warning about the address now typed, while it waits for the user's confirmation. */
  const [insecureWarning, setInsecureWarning] = useState<string>();
  const [busy, setBusy] = useState(false);

  const connect = async (allowInsecure: boolean) => {
    if (busy) return;
    if (!address.trim()) {
      setError(t('server.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    setInsecureWarning(undefined);
    try {
      const result = allowInsecure ? await bridge.setServerUrl(address.trim(), { allowInsecure: true }) : await bridge.setServerUrl(address.trim());
      if (!result.ok) {
        if (result.insecure) setInsecureWarning(result.error);
        else setError(result.error);
        return;
      }
      setServerUrl(result.url);
      onConnected(result.url);
    } catch {
      setError(t('server.failed'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void connect(false);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('server.address')} hint={t('server.hint')} validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Input
          value={address}
          onChange={(_, d) => {
            setAddress(d.value);
            setInsecureWarning(undefined);
          }}
          placeholder="http://192.168.1.10:8080"
          dir="ltr"
          autoFocus
        />
      </Field>
      {insecureWarning && (
        <MessageBar intent="warning" layout="multiline" style={{ marginBlockStart: 12 }}>
          <MessageBarBody>{insecureWarning}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void connect(true)} disabled={busy}>
              {t('server.connectInsecure')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <Button type="submit" appearance="primary" disabled={busy} style={{ marginBlockStart: 16 }} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('server.connect')}
      </Button>
    </form>
  );
}

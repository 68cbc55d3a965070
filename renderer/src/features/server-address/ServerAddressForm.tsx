import { Button, Field, Input, Spinner } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setServerUrl } from '../../api/client';
import type { HotelDesktop } from '../../platform/desktop-platform';

/**
 * The desktop app's choice of hotel server: the main process checks the address
 * (GET /api/health) and keeps it; its error is already in the app's language.
 */
export function ServerAddressForm({ bridge, initial = '', onConnected }: { bridge: HotelDesktop; initial?: string; onConnected(url: string): void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(initial);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!address.trim()) {
      setError(t('server.required'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const result = await bridge.setServerUrl(address.trim());
      if (!result.ok) {
        setError(result.error);
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

  return (
    <form onSubmit={submit} noValidate>
      <Field label={t('server.address')} hint={t('server.hint')} validationMessage={error} validationState={error ? 'error' : 'none'}>
        <Input value={address} onChange={(_, d) => setAddress(d.value)} placeholder="http://192.168.1.10:8080" dir="ltr" autoFocus />
      </Field>
      <Button type="submit" appearance="primary" disabled={busy} style={{ marginBlockStart: 16 }} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('server.connect')}
      </Button>
    </form>
  );
}

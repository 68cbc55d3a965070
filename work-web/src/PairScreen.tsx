import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from './api';
import type { StoredSession } from './store';

/** Pairs the phone with the code of the supervisor's QR (filled in from the link) or typed. */
export function PairScreen({ initialCode, notice, onPaired }: { initialCode: string; notice?: string; onPaired: (s: StoredSession) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode);
  const [deviceName, setDeviceName] = useState(() => t('pair.defaultDeviceName'));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onPaired(await api.pair(code, deviceName.trim() || t('pair.defaultDeviceName')));
    } catch (e) {
      setError(e instanceof ApiError && e.kind === 'network' ? t('errors.network') : ((e instanceof ApiError && e.serverMessage) || t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel stack" onSubmit={submit} noValidate>
      <h1>{t('pair.title')}</h1>
      {notice && (
        <p className="notice" role="alert">
          {notice}
        </p>
      )}
      <p className="muted">{t('pair.intro')}</p>
      <div className="field">
        <label htmlFor="pair-code">{t('pair.code')}</label>
        <input
          id="pair-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          dir="ltr"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pair-error' : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor="pair-device">{t('pair.deviceName')}</label>
        <input id="pair-device" value={deviceName} onChange={(e) => setDeviceName(e.target.value)} maxLength={80} required />
      </div>
      {error && (
        <p id="pair-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary big" disabled={busy || !code.trim()}>
        {busy ? t('pair.sending') : t('pair.submit')}
      </button>
    </form>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from './api';
import type { StoredSession } from './store';

const PIN = /^[0-9]{4,6}$/;

/** A shared phone after pairing (or after the worker's PIN changed): the PIN unlocks it. */
export function PinScreen({ onUnlocked, onUnpaired }: { onUnlocked: (s: StoredSession) => void; onUnpaired: (message?: string) => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!PIN.test(pin)) return setError(t('pin.invalid'));
    setBusy(true);
    setError(undefined);
    try {
      onUnlocked(await api.unlock(pin));
    } catch (e) {
      if (e instanceof ApiError && (e.kind === 'unpaired' || e.status === 401)) return onUnpaired(e.serverMessage);
      setError(e instanceof ApiError && e.kind === 'network' ? t('errors.network') : ((e instanceof ApiError && e.serverMessage) || t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel stack" onSubmit={submit} noValidate>
      <h1>{t('pin.title')}</h1>
      <p className="muted">{t('pin.intro')}</p>
      <div className="field">
        <label htmlFor="pin">{t('pin.pin')}</label>
        <input
          id="pin"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          maxLength={6}
          dir="ltr"
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pin-error' : undefined}
        />
      </div>
      {error && (
        <p id="pin-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary big" disabled={busy}>
        {t('pin.submit')}
      </button>
    </form>
  );
}

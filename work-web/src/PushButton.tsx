import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PushState, enablePush, pushState } from './push';

/** Notifications while the page is closed: asked for with a tap (browsers refuse otherwise). */
export function PushButton() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState>('unsupported');
  useEffect(() => {
    void pushState().then(setState, () => setState('unsupported'));
  }, []);
  if (state === 'unsupported') return null;
  if (state !== 'off')
    return (
      <p className="muted small" role="status">
        {state === 'on' ? t('push.enabled') : state === 'denied' ? t('push.denied') : t('push.unavailable')}
      </p>
    );
  return (
    <button type="button" className="secondary big" onClick={() => void enablePush().then(setState, () => setState('unavailable'))}>
      {t('push.enable')}
    </button>
  );
}

import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhoneShell } from '../../clients-kit/Shell';
import { ApiError, activeSession } from './api';
import { PairScreen } from './PairScreen';
import { PinScreen } from './PinScreen';
import { TasksScreen } from './TasksScreen';
import { type StoredSession, store } from './store';

type Phase = { name: 'loading' } | { name: 'pair'; code: string; notice?: string } | { name: 'pin'; session: StoredSession } | { name: 'tasks'; session: StoredSession };

/** The pairing code of a QR link (/Work#pair=CODE), taken out of the address so it is not kept in the history. */
function codeFromLink(): string {
  const match = /(?:^|[#&])pair=([^&]*)/.exec(window.location.hash);
  if (!match) return '';
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return decodeURIComponent(match[1]);
}

export function App() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ name: 'loading' });

  const enter = useCallback((session: StoredSession) => setPhase(session.locked ? { name: 'pin', session } : { name: 'tasks', session }), []);
  const unpaired = useCallback(
    (message?: string) => {
      void store.forget();
      setPhase({ name: 'pair', code: '', notice: message ?? t('errors.unpaired') });
    },
    [t],
  );

  useEffect(() => {
    const code = codeFromLink();
    void (async () => {
      const stored = await store.session();
      if (code || !stored) return setPhase({ name: 'pair', code });
      try {
        const session = await activeSession();
        return session ? enter(session) : setPhase({ name: 'pair', code: '' });
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'unpaired') return unpaired(error.serverMessage);
        // No network: the phone still shows its last tasks and keeps taps.
        enter(stored);
      }
    })();
  }, [enter, unpaired]);

  return (
    <PhoneShell>
      {phase.name === 'loading' && (
        <p className="muted" role="status">
          {t('tasks.loading')}
        </p>
      )}
      {phase.name === 'pair' && <PairScreen initialCode={phase.code} notice={phase.notice} onPaired={enter} />}
      {phase.name === 'pin' && <PinScreen onUnlocked={enter} onUnpaired={unpaired} />}
      {phase.name === 'tasks' && (
        <TasksScreen
          session={phase.session}
          onUnpaired={unpaired} onLocked={(session) => setPhase({ name: 'pin', session })}
          onSignOut={() => void store.forget().then(() => setPhase({ name: 'pair', code: '' }))}
        />
      )}
    </PhoneShell>
  );
}

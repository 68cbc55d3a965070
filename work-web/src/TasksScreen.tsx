import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PushButton } from './PushButton';
import { PoolCard, TaskCard, serviceName } from './TaskCard';
import type { StoredSession } from './store';
import { taskView } from './task-view';
import { useTasks } from './useTasks';

/** The task the notification asked to open (#task=ID). */
function useLinkedTask(): number | undefined {
  const read = () => {
    const match = /(?:^|[#&])task=(\d+)/.exec(window.location.hash);
    return match ? Number(match[1]) : undefined;
  };
  const [id, setId] = useState(read);
  useEffect(() => {
    const onHash = () => setId(read());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return id;
}

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function TasksScreen({
  session,
  onUnpaired,
  onLocked,
  onSignOut,
}: {
  session: StoredSession;
  onUnpaired: (message?: string) => void;
  onLocked: (s: StoredSession) => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const { tasks, pool, loaded, online, outbox, outboxState, waiting, fresh } = useTasks(onUnpaired, () => onLocked({ ...session, locked: true }));
  const linked = useLinkedTask();
  const now = useNow();

  useEffect(() => {
    if (linked !== undefined) document.getElementById(`task-${linked}`)?.focus();
  }, [linked, tasks]);

  const pending = outboxState.pending;
  return (
    <div className="stack">
      <div>
        <h1>{t('tasks.title')}</h1>
        <p className="muted">{t('tasks.hello', { name: session.workerName })}</p>
      </div>

      <div aria-live="polite" className="stack">
        {!online && <p className="notice">{t('outbox.offline')}</p>}
        {pending.length > 0 && <p className="notice">{t('outbox.waiting', { count: pending.length })}</p>}
      </div>
      {outboxState.refusals.map((r) => (
        <div key={r.key} className="notice danger" role="alert">
          <p>{t('outbox.refused', { service: r.label.service, room: r.label.room, message: r.message })}</p>
          <button type="button" className="secondary" onClick={() => outbox.dismiss(r.key)}>
            {t('outbox.dismiss')}
          </button>
        </div>
      ))}
      {outboxState.photoSkipped && (
        <div className="notice" role="status">
          <p>{t('outbox.photoSkipped')}</p>
          <button type="button" className="secondary" onClick={() => outbox.dismissPhotoNote()}>
            {t('outbox.dismiss')}
          </button>
        </div>
      )}
      <div role="alert" aria-atomic="true">
        {waiting.length > 0 && <p className="notice alerting">{fresh ? t('tasks.newTask', { service: serviceName(fresh), room: fresh.roomNumber }) : t('tasks.newTasks')}</p>}
      </div>

      {!loaded && tasks.length === 0 ? (
        <p className="muted" role="status">
          {t('tasks.loading')}
        </p>
      ) : tasks.length === 0 ? (
        <p className="muted">{t('tasks.empty')}</p>
      ) : (
        tasks.map((task) => (
          <TaskCard key={task.lineId} task={task} view={taskView(task, pending)} now={now} highlighted={task.lineId === linked} onTap={(tap) => void outbox.tap(tap)} />
        ))
      )}

      {pool && (
        <section className="stack" aria-labelledby="pool-title">
          <h2 id="pool-title">{t('pool.title')}</h2>
          {pool.length === 0 ? (
            <p className="muted">{t('pool.empty')}</p>
          ) : (
            pool.map((task) => (
              <PoolCard
                key={task.lineId}
                task={task}
                now={now}
                onTake={() => void outbox.tap({ action: 'take', lineId: task.lineId, label: { service: serviceName(task), room: task.roomNumber } })}
              />
            ))
          )}
        </section>
      )}

      <PushButton />
      <button type="button" className="link" onClick={onSignOut}>
        {t('signOut')}
      </button>
    </div>
  );
}

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkTask } from '@shared';
import { currentLanguage } from './i18n';
import type { NewTap } from './outbox';
import { CantDoForm, DoneForm } from './TaskForms';
import { type TaskView, minutesLeft } from './task-view';

export const serviceName = (task: WorkTask) => (currentLanguage() === 'ar' ? task.serviceNameAr : task.serviceNameEn);

function Badges({ task, view, now }: { task: WorkTask; view?: TaskView; now: number }) {
  const { t } = useTranslation();
  const left = minutesLeft(task, now);
  return (
    <p className="badges">
      <span className="badge">{task.ageMinutes >= 120 ? t('tasks.ageHours', { count: Math.floor(task.ageMinutes / 60) }) : t('tasks.age', { count: task.ageMinutes })}</span>
      {left === null ? null : task.isOverdue || left < 0 ? (
        <span className="badge overdue">{t('tasks.overdue')}</span>
      ) : (
        <span className="badge due">{t('tasks.dueIn', { count: left })}</span>
      )}
      {view?.started ? <span className="badge ok">{t('tasks.started')}</span> : view?.accepted ? <span className="badge ok">{t('tasks.accepted')}</span> : null}
      {view && view.pending.length > 0 && <span className="badge pending">{t('tasks.pending')}</span>}
    </p>
  );
}

type Form = 'none' | 'done' | 'cantDo';

/** One task: where and what, the guest's note and the conversation, and the next step. */
export function TaskCard({ task, view, now, highlighted, onTap }: { task: WorkTask; view: TaskView; now: number; highlighted: boolean; onTap: (tap: NewTap) => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>('none');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [photo, setPhoto] = useState<Blob>();
  const label = { service: serviceName(task), room: task.roomNumber };
  const tap = (action: NewTap['action'], extra: Partial<NewTap> = {}) => onTap({ action, lineId: task.lineId, version: task.version, label, ...extra });
  const headingId = `task-${task.lineId}-title`;

  const sendDone = (event: FormEvent) => {
    event.preventDefault();
    tap('done', { note: note.trim() || undefined, photo });
    setForm('none');
  };
  const sendCantDo = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setReasonError(true);
    tap('cantDo', { reason: reason.trim() });
    setForm('none');
  };

  return (
    <article id={`task-${task.lineId}`} className={`panel task${highlighted ? ' highlighted' : ''}`} aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId}>{serviceName(task)}</h2>
      <p className="where">
        <strong>{t('tasks.room', { number: task.roomNumber })}</strong> · {task.hotelName}
      </p>
      {/* A request taken by phone may carry no name. */}
      {task.guestName && <p>{t('tasks.guest', { name: task.guestName })}</p>}
      <Badges task={task} view={view} now={now} />
      <div className="note">
        <span className="label">{t('tasks.guestNote')}</span>
        <p>{task.guestNote || <span className="muted">{t('tasks.noNote')}</span>}</p>
      </div>
      {task.messages.length > 0 && (
        <section aria-label={t('tasks.replies')}>
          <ul className="messages">
            {task.messages.map((m, i) => (
              <li key={i} className={m.internal ? 'internal' : 'reply'}>
                <span className="badge">{m.internal ? t('tasks.internal') : t('tasks.reply')}</span> {m.authorName && <strong>{m.authorName}: </strong>}
                {m.text}
              </li>
            ))}
          </ul>
        </section>
      )}
      {!view.finished && form === 'none' && (
        <div className="actions">
          {!view.accepted && (
            <button type="button" className="primary big" onClick={() => tap('accept')}>
              {t('actions.accept')}
            </button>
          )}
          {view.accepted && !view.started && (
            <button type="button" className="primary big" onClick={() => tap('start')}>
              {t('actions.start')}
            </button>
          )}
          {view.started && (
            <button type="button" className="primary big" onClick={() => setForm('done')}>
              {t('actions.done')}
            </button>
          )}
          <button type="button" className="secondary big" onClick={() => setForm('cantDo')}>
            {t('actions.cantDo')}
          </button>
        </div>
      )}
      {form === 'done' && <DoneForm lineId={task.lineId} note={note} onNote={setNote} photo={photo} onPhoto={setPhoto} onSubmit={sendDone} onCancel={() => setForm('none')} />}
      {form === 'cantDo' && (
        <CantDoForm
          lineId={task.lineId}
          reason={reason}
          onReason={(text) => {
            setReason(text);
            setReasonError(false);
          }}
          reasonError={reasonError}
          onSubmit={sendCantDo}
          onCancel={() => setForm('none')}
        />
      )}
    </article>
  );
}

/** A line of the department's pool: what and where, and Take. */
export function PoolCard({ task, now, onTake }: { task: WorkTask; now: number; onTake: () => void }) {
  const { t } = useTranslation();
  const headingId = `pool-${task.lineId}-title`;
  return (
    <article className="panel task" aria-labelledby={headingId}>
      <h3 id={headingId}>{serviceName(task)}</h3>
      <p className="where">
        <strong>{t('tasks.room', { number: task.roomNumber })}</strong> · {task.hotelName}
      </p>
      <Badges task={task} now={now} />
      <button type="button" className="primary big" onClick={onTake}>
        {t('actions.take')}
      </button>
    </article>
  );
}

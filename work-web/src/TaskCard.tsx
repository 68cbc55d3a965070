import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkTask } from '@shared';
import { currentLanguage } from './i18n';
import { resizePhoto } from './photo';
import type { NewTap } from './outbox';
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
      {form === 'done' && (
        <form className="stack" onSubmit={sendDone}>
          <div className="field">
            <label htmlFor={`note-${task.lineId}`}>{t('actions.note')}</label>
            <textarea id={`note-${task.lineId}`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} rows={3} />
          </div>
          <div className="field">
            <label htmlFor={`photo-${task.lineId}`}>{t('actions.photo')}</label>
            <input
              id={`photo-${task.lineId}`}
              type="file"
              accept="image/*"
              capture="environment"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void resizePhoto(file).then(setPhoto, () => setPhoto(file));
              }}
            />
            {photo && <p className="muted small">{t('actions.photoChosen')}</p>}
          </div>
          <div className="actions">
            <button type="submit" className="primary big">
              {t('actions.done')}
            </button>
            <button type="button" className="secondary big" onClick={() => setForm('none')}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      )}
      {form === 'cantDo' && (
        <form className="stack" onSubmit={sendCantDo} noValidate>
          <div className="field">
            <label htmlFor={`reason-${task.lineId}`}>{t('actions.reason')}</label>
            <textarea
              id={`reason-${task.lineId}`}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(false);
              }}
              maxLength={500}
              rows={2}
              required
              aria-invalid={reasonError || undefined}
              aria-describedby={reasonError ? `reason-${task.lineId}-error` : undefined}
            />
            {reasonError && (
              <p id={`reason-${task.lineId}-error`} className="field-error" role="alert">
                {t('actions.reasonRequired')}
              </p>
            )}
          </div>
          <div className="actions">
            <button type="submit" className="primary big">
              {t('actions.send')}
            </button>
            <button type="button" className="secondary big" onClick={() => setForm('none')}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
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

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LineMessage, RequestDetail, RequestLine } from '@shared';
import { isolateLtr } from '@shared/display-names';
import { GuestReplyBox } from './GuestReplyBox';

const TONE: Record<string, string> = { Rejected: 'danger', Completed: 'primary' };
const CLOSED = new Set(['Completed', 'Rejected']);

/**
 * "Expected by 14:30": the line's completion promise while it is open; the
 * date joins the time when the promise is not today. Digits follow the language, as every
 * other time on the page.
 */
export function expectedByText(iso: string, locale: string, now = new Date()): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  return at.toLocaleString(locale, today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' });
}

/** The team's replies and the guest's own answers, oldest first; an older server sends only the latest reply as `reply`. */
function threadOf(line: RequestLine): Pick<LineMessage, 'id' | 'kind' | 'text' | 'createdAt'>[] {
  if (line.messages) return line.messages.filter((m) => m.kind === 'reply' || m.kind === 'guest');
  return line.reply ? [{ id: 0, kind: 'reply', text: line.reply, createdAt: line.updatedAt }] : [];
}

/**
 * One service line as an expandable card; the phone is shown exactly as the guest gave it.
 * The team's replies are a conversation: when a new one arrives the card opens on it.
 */
export function LineCard({ line, request, onChanged = async () => undefined }: { line: RequestLine; request: RequestDetail; onChanged?: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const thread = threadOf(line);
  const replies = thread.filter((m) => m.kind === 'reply');
  const card = useRef<HTMLDetailsElement>(null);
  const seen = useRef(replies.length);
  useEffect(() => {
    if (replies.length > seen.current && card.current) card.current.open = true;
    seen.current = replies.length;
  }, [replies.length]);
  const locale = i18n.language === 'ar' ? 'ar-EG' : 'en-GB';
  const time = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const expected = line.expectedBy && !CLOSED.has(line.statusName) ? line.expectedBy : null;
  return (
    <details ref={card} className="panel line-card" data-testid="line-card">
      <summary>
        <span className="line-name">
          {line.serviceName}
          {expected && (
            <small className="expected-by" data-testid="expected-by">
              {t('review.expectedBy', { time: expectedByText(expected, locale) })}
            </small>
          )}
        </span>
        {replies.length > 0 && (
          <span className="reply-count" data-testid="reply-count">
            {t('review.replies', { count: replies.length })}
          </span>
        )}
        <span className={`badge ${TONE[line.statusName] ?? 'secondary'}`}>{t(`status.${line.statusName}`)}</span>
      </summary>
      <dl className="facts">
        <div>
          <dt>{t('review.guest')}</dt>
          <dd>
            {request.custName}
            <br />
            <bdi>{request.custEmail}</bdi>
            <br />
            <bdi dir="ltr">{request.custPhone}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('review.hotelRoom')}</dt>
          <dd>
            {request.hotelName} · {t('review.roomN', { number: isolateLtr(request.roomNumber) })}
          </dd>
        </div>
        <div>
          <dt>{t('review.service')}</dt>
          <dd>{line.serviceName}</dd>
        </div>
        <div>
          <dt>{t('review.note')}</dt>
          <dd>{line.note || t('review.noNote')}</dd>
        </div>
        <div>
          <dt>{t('review.reply')}</dt>
          <dd data-testid="line-reply" aria-live="polite">
            {thread.length ? (
              <ol className="thread">
                {thread.map((r) =>
                  r.kind === 'guest' ? (
                    <li key={r.id} className="from-guest" data-testid="guest-own-message">
                      <p dir="auto">{r.text}</p>
                      <small className="muted">{t('review.youWrote', { time: time(r.createdAt) })}</small>
                    </li>
                  ) : (
                    <li key={r.id} data-testid="guest-reply">
                      <p dir="auto">{r.text}</p>
                      <small className="muted">{t('review.repliedAt', { time: time(r.createdAt) })}</small>
                    </li>
                  ),
                )}
              </ol>
            ) : (
              <span className="muted">{t('review.noReply')}</span>
            )}
          </dd>
        </div>
      </dl>
      {CLOSED.has(line.statusName) ? (
        <p className="muted small" data-testid="answer-closed">
          {t('review.answerClosed')}
        </p>
      ) : (
        <GuestReplyBox requestId={request.id} lineId={line.id} onSent={onChanged} />
      )}
    </details>
  );
}

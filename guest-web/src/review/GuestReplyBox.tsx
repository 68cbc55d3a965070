import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GUEST_MESSAGE_MAX } from '@shared/patterns';
import { api, ApiError } from '../api';
import { errorMessage } from '../components/errors';

/**
 * The guest's answer on an open line. The request id goes in the body, as the review's
 * does; what the guest typed is shown back as plain text (never as a link or markup).
 */
export function GuestReplyBox({ requestId, lineId, onSent }: { requestId: string; lineId: number; onSent: () => Promise<void> }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    if (!text.trim()) return setProblem(t('review.answerEmpty'));
    sendingRef.current = true;
    setSending(true);
    setProblem(null);
    setSent(false);
    try {
      await api.addGuestMessage({ id: requestId, requestDetailsId: lineId, text });
      setText('');
      setSent(true);
      await onSent();
    } catch (error) {
      // The server says why in the guest's language (a finished service, too many messages); a 404 here is about the line.
      setProblem(error instanceof ApiError && error.serverMessage && error.kind !== 'network' ? error.serverMessage : errorMessage(error, t));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <form className="stack answer-box" onSubmit={submit} noValidate data-testid="guest-answer">
      <label htmlFor={id}>{t('review.answer')}</label>
      <textarea
        id={id}
        rows={2}
        dir="auto"
        maxLength={GUEST_MESSAGE_MAX}
        value={text}
        aria-describedby={`${id}-count`}
        onChange={(e) => (setText(e.target.value), setProblem(null), setSent(false))}
      />
      <small id={`${id}-count`} className="muted">
        {t('review.answerLeft', { count: GUEST_MESSAGE_MAX - text.length })}
      </small>
      <div role="alert">{problem && <p className="field-error">{problem}</p>}</div>
      <div role="status">{sent && <p className="muted">{t('review.answerSent')}</p>}</div>
      <button type="submit" className="primary" disabled={sending}>
        {sending ? t('review.sending') : t('review.answerSend')}
      </button>
    </form>
  );
}

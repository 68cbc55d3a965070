import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestDetail } from '@shared';
import { errorMessage } from '../components/errors';
import { api } from '../api';
import { StarRating } from './StarRating';

/** The rating and review, once the request is Completed; after sending, the review shows instead. */
export function FeedbackForm({ request, onSent }: { request: RequestDetail; onSent: () => Promise<void> }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState<number | null>(null);
  const [feedback, setFeedback] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);

  if (request.rating !== null) {
    return (
      <section className="panel" aria-labelledby="thanks-title" data-testid="review-done">
        <h2 id="thanks-title">{t('review.thanks')}</h2>
        <p className="stars-static" aria-hidden="true">
          {'★'.repeat(request.rating)}
        </p>
        <p>{t('review.yourRating', { rating: request.rating })}</p>
        {request.review && <blockquote>{request.review}</blockquote>}
      </section>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sendingRef.current) return;
    if (rating === null) return setProblem(t('review.ratingRequired'));
    sendingRef.current = true;
    setSending(true);
    setProblem(null);
    try {
      await api.addReview({ id: request.id, rating, feedback });
      await onSent();
    } catch (error) {
      setProblem(errorMessage(error, t));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <form className="panel stack" onSubmit={submit} aria-labelledby="feedback-title" noValidate>
      <h2 id="feedback-title">{t('review.feedbackTitle')}</h2>
      <div className="field">
        <span id="rating-label" className="label">
          {t('review.rating')}
        </span>
        <StarRating value={rating} onChange={(n) => (setRating(n), setProblem(null))} labelId="rating-label" invalid={Boolean(problem) && rating === null} />
      </div>
      <div className="field">
        <label htmlFor="feedback">{t('review.feedback')}</label>
        <textarea id="feedback" rows={3} maxLength={2000} value={feedback} onChange={(e) => setFeedback(e.target.value)} />
      </div>
      <div role="alert">{problem && <p className="field-error">{problem}</p>}</div>
      <button type="submit" className="primary" disabled={sending}>
        {sending ? t('review.sending') : t('review.send')}
      </button>
    </form>
  );
}

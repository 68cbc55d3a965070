import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientRoutes } from '@shared/routes';
import { ApiError } from '../api';
import type { Navigate } from '../App';
import { ErrorPanel } from '../components/ErrorPanel';
import { errorMessage } from '../components/errors';
import { MyRequests } from '../components/MyRequests';
import { takeFlash } from '../flash';
import { rememberRequest } from '../my-requests';
import { FeedbackForm } from './FeedbackForm';
import { LineCard } from './LineCard';
import { useLiveRequest } from './use-live-request';

const STATUS_TONE: Record<string, string> = { Rejected: 'danger', Completed: 'primary' };

/** Request/Review?id=…: the guest follows the request here and rates it once it is Completed. */
export default function ReviewPage({ id, navigate }: { id: string; navigate: Navigate }) {
  const { t, i18n } = useTranslation();
  const { request, error, reload } = useLiveRequest(id, i18n.language);
  const [flash] = useState(takeFlash);
  const toForm = () => navigate(clientRoutes.guestService);
  // The next request is for the same hotel and room (the saved draft keeps who the guest is).
  const another = () => navigate(request ? `${clientRoutes.guestService}?hotelId=${request.hotelId}&roomId=${request.roomId}` : clientRoutes.guestService);

  useEffect(() => {
    if (request) document.title = `${request.requestCode} · ${t('brand')}`;
  }, [request, t]);
  // "My requests" names it by its code from now on; a request opened from a link joins the list too.
  useEffect(() => {
    if (request) rememberRequest({ id: request.id, code: request.requestCode, at: request.createdAt });
  }, [request]);

  // A malformed or unknown id is the same thing to a guest: this request is not here.
  const notFound = !id || (error instanceof ApiError && (error.kind === 'notFound' || error.status === 400));
  if (notFound) {
    return (
      <ErrorPanel title={t('errors.notFoundTitle')} message={t('errors.notFound')} onRetry={id ? () => void reload() : undefined}>
        <button type="button" className="secondary" onClick={toForm}>
          {t('errors.backToForm')}
        </button>
      </ErrorPanel>
    );
  }
  if (error && !request) return <ErrorPanel message={errorMessage(error, t)} onRetry={() => void reload()} />;
  if (!request) {
    return (
      <p className="muted" role="status">
        {t('service.loading')}
      </p>
    );
  }

  return (
    <div className="stack">
      {flash && (
        <p className="panel success" role="status">
          {flash}
        </p>
      )}
      <section className="panel summary" aria-labelledby="review-title">
        <h1 id="review-title">{t('review.title')}</h1>
        <dl className="facts">
          <div>
            <dt>{t('review.code')}</dt>
            <dd className="code" dir="ltr">
              {request.requestCode}
            </dd>
          </div>
          <div>
            <dt>{t('review.status')}</dt>
            <dd>
              <span className={`badge ${STATUS_TONE[request.statusName] ?? 'secondary'}`} data-testid="request-status" aria-live="polite">
                {t(`status.${request.statusName}`)}
              </span>
            </dd>
          </div>
        </dl>
        <p className="muted small">{t('review.live')}</p>
        {error !== null && <p className="field-error">{errorMessage(error, t)}</p>}
      </section>
      <section className="stack" aria-label={t('service.services')}>
        {request.requestDetails.map((line) => (
          <LineCard key={line.id} line={line} request={request} onChanged={reload} />
        ))}
      </section>
      {request.statusName === 'Completed' && <FeedbackForm request={request} onSent={reload} />}
      <button type="button" className="secondary" onClick={another}>
        {t('review.newRequest')}
      </button>
      <MyRequests navigate={navigate} current={request.id} />
    </div>
  );
}

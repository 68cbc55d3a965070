import { useTranslation } from 'react-i18next';
import type { RequestDetail, RequestLine } from '@shared';

const TONE: Record<string, string> = { Rejected: 'danger', Completed: 'primary' };

/** One service line as an expandable card; the phone is shown exactly as the guest gave it. */
export function LineCard({ line, request }: { line: RequestLine; request: RequestDetail }) {
  const { t } = useTranslation();
  return (
    <details className="panel line-card" data-testid="line-card">
      <summary>
        <span className="line-name">{line.serviceName}</span>
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
            {request.hotelName} · {t('review.roomN', { number: request.roomNumber })}
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
          <dd data-testid="line-reply">{line.reply || <span className="muted">{t('review.noReply')}</span>}</dd>
        </div>
      </dl>
    </details>
  );
}

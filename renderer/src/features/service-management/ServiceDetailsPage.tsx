import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { endpoints, type StaffServiceDetails, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { handleError } from '../../feedback/handle-error';
import { subscribeLive } from '../live/live-events';
import { DetailsHeading, Facts, PageState } from './DetailsLayout';
import { LineCard } from './LineCard';

/** /Admin/Service/Details/{id}: one service line with its actions and history. */
export function ServiceDetailsPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [data, setData] = useState<StaffServiceDetails>();
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    try {
      const answer = await call(endpoints.serviceDetails, { params: { id: Number(id) } });
      if (!answer?.serviceDetails) throw new Error('invalid');
      setData(answer);
    } catch (err) {
      handleError(err, t(err instanceof Error && err.message === 'invalid' ? 'p2.requests.invalid' : 'p2.requests.noDetails'));
    } finally {
      setLoading(false);
    }
  }, [id, t]);

  useEffect(() => {
    void load();
  }, [load, i18n.language]);
  useEffect(
    () =>
      subscribeLive(
        (event) => event.lineId === Number(id) && void load(),
        () => void load(),
      ),
    [id, load],
  );

  if (!data) return <PageState loading={loading} message={t('p2.requests.noDetails')} />;
  const s = data.serviceDetails;
  return (
    <section data-testid="service-details">
      <DetailsHeading title={t('p2.requests.lineHeading', { code: s.requestCode })} status={s.statusName} backTo={clientRoutes.serviceList} />
      <Facts
        heading={t('p2.requests.guestInfo')}
        facts={[
          [t('p2.requests.custName'), s.custName],
          [t('p2.requests.custEmail'), s.custEmail],
          [t('p2.requests.custPhone'), s.custPhone],
        ]}
      />
      <Facts heading={t('p2.requests.hotelInfo')} facts={[[t('p2.requests.hotel'), s.hotelName], [t('p2.requests.room'), s.roomNumber]]} />
      <LineCard line={s} departments={data.availableDepartments} workers={data.availableWorkers} onChanged={load} />
    </section>
  );
}

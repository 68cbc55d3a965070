import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { endpoints, type StaffServiceDetails, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useLiveDetails } from './use-live-details';
import { DetailsHeading, Facts, PageState } from './DetailsLayout';
import { LineCard } from './LineCard';

/** /Admin/Service/Details/{id}: one service line with its actions and history. */
export function ServiceDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, loading, reload: load } = useLiveDetails(
    keys.lineDetails(Number(id)),
    () => call(endpoints.serviceDetails, { params: { id: Number(id) } }),
    (answer: StaffServiceDetails) => !!answer.serviceDetails,
    (event) => event.lineId === Number(id),
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

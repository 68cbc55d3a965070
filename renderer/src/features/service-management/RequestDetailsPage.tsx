import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { endpoints, type StaffRequestDetails, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useLiveDetails } from './use-live-details';
import { DetailsHeading, Facts, PageState, ReviewPanel } from './DetailsLayout';
import { RoomHistoryLink } from '../reports/RoomHistoryLink';
import { LineCard } from './LineCard';
import { UnverifiedRoomNotice } from './UnverifiedRoom';

/** /Admin/Request/Details/{id}: the request, one card per line, the review; follows live changes. */
export function RequestDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, loading, reload: load } = useLiveDetails(
    keys.requestDetails(id),
    () => call(endpoints.requestDetails, { params: { id } }),
    (answer: StaffRequestDetails) => !!answer.requestDetails,
    (event) => event.requestId === id,
  );

  if (!data) return <PageState loading={loading} message={t('p2.requests.noDetails')} />;
  const r = data.requestDetails;
  return (
    <section data-testid="request-details">
      <DetailsHeading title={t('p2.requests.requestHeading', { code: r.requestCode })} status={r.statusName} backTo={clientRoutes.requestList} />
      <Facts
        heading={t('p2.requests.guestInfo')}
        facts={[
          [t('p2.requests.custName'), r.custName],
          [t('p2.requests.custEmail'), r.custEmail],
          [t('p2.requests.custPhone'), r.custPhone],
          [t('p2.requests.note'), r.note],
        ]}
      />
      <Facts heading={t('p2.requests.hotelInfo')} facts={[[t('p2.requests.hotel'), r.hotelName], [t('p2.requests.room'), r.roomNumber]]} />
      {data.roomVerified === false && <UnverifiedRoomNotice />}
      <p>
        <RoomHistoryLink roomId={r.roomId} roomNumber={r.roomNumber} />
      </p>
      {r.requestDetails.map((line) => (
        <LineCard key={line.id} line={line} departments={data.availableDepartments} onChanged={load} />
      ))}
      {r.rating !== null && <ReviewPanel rating={r.rating} review={r.review} />}
    </section>
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  clientRoutes,
  endpoints,
  type Language,
  type LineStatus,
  type LiveEvent,
  type Lookup,
  type RequestChannel,
  type RequestLine,
  type RequestStatus,
  type StaffRequestDetails,
  type StaffServiceDetails,
  type StaySummary,
} from '@shared';
import { ltrIn } from '@shared/display-names';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { RoomHistoryLink } from '../reports';
import { type Fact, Facts } from '../../ui/Facts';
import { DetailsHeading, PageState, ReviewPanel } from './DetailsLayout';
import { LineCard } from './LineCard';
import { fetchLineDetails } from './line-queries';
import { useLiveDetails } from './use-live-details';
import { UnverifiedRoomNotice } from './UnverifiedRoom';
import { StayFacts } from '../stays';
import { UnsentReplyGuard } from './UnsentReplyGuard';
import { TrackingQr } from '../desk-requests';
import './strings';

/** What one details page shows, whichever record it came from. */
interface Details {
  title: string;
  status: RequestStatus | LineStatus;
  guest: Fact[];
  hotelName: string;
  roomId: number;
  roomNumber: string;
  roomVerified?: boolean;
  lines: RequestLine[];
  departments: Lookup[];
  /** The service page has them with its answer; a request's cards fetch them per line. */
  workers?: Lookup[];
  review?: { rating: number; review: string | null };
  /** The guest's language: canned replies are offered in it. */
  guestLanguage?: Language;
  /** How the request reached the hotel (the request's page only). */
  channel?: RequestChannel;
  /** Filed at the desk: the guest's tracking link, shown as a QR to scan. */
  tracking?: { link: string; code: string };
  /** The guest's stay from the PMS the request was made in. */
  stay?: StaySummary | null;
}

/** What differs between the request and the service-line details; the page is the rest. */
interface DetailsKind<T> {
  testId: string;
  backTo: string;
  key(id: string): readonly unknown[];
  fetch(id: string): Promise<T>;
  /** An answer without its record is refused ('invalid'). */
  valid(answer: T): boolean;
  concerns(event: LiveEvent, id: string): boolean;
  /** The lines the page shows: their own reads (status history, workers) follow the page's. */
  lineIds(answer: T): number[];
  show(answer: T, t: TFunction, lang: Language): Details;
}

const guestFacts = (t: TFunction, r: { custName: string; custEmail: string; custPhone: string }): Details['guest'] => [
  [t('requests.custName'), r.custName],
  [t('requests.custEmail'), r.custEmail],
  [t('requests.custPhone'), r.custPhone, true],
];

const requestKind: DetailsKind<StaffRequestDetails> = {
  testId: 'request-details',
  backTo: clientRoutes.requestList,
  key: (id) => keys.requestDetails(id),
  fetch: (id) => call(endpoints.requestDetails, { params: { id } }),
  valid: (answer) => !!answer?.requestDetails,
  concerns: (event, id) => event.requestId === id,
  lineIds: (answer) => answer.requestDetails.requestDetails.map((line) => line.id),
  show: ({ requestDetails: r, availableDepartments, roomVerified, guestLanguage, channel, trackingLink, stay }, t, lang) => ({
    title: t('requests.requestHeading', { code: ltrIn(lang, r.requestCode) }),
    status: r.statusName,
    guest: [...guestFacts(t, r), [t('requests.note'), r.note]],
    hotelName: r.hotelName,
    roomId: r.roomId,
    roomNumber: r.roomNumber,
    roomVerified,
    lines: r.requestDetails,
    departments: availableDepartments,
    review: r.rating !== null ? { rating: r.rating, review: r.review } : undefined,
    guestLanguage,
    channel: channel ?? 'guest',
    // A guest who used their own page has the link already; one who called or came by gets it here.
    tracking: trackingLink && channel && channel !== 'guest' ? { link: trackingLink, code: r.requestCode } : undefined,
    stay,
  }),
};

const serviceKind: DetailsKind<StaffServiceDetails> = {
  testId: 'service-details',
  backTo: clientRoutes.serviceList,
  key: (id) => keys.lineDetails(Number(id)),
  fetch: (id) => fetchLineDetails(Number(id), true),
  valid: (answer) => !!answer?.serviceDetails,
  concerns: (event, id) => event.lineId === Number(id),
  lineIds: (answer) => [answer.serviceDetails.id],
  show: ({ serviceDetails: s, availableDepartments, availableWorkers, stay }, t, lang) => ({
    title: t('requests.lineHeading', { code: ltrIn(lang, s.requestCode) }),
    status: s.statusName,
    guest: guestFacts(t, s),
    hotelName: s.hotelName,
    roomId: s.roomId,
    roomNumber: s.roomNumber,
    lines: [s],
    departments: availableDepartments,
    workers: availableWorkers,
    guestLanguage: s.guestLanguage,
    stay,
  }),
};

/**
 * The one details page: the heading with Back to the list as it was, the
 * guest, the hotel and room, one card per service line, the review; it follows live
 * changes. /Admin/Request/Details/{id} shows a request, /Admin/Service/Details/{id} one line.
 */
function DetailsPage<T>({ kind }: { kind: DetailsKind<T> }) {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const { data, loading, reload } = useLiveDetails(
    kind.key(id),
    () => kind.fetch(id),
    (answer: T) => kind.valid(answer),
    (event) => kind.concerns(event, id),
    (answer: T) => kind.lineIds(answer),
  );
  if (!data) return <PageState loading={loading} message={t('requests.noDetails')} />;
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const d = kind.show(data, t, lang);
  return (
    <section data-testid={kind.testId}>
      <DetailsHeading title={d.title} status={d.status} backTo={kind.backTo} />
      <Facts heading={t('requests.guestInfo')} facts={d.guest} />
      {d.stay && <StayFacts stay={d.stay} lang={lang} />}
      <Facts
        heading={t('requests.hotelInfo')}
        facts={[
          [t('requests.hotel'), d.hotelName],
          [t('requests.room'), d.roomNumber, true],
          ...(d.channel ? [[t('lists.channel'), t(`lists.channels.${d.channel}`)] satisfies Fact] : []),
        ]}
      />
      {d.tracking && <TrackingQr link={d.tracking.link} code={d.tracking.code} />}
      {d.roomVerified === false && <UnverifiedRoomNotice />}
      <p>
        <RoomHistoryLink roomId={d.roomId} roomNumber={d.roomNumber} />
      </p>
      {d.lines.map((line) => (
        <LineCard key={line.id} line={line} departments={d.departments} workers={d.workers} guestLanguage={d.guestLanguage} onChanged={reload} />
      ))}
      {d.review && <ReviewPanel rating={d.review.rating} review={d.review.review} />}
      <UnsentReplyGuard />
    </section>
  );
}

export const RequestDetailsPage = () => <DetailsPage kind={requestKind} />;
export const ServiceDetailsPage = () => <DetailsPage kind={serviceKind} />;

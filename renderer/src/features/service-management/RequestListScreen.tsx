import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { REQUEST_STATUSES, clientRoutes, endpoints, type RequestListRow } from '@shared';
import { callPage } from '../../api/client';
import { keys, queryClient } from '../../api/query';
import { DataTable, TextCell, type TableColumn } from '../../table/DataTable';
import { dateColumn } from '../../table/date-column';
import { listQuery, parseListView, useListView } from '../../table/url-view';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { LiveControls } from '../live';
import { prefetchPage, usePagedLiveList, type PagedLiveSource } from '../../api/use-paged-live-list';
import { ListFilters, statusFilterName } from './ListFilters';
import { RequestAgeCell, ageMinutes, ageText } from './QueueCells';
import { CodeWithChannel } from './ChannelMark';
import { StatusBadge } from './StatusBadge';
import { RoomCell } from './UnverifiedRoom';
import { numberOrText } from '../../table/export-columns';
import { NewRequestButton } from '../desk-requests';
import './strings';
import { GuestCheckedOutBadge } from '../stays';
import { exportButton } from '../../ui/ExportButton';

// Stable across renders: ag-grid reads getRowId once.
const requestRowId = (r: RequestListRow) => r.id;

const SOURCE: PagedLiveSource<RequestListRow> = {
  root: keys.requests,
  fetchPage: (view) => callPage(endpoints.allRequests, { query: listQuery(view) }),
  rowId: requestRowId,
  requestIdOf: (r) => r.id,
};

/** The list's first page as it opens from the menu (no view in the URL), read right after sign-in. */
export const prefetchRequestList = (lang: string) => prefetchPage(queryClient, SOURCE, parseListView(new URLSearchParams(), REQUEST_STATUSES), lang);

/**
 * Guests Requests (SPEC §2): read-only, newest first, live. The server pages, sorts,
 * searches and filters; the view lives in the URL (?status= is what the Home
 * figures link to), so it survives opening a request and coming back.
 */
export function RequestListScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const location = useLocation();
  const [view, setView] = useListView(REQUEST_STATUSES);
  const { rows, total, totalCapped, loading, fresh, newCount, showNew, fetchAll } = usePagedLiveList(SOURCE, view);

  const columns = useMemo<TableColumn<RequestListRow>[]>(
    () => [
      {
        // The channel (a call, the desk, the guest's page) as an icon before the code: a column of its own would push Status out of view at 1366 px.
        id: 'code',
        header: t('requests.code'),
        value: (r) => r.code,
        render: (r) => <CodeWithChannel code={r.code} channel={r.channel} />,
        exportAlso: { header: t('lists.channel'), value: (r) => t(`lists.channels.${r.channel ?? 'guest'}`) },
        fitContent: true,
        ltr: true,
      },
      {
        id: 'custName',
        header: t('requests.custName'),
        value: (r) => r.custName,
        render: (r) => (
          <>
            <TextCell text={r.custName} /> <GuestCheckedOutBadge checkedOut={r.guestCheckedOut} />
          </>
        ),
        minWidth: 96,
      },
      { id: 'custPhone', header: t('requests.custPhone'), value: (r) => r.custPhone, fitContent: true, ltr: true },
      { id: 'hotelName', header: t('requests.hotel'), value: (r) => r.hotelName, minWidth: 90 },
      {
        id: 'roomNumber',
        header: t('requests.room'),
        value: (r) => (r.roomVerified === false ? `${r.roomNumber} · ${t('qrLinks.unverified')}` : r.roomNumber),
        render: (r) => <RoomCell number={r.roomNumber} verified={r.roomVerified} />,
        // A number Excel can sort and filter; the verification in its own column.
        exportValue: (r) => numberOrText(r.roomNumber),
        exportAlso: { header: t('lists.roomVerification'), value: (r) => (r.roomVerified === false ? t('qrLinks.unverified') : r.roomVerified ? t('lists.roomVerified') : '') },
        fitContent: true,
        ltr: true,
      },
      {
        id: 'services',
        header: t('lists.services'),
        value: (r) => r.services.join(lang === 'ar' ? '، ' : ', '),
        sortKey: false,
        // What the guest asked for is the row's telling part: on two lines, it takes most of the
        // room the other columns leave (the dates give some up by wrapping too), so Status stays
        // in view at 1366 px in Arabic; past two lines, the tooltip names them all.
        wrap: true,
        flex: 4,
        // Rows whose first service is the same would widen it past Status in Arabic.
        keepApart: false,
      },
      // The date over its time: the row is two lines high for the services anyway.
      dateColumn('createdAt', t('requests.createdAt'), (r) => r.createdAt, lang, { wrap: true }),
      {
        // The age of the request's oldest open line, coloured by its earliest due time (the tooltip names it).
        id: 'age',
        header: t('queue.age'),
        value: (r) => ageText(t, ageMinutes(r.oldestOpenAt, Date.now())),
        exportValue: (r) => ageMinutes(r.oldestOpenAt, Date.now()),
        render: (r) => <RequestAgeCell since={r.oldestOpenAt} dueAt={r.dueAt} isOverdue={r.isOverdue} />,
        sortKey: false,
        minWidth: 64,
      },
      dateColumn('updatedAt', t('requests.updatedAt'), (r) => r.updatedAt, lang, { wrap: true }),
      { id: 'statusName', header: t('requests.status'), value: (r) => t(`lineStatus.${r.statusName}`), render: (r) => <StatusBadge status={r.statusName} />, fitContent: true },
    ],
    [t, lang],
  );
  // The row itself opens too (a click or Enter); the pencil stays, as SPEC shows it.
  const open = (r: { id: string }) => navigate(clientRoutes.requestDetails(r.id), { state: { back: location.pathname + location.search } });
  const title = t('items.RequestList');
  return (
    <section data-testid="screen-RequestList">
      <ScreenHeader title={[title, statusFilterName(view, t)].filter(Boolean).join(' — ')}>
        <NewRequestButton />
        <LiveControls newCount={newCount} onShowNew={showNew} />
      </ScreenHeader>
      <Panel>
        <ListFilters view={view} statuses={REQUEST_STATUSES} onView={setView} />
        <DataTable
          rows={rows}
          columns={columns}
          rowName={(r) => r.code}
          onEdit={open}
          onOpen={open}
          loading={loading}
          renderExport={exportButton(title)}
          rowId={requestRowId}
          server={{ view, total, totalCapped, onView: setView, fresh, fetchAll }}
        />
      </Panel>
    </section>
  );
}

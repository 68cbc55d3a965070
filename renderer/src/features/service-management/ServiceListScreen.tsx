import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LINE_STATUSES, clientRoutes, endpoints, isClosed, type ServiceListRow } from '@shared';
import { callPage } from '../../api/client';
import { keys } from '../../api/query';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { dateColumn } from '../../table/date-column';
import { listQuery, useListView } from '../../table/url-view';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { NewRequestButton } from '../desk-requests';
import { LiveControls } from '../live';
import { usePagedLiveList, type PagedLiveSource } from '../../api/use-paged-live-list';
import { CodeWithChannel } from './ChannelMark';
import { DueBadge } from './DueBadge';
import { GuestUnreadBadge } from './GuestUnreadBadge';
import { GuestCheckedOutBadge } from '../stays';
import { ListFilters, statusFilterName } from './ListFilters';
import { AgeCell, ageMinutes, ageText, relativeDueText } from './QueueCells';
import { StatusBadge } from './StatusBadge';
import { excelDate } from '../../table/export-columns';
import { workerStep } from '../work-phones';
import { formatListDate } from '../../table/format';
import { numberOrText } from '../../table/export-columns';
import './strings';
import { exportButton } from '../../ui/ExportButton';

// Stable across renders: ag-grid reads getRowId once.
const lineRowId = (r: ServiceListRow) => String(r.id);

const SOURCE: PagedLiveSource<ServiceListRow> = {
  root: keys.lines,
  fetchPage: (view) => callPage(endpoints.allServicesRequest, { query: listQuery(view) }),
  rowId: lineRowId,
  requestIdOf: (r) => r.requestId,
};

/** An open line's age counts from its creation (the guest has waited since). */
const openSince = (r: ServiceListRow) => (isClosed(r.statusName) ? null : r.createdAt);

/** Services List (SPEC §2): one row per service line the user's departments handle, live, paged by the server. */
export function ServiceListScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const location = useLocation();
  const [view, setView] = useListView(LINE_STATUSES);
  const { rows, total, totalCapped, loading, fresh, newCount, showNew, fetchAll } = usePagedLiveList(SOURCE, view);

  const columns = useMemo<TableColumn<ServiceListRow>[]>(
    () => [
      {
        // Its request's channel as an icon before the code, as on Guests Requests.
        id: 'requestHeaderCode',
        header: t('requests.code'),
        value: (r) => r.requestHeaderCode,
        render: (r) => <CodeWithChannel code={r.requestHeaderCode} channel={r.channel} />,
        exportAlso: { header: t('lists.channel'), value: (r) => t(`lists.channels.${r.channel ?? 'guest'}`) },
        fitContent: true,
        ltr: true,
      },
      {
        id: 'serviceName',
        header: t('requests.service'),
        value: (r) => r.serviceName,
        render: (r) => (
          <>
            {r.serviceName} <GuestUnreadBadge unread={r.guestUnread} /> <GuestCheckedOutBadge checkedOut={r.guestCheckedOut} />
          </>
        ),
      },
      { id: 'departmentName', header: t('requests.department'), value: (r) => r.departmentName ?? '' },
      { id: 'hotelName', header: t('requests.hotel'), value: (r) => r.hotelName },
      { id: 'roomNumber', header: t('requests.room'), value: (r) => r.roomNumber, exportValue: (r) => numberOrText(r.roomNumber), fitContent: true, ltr: true },
      dateColumn('createdAt', t('requests.createdAt'), (r) => r.createdAt, lang),
      {
        // How long the guest has waited on an open line; nothing once it is closed.
        id: 'age',
        header: t('queue.age'),
        value: (r) => ageText(t, ageMinutes(openSince(r), Date.now())),
        exportValue: (r) => ageMinutes(openSince(r), Date.now()),
        render: (r) => <AgeCell since={openSince(r)} />,
        sortKey: false,
        fitContent: true,
      },
      {
        // The next promise, plain, amber from 75% of its time, red once passed, following the clock.
        id: 'dueAt',
        header: t('queue.due'),
        value: (r) => relativeDueText(t, r.dueAt, Date.now()),
        // The clock time where the user is, as every other exported date (a Date alone reads as UTC in Excel).
        exportValue: (r) => excelDate(r.dueAt),
        render: (r) => <DueBadge line={r} compact />,
        sortKey: false,
        fitContent: true,
        // The text moves with the clock ("in 9 min" becomes "late 1 h 12 min") and sits in a badge's padding: room for the longer forms.
        minWidth: 150,
      },
      {
        // The worker's Accept or Start on a phone, who and when; live events re-read the page.
        id: 'workerStep',
        header: t('phones.stepColumn'),
        value: (r) => {
          const step = workerStep(r);
          return step ? `${t(step.key, { worker: step.worker })}, ${formatListDate(step.at, lang)}` : '';
        },
        sortKey: false,
      },
      dateColumn('updatedAt', t('requests.updatedAt'), (r) => r.updatedAt, lang),
      { id: 'statusName', header: t('requests.status'), value: (r) => t(`lineStatus.${r.statusName}`), render: (r) => <StatusBadge status={r.statusName} />, fitContent: true },
    ],
    [t, lang],
  );
  // The row itself opens too (a click or Enter); the pencil stays, as SPEC shows it.
  const open = (r: { id: number }) => navigate(clientRoutes.serviceDetails(r.id), { state: { back: location.pathname + location.search } });
  const title = view.mine ? t('queue.myQueue') : t('items.ServiceList');
  return (
    <section data-testid="screen-ServiceList">
      <ScreenHeader title={[title, statusFilterName(view, t)].filter(Boolean).join(' — ')}>
        <NewRequestButton />
        <LiveControls newCount={newCount} onShowNew={showNew} />
      </ScreenHeader>
      <Panel>
        <ListFilters view={view} statuses={LINE_STATUSES} onView={setView} queue />
        <DataTable
          rows={rows}
          columns={columns}
          rowName={(r) => `${r.requestHeaderCode} ${r.serviceName}`}
          onEdit={open}
          onOpen={open}
          loading={loading}
          renderExport={exportButton(title)}
          rowId={lineRowId}
          server={{ view, total, totalCapped, onView: setView, fresh, fetchAll }}
        />
      </Panel>
    </section>
  );
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { REQUEST_STATUSES, endpoints, type RequestListRow, type RequestStatus, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { formatDate } from '../../table/format';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { LiveControls } from '../live/LiveControls';
import { StatusBadge } from './StatusBadge';
import { useLiveRows } from './use-live-rows';

// Stable across renders: ag-grid reads getRowId once.
const requestRowId = (r: RequestListRow) => r.id;

/** Guests Requests (SPEC §2): read-only, newest first, live; ?status= narrows it (the Home figures link here). */
export function RequestListScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = REQUEST_STATUSES.find((s) => s === params.get('status')) as RequestStatus | undefined;
  const { rows, loading, newCount } = useLiveRows<RequestListRow>(
    {
      fetch: (search) => call(endpoints.allRequests, { query: { status, ...(search ? { search, pageSize: 50, page: 0 } : {}) } }),
      // An event names its request: its row comes from the request's own details (a key lookup), not a search.
      fetchOne: async (id) => {
        const { requestDetails: r } = await call(endpoints.requestDetails, { params: { id } });
        const row = { id: r.id, code: r.requestCode, custName: r.custName, custPhone: r.custPhone, hotelName: r.hotelName, roomNumber: r.roomNumber, createdAt: r.createdAt, updatedAt: r.updatedAt, statusName: r.statusName };
        return status && row.statusName !== status ? [] : [row];
      },
      codeOf: (r) => r.code,
      updatedAt: (r) => r.updatedAt,
    },
    `${lang}/${status ?? ''}`,
  );
  const columns = useMemo<TableColumn<RequestListRow>[]>(
    () => [
      { id: 'code', header: t('p2.requests.code'), value: (r) => r.code },
      { id: 'custName', header: t('p2.requests.custName'), value: (r) => r.custName },
      { id: 'custPhone', header: t('p2.requests.custPhone'), value: (r) => r.custPhone },
      { id: 'hotelName', header: t('p2.requests.hotel'), value: (r) => r.hotelName },
      { id: 'roomNumber', header: t('p2.requests.room'), value: (r) => r.roomNumber, flex: 0.7 },
      { id: 'createdAt', header: t('p2.requests.createdAt'), value: (r) => formatDate(r.createdAt, lang) },
      { id: 'updatedAt', header: t('p2.requests.updatedAt'), value: (r) => formatDate(r.updatedAt, lang) },
      { id: 'statusName', header: t('p2.requests.status'), value: (r) => t(`p2.status.${r.statusName}`), render: (r) => <StatusBadge status={r.statusName} /> },
    ],
    [t, lang],
  );
  const title = t('items.RequestList');
  return (
    <section data-testid="screen-RequestList">
      <ScreenHeader title={status ? `${title} — ${t(`p2.status.${status}`)}` : title}>
        <LiveControls newCount={newCount} />
      </ScreenHeader>
      <Panel>
        <DataTable rows={rows} columns={columns} rowName={(r) => r.code} onEdit={(r) => navigate(clientRoutes.requestDetails(r.id))} loading={loading} exportName={title} rowId={requestRowId} />
      </Panel>
    </section>
  );
}

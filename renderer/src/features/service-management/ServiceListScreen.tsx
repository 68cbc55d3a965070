import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LINE_STATUSES, endpoints, type LineStatus, type ServiceListRow, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { formatDate } from '../../table/format';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { LiveControls } from '../live/LiveControls';
import { StatusBadge } from './StatusBadge';
import { useLiveRows } from './use-live-rows';

// Stable across renders: ag-grid reads getRowId once.
const lineRowId = (r: ServiceListRow) => String(r.id);

/** Services List (SPEC §2): one row per service line the user's departments handle, live. */
export function ServiceListScreen() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = LINE_STATUSES.find((s) => s === params.get('status')) as LineStatus | undefined;
  const { rows, loading, newCount } = useLiveRows<ServiceListRow>(
    {
      fetch: (search) => call(endpoints.allServicesRequest, { query: { status, ...(search ? { search, pageSize: 100, page: 0 } : {}) } }),
      codeOf: (r) => r.requestHeaderCode,
      updatedAt: (r) => r.updatedAt,
    },
    `${lang}/${status ?? ''}`,
  );
  const columns = useMemo<TableColumn<ServiceListRow>[]>(
    () => [
      { id: 'requestHeaderCode', header: t('p2.requests.code'), value: (r) => r.requestHeaderCode },
      { id: 'serviceName', header: t('p2.requests.service'), value: (r) => r.serviceName },
      { id: 'departmentName', header: t('p2.requests.department'), value: (r) => r.departmentName ?? '' },
      { id: 'hotelName', header: t('p2.requests.hotel'), value: (r) => r.hotelName },
      { id: 'roomNumber', header: t('p2.requests.room'), value: (r) => r.roomNumber, flex: 0.7 },
      { id: 'createdAt', header: t('p2.requests.createdAt'), value: (r) => formatDate(r.createdAt, lang) },
      { id: 'updatedAt', header: t('p2.requests.updatedAt'), value: (r) => formatDate(r.updatedAt, lang) },
      { id: 'statusName', header: t('p2.requests.status'), value: (r) => t(`p2.status.${r.statusName}`), render: (r) => <StatusBadge status={r.statusName} /> },
    ],
    [t, lang],
  );
  const title = t('items.ServiceList');
  return (
    <section data-testid="screen-ServiceList">
      <ScreenHeader title={status ? `${title} — ${t(`p2.status.${status}`)}` : title}>
        <LiveControls newCount={newCount} />
      </ScreenHeader>
      <Panel>
        <DataTable rows={rows} columns={columns} rowName={(r) => `${r.requestHeaderCode} ${r.serviceName}`} onEdit={(r) => navigate(clientRoutes.serviceDetails(r.id))} loading={loading} exportName={title} rowId={lineRowId} />
      </Panel>
    </section>
  );
}

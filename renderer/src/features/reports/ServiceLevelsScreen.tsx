import './strings';
import { Body1, Dropdown, Field, Option, makeStyles } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_LEVEL_GROUPS, endpoints, type ServiceLevelGroup, type ServiceLevelRow, type ServiceLevels } from '@shared';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { wallClock } from '../../table/export-columns';
import { ReportFilters, type ReportFilterValues } from './ReportFilters';
import ServiceLevelCharts, { type BarGroup } from './ServiceLevelCharts';
import { localDay, periodQuery, presetPeriod } from './report-period';
import { useReport } from './use-report';
import { exportButton } from '../../ui/ExportButton';

const useStyles = makeStyles({ total: { display: 'block', marginBottom: '8px' }, select: { minWidth: '160px' } });

/** Service levels: filters, the three charts, and the table by the chosen grouping. */
export function ServiceLevelsScreen() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [filters, setFilters] = useState<ReportFilterValues>({ period: presetPeriod('days7') });
  const [groupBy, setGroupBy] = useState<ServiceLevelGroup>('department');
  const [barGroup, setBarGroup] = useState<BarGroup>('department');
  const base = useMemo(
    () => ({ ...periodQuery(filters.period), hotelId: filters.hotelId, departmentId: filters.departmentId }),
    [filters],
  );
  const error = t('reports.levels.loadError');
  // The table, the daily trend and the bars are three groupings of the same lines; one call serves two when they match.
  const table = useReport<typeof endpoints.serviceLevels, ServiceLevels>(endpoints.serviceLevels, { ...base, groupBy }, error);
  const trend = useReport<typeof endpoints.serviceLevels, ServiceLevels>(endpoints.serviceLevels, groupBy === 'day' ? undefined : { ...base, groupBy: 'day' }, error);
  const bars = useReport<typeof endpoints.serviceLevels, ServiceLevels>(endpoints.serviceLevels, groupBy === barGroup ? undefined : { ...base, groupBy: barGroup }, error);
  const days = groupBy === 'day' ? table.data : trend.data;
  const groups = groupBy === barGroup ? table.data : bars.data;

  const lang = i18n.language;
  const columns = useMemo<TableColumn<ServiceLevelRow>[]>(() => {
    const none = t('reports.levels.none');
    const dayName = (key: string) => new Intl.DateTimeFormat(lang === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium' }).format(localDay(key));
    const num = (id: string, header: string, value: (r: ServiceLevelRow) => number | null) => ({ id, header, value, flex: 1 });
    return [
      {
        id: 'name',
        header: t(`reports.groups.${groupBy}`),
        flex: 2,
        value: (r) => (groupBy === 'day' ? r.key : (r.name ?? none)),
        render: (r) => (groupBy === 'day' ? dayName(r.key) : (r.name ?? none)),
        exportValue: (r) => (groupBy === 'day' ? wallClock(localDay(r.key)) : (r.name ?? none)),
      },
      num('lines', t('reports.levels.lines'), (r) => r.lines),
      num('completed', t('reports.levels.completed'), (r) => r.completed),
      num('rejected', t('reports.levels.rejected'), (r) => r.rejected),
      num('ackP50', t('reports.levels.ackP50'), (r) => r.acknowledgeP50Minutes),
      num('ackP90', t('reports.levels.ackP90'), (r) => r.acknowledgeP90Minutes),
      num('completeP50', t('reports.levels.completeP50'), (r) => r.completeP50Minutes),
      num('completeP90', t('reports.levels.completeP90'), (r) => r.completeP90Minutes),
      num('onTime', t('reports.levels.onTime'), (r) => r.onTimePercent),
      num('averageRating', t('reports.levels.averageRating'), (r) => r.averageRating),
      num('ratings', t('reports.levels.ratings'), (r) => r.ratings),
    ];
  }, [t, lang, groupBy]);

  const title = t('reports.levels.title');
  const total = table.data?.total;
  const dash = t('reports.levels.noValue');
  return (
    <section data-testid="screen-ServiceLevels">
      <ScreenHeader title={title} />
      <Panel>
        <ReportFilters value={filters} onChange={setFilters}>
          <Field label={t('reports.filters.groupBy')}>
            <Dropdown
              className={styles.select}
              value={t(`reports.groups.${groupBy}`)}
              selectedOptions={[groupBy]}
              onOptionSelect={(_, d) => setGroupBy(d.optionValue as ServiceLevelGroup)}
              data-testid="group-by"
            >
              {SERVICE_LEVEL_GROUPS.map((g) => (
                <Option key={g} value={g}>
                  {t(`reports.groups.${g}`)}
                </Option>
              ))}
            </Dropdown>
          </Field>
        </ReportFilters>
      </Panel>
      {days && groups && table.data && (
        <ServiceLevelCharts days={days.rows} groups={groups.rows} barGroup={barGroup} onBarGroup={setBarGroup} ratingDistribution={table.data.ratingDistribution} />
      )}
      <Panel>
        {total && (
          <Body1 className={styles.total} data-testid="report-total">
            {t('reports.levels.total', {
              lines: total.lines,
              completed: total.completed,
              p50: total.completeP50Minutes ?? dash,
              rating: total.averageRating ?? dash,
            })}
          </Body1>
        )}
        {table.data?.recovery && (
          <Body1 className={styles.total} data-testid="report-recovered">
            {t('reports.recovery.recovered', { recovered: table.data.recovery.recovered, followUps: table.data.recovery.followUps })}
          </Body1>
        )}
        <DataTable rows={table.data?.rows ?? []} columns={columns} rowName={(r) => r.name ?? r.key} loading={table.loading} renderExport={exportButton(title)} rowId={(r) => r.key} />
      </Panel>
    </section>
  );
}

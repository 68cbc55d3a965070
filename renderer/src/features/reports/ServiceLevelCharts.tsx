import './strings';
import { LineChart, VerticalBarChart, type LineChartPoints, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { Body1, Card, Dropdown, Option, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceLevelRow } from '@shared';
import { useWithoutFocusGroups } from '../../ui/use-without-focus-groups';
import { localDay } from './report-period';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(380px, 1fr))', gap: '16px', marginBottom: '16px' },
  card: { padding: '16px', minWidth: 0 },
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  figure: { margin: 0 },
  empty: { color: tokens.colorNeutralForeground3, paddingBlock: '40px', textAlign: 'center' },
});

const HEIGHT = 260;

/** A chart in a card: its caption is its accessible name, and an empty period says so instead of drawing axes. */
function ChartCard({ title, testId, empty, tools, children }: { title: string; testId: string; empty: boolean; tools?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const id = `${testId}-title`;
  const figure = useRef<HTMLElement>(null);
  useWithoutFocusGroups(figure);
  return (
    <Card className={styles.card}>
      <div className={styles.head}>
        <Title3 as="h2" id={id}>
          {title}
        </Title3>
        {tools}
      </div>
      <figure ref={figure} className={styles.figure} role="group" aria-labelledby={id} data-testid={testId}>
        {empty ? <Body1 className={styles.empty}>{t('reports.charts.empty')}</Body1> : children}
      </figure>
    </Card>
  );
}

export type BarGroup = 'department' | 'worker';

export interface ServiceLevelChartsProps {
  days: ServiceLevelRow[];
  groups: ServiceLevelRow[];
  barGroup: BarGroup;
  onBarGroup(group: BarGroup): void;
  ratingDistribution: number[];
}

/** The trend per day, lines by department or worker, and the rating distribution (Fluent UI charts, mirrored under dir=rtl). */
export default function ServiceLevelCharts({ days, groups, barGroup, onBarGroup, ratingDistribution }: ServiceLevelChartsProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const culture = i18n.language === 'ar' ? 'ar-EG' : 'en-GB';
  const colours = [tokens.colorPaletteBlueForeground2, tokens.colorPaletteDarkOrangeForeground2, tokens.colorPaletteGreenForeground2];

  const trend: LineChartPoints[] = [
    { legend: t('reports.charts.trendLines'), color: colours[0], data: days.map((d) => ({ x: localDay(d.key), y: d.lines })) },
    {
      legend: t('reports.charts.trendComplete'),
      color: colours[1],
      useSecondaryYScale: true,
      data: days.filter((d) => d.completeP50Minutes !== null).map((d) => ({ x: localDay(d.key), y: d.completeP50Minutes! })),
    },
  ];
  const none = t('reports.levels.none');
  const bars: VerticalBarChartDataPoint[] = groups.map((g) => ({ x: g.name ?? none, y: g.lines, legend: g.name ?? none, color: colours[0] }));
  const ratings: VerticalBarChartDataPoint[] = ratingDistribution.map((n, i) => ({
    x: String(i + 1),
    y: n,
    legend: t('reports.charts.rating', { rating: i + 1 }),
    color: colours[2],
  }));
  const groupName = t(`reports.groups.${barGroup}`);

  return (
    <div className={styles.grid}>
      <ChartCard title={t('reports.charts.trend')} testId="chart-trend" empty={days.length === 0}>
        <LineChart
          data={{ chartTitle: t('reports.charts.trend'), lineChartData: trend }}
          height={HEIGHT}
          culture={culture}
          yAxisTitle={t('reports.charts.trendLines')}
          secondaryYAxistitle={t('reports.charts.trendComplete')}
          secondaryYScaleOptions={{ yMinValue: 0 }}
          dateLocalizeOptions={{ day: 'numeric', month: 'short' }}
          margins={{ left: 60, right: 60, top: 20, bottom: 35 }}
        />
      </ChartCard>
      <ChartCard
        title={t('reports.charts.byGroup', { group: groupName })}
        testId="chart-groups"
        empty={groups.length === 0}
        tools={
          <Dropdown
            aria-label={t('reports.filters.groupBy')}
            value={groupName}
            selectedOptions={[barGroup]}
            onOptionSelect={(_, d) => onBarGroup(d.optionValue as BarGroup)}
            data-testid="bar-group"
          >
            <Option value="department">{t('reports.groups.department')}</Option>
            <Option value="worker">{t('reports.groups.worker')}</Option>
          </Dropdown>
        }
      >
        <VerticalBarChart
          data={bars}
          chartTitle={t('reports.charts.byGroup', { group: groupName })}
          height={HEIGHT}
          culture={culture}
          hideLegend
          // Names drawn at 45°: wrapped side by side, some were dropped where they would overlap (every bar must be named).
          rotateXAxisLables
          yAxisTitle={t('reports.levels.lines')}
        />
      </ChartCard>
      <ChartCard title={t('reports.charts.ratings')} testId="chart-ratings" empty={ratingDistribution.every((n) => n === 0)}>
        <VerticalBarChart data={ratings} chartTitle={t('reports.charts.ratings')} height={HEIGHT} culture={culture} hideLegend yAxisTitle={t('reports.charts.ratingCount')} />
      </ChartCard>
    </div>
  );
}

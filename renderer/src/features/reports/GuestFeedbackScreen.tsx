import './strings';
import { Badge, Button, Dropdown, Field, Option, makeStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { RATING_MAX, RATING_MIN, clientRoutes, endpoints, type GuestFeedbackRow } from '@shared';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { formatDate } from '../../table/format';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { wallClock } from '../../table/export-columns';
import { ReportFilters, type ReportFilterValues } from './ReportFilters';
import { periodQuery, presetPeriod } from './report-period';
import { useReport } from './use-report';
import { FollowUpDialog } from './FollowUpDialog';
import { hasClaim, sessionAtom } from '../../session/session';
import { exportButton } from '../../ui/ExportButton';

const useStyles = makeStyles({ select: { minWidth: '110px' }, followUp: { display: 'flex', gap: '6px', alignItems: 'center', flexWrap: 'wrap' } });
const RECOVERY_COLOURS = { open: 'danger', contacted: 'warning', resolved: 'success' } as const;
const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

function RatingFilter({ label, value, onChange, testId }: { label: string; value?: number; onChange(v?: number): void; testId: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Field label={label}>
      <Dropdown
        className={styles.select}
        value={value ? String(value) : t('reports.filters.any')}
        selectedOptions={[value ? String(value) : '']}
        onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : undefined)}
        data-testid={testId}
      >
        <Option value="">{t('reports.filters.any')}</Option>
        {RATINGS.map((r) => (
          <Option key={r} value={String(r)}>
            {String(r)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/**
 * Guest feedback: the reviews of a period, by rating range and hotel, exportable; a low
 * rating carries its service-recovery follow-up, which a duty manager moves on here.
 */
export function GuestFeedbackScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const styles = useStyles();
  const mayFollowUp = hasClaim(useAtomValue(sessionAtom), 'Reports.Guest Feedback.Follow Up');
  const [editing, setEditing] = useState<GuestFeedbackRow>();
  const [filters, setFilters] = useState<ReportFilterValues>({ period: presetPeriod('days30') });
  const [rating, setRating] = useState<{ min?: number; max?: number }>({});
  const query = useMemo(() => {
    const { from, to } = periodQuery(filters.period);
    return { from, to, hotelId: filters.hotelId, minRating: rating.min, maxRating: rating.max };
  }, [filters, rating]);
  const { data, loading } = useReport<typeof endpoints.guestFeedback, GuestFeedbackRow[]>(endpoints.guestFeedback, query, t('reports.feedback.loadError'));

  const lang = i18n.language;
  const columns = useMemo<TableColumn<GuestFeedbackRow>[]>(
    () => [
      {
        id: 'reviewedAt',
        header: t('reports.feedback.reviewedAt'),
        value: (r) => r.reviewedAt,
        render: (r) => formatDate(r.reviewedAt, lang),
        exportValue: (r) => wallClock(r.reviewedAt),
      },
      { id: 'rating', header: t('reports.feedback.rating'), value: (r) => r.rating, flex: 0.6 },
      { id: 'guest', header: t('reports.recovery.guest'), value: (r) => r.custName ?? '', flex: 1.2 },
      {
        id: 'followUp',
        header: t('reports.recovery.column'),
        flex: 1.6,
        value: (r) => (r.followUp ? t(`reports.recovery.statuses.${r.followUp.status}`) : ''),
        exportValue: (r) => (r.followUp ? [t(`reports.recovery.statuses.${r.followUp.status}`), r.followUp.followerName, r.followUp.note].filter(Boolean).join(' — ') : ''),
        render: (r) =>
          r.followUp && (
            <span className={styles.followUp} data-testid={`follow-up-${r.requestId}`}>
              <Badge appearance="tint" color={RECOVERY_COLOURS[r.followUp.status]}>
                {t(`reports.recovery.statuses.${r.followUp.status}`)}
              </Badge>
              {r.followUp.followerName && <span>{r.followUp.followerName}</span>}
              {r.followUp.note && (
                <span dir="auto" title={r.followUp.note}>
                  {r.followUp.note.length > 40 ? `${r.followUp.note.slice(0, 40)}…` : r.followUp.note}
                </span>
              )}
              {mayFollowUp && r.followUp.status !== 'resolved' && (
                <Button size="small" onClick={() => setEditing(r)}>
                  {t('reports.recovery.followUp')}
                </Button>
              )}
            </span>
          ),
      },
      { id: 'review', header: t('reports.feedback.review'), value: (r) => r.review, flex: 3 },
      { id: 'hotel', header: t('reports.feedback.hotel'), value: (r) => r.hotelName, flex: 1.5 },
      {
        id: 'room',
        header: t('reports.feedback.room'),
        value: (r) => r.roomNumber,
        flex: 0.8,
        render: (r) => <Link to={clientRoutes.roomHistory(r.roomId)}>{r.roomNumber}</Link>,
      },
      { id: 'departments', header: t('reports.feedback.departments'), value: (r) => r.departments.join(lang === 'ar' ? '، ' : ', '), flex: 1.5 },
      { id: 'services', header: t('reports.recovery.services'), value: (r) => (r.services ?? []).join(lang === 'ar' ? '، ' : ', '), flex: 1.5 },
      {
        id: 'request',
        header: t('reports.feedback.request'),
        value: (r) => r.requestCode,
        render: (r) => <Link to={clientRoutes.requestDetails(r.requestId)}>{r.requestCode}</Link>,
      },
    ],
    [t, lang, styles, mayFollowUp],
  );
  const title = t('reports.feedback.title');
  return (
    <section data-testid="screen-GuestFeedback">
      <ScreenHeader title={title} />
      <Panel>
        <ReportFilters value={filters} onChange={setFilters} department={false}>
          <RatingFilter label={t('reports.filters.minRating')} value={rating.min} onChange={(min) => setRating((r) => ({ min, max: min && r.max && r.max < min ? min : r.max }))} testId="rating-min" />
          <RatingFilter label={t('reports.filters.maxRating')} value={rating.max} onChange={(max) => setRating((r) => ({ max, min: max && r.min && r.min > max ? max : r.min }))} testId="rating-max" />
        </ReportFilters>
      </Panel>
      <Panel>
        <DataTable
          rows={data ?? []}
          columns={columns}
          rowName={(r) => r.requestCode}
          onOpen={(r) => navigate(clientRoutes.requestDetails(r.requestId))}
          loading={loading}
          renderExport={exportButton(title)}
          rowId={(r) => r.requestId}
        />
      </Panel>
      {editing?.followUp && <FollowUpDialog row={editing} followUp={editing.followUp} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

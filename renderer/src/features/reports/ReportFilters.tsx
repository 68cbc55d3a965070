import './strings';
import { Dropdown, Field, Input, Option, ToggleButton, makeStyles } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lookup } from '@shared';
import { useLookup } from '../../api/use-lookups';
import { PRESETS, type Period, presetOf, presetPeriod } from './report-period';

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '12px' },
  presets: { display: 'flex', gap: '6px', flexWrap: 'wrap' },
  select: { minWidth: '180px' },
});

export interface ReportFilterValues {
  period: Period;
  hotelId?: number;
  departmentId?: number;
}

function LookupFilter({ label, all, items, value, onChange, testId }: { label: string; all: string; items: Lookup[]; value?: number; onChange(id?: number): void; testId: string }) {
  const styles = useStyles();
  const selected = items.find((i) => i.id === value);
  return (
    <Field label={label}>
      <Dropdown
        className={styles.select}
        data-testid={testId}
        value={selected?.name ?? all}
        selectedOptions={[value ? String(value) : '']}
        onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : undefined)}
      >
        <Option value="">{all}</Option>
        {items.map((i) => (
          <Option key={i.id} value={String(i.id)}>
            {i.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/** Period (presets or two days), hotel and, where it applies, department; `children` adds a screen's own filters. */
export function ReportFilters({ value, onChange, department = true, children }: { value: ReportFilterValues; onChange(v: ReportFilterValues): void; department?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // The select data every screen shares (keys.lookup): a failure leaves the list empty (SPEC §8: select data fails silently).
  const hotels = useLookup('hotels');
  const departments = useLookup('departments', { enabled: department });
  const active = presetOf(value.period);
  const setDay = (key: keyof Period, day: string) => {
    if (!day) return;
    const period = { ...value.period, [key]: day };
    // A range that runs backwards becomes the single day just chosen.
    if (period.fromDay > period.toDay) period[key === 'fromDay' ? 'toDay' : 'fromDay'] = day;
    onChange({ ...value, period });
  };
  return (
    <div className={styles.bar} data-testid="report-filters">
      <Field label={t('reports.period.label')}>
        <div className={styles.presets} role="group" aria-label={t('reports.period.label')}>
          {PRESETS.map((p) => (
            <ToggleButton key={p} checked={active === p} onClick={() => onChange({ ...value, period: presetPeriod(p) })} data-testid={`preset-${p}`}>
              {t(`reports.period.${p}`)}
            </ToggleButton>
          ))}
        </div>
      </Field>
      <Field label={t('reports.period.from')}>
        <Input type="date" value={value.period.fromDay} onChange={(_, d) => setDay('fromDay', d.value)} data-testid="period-from" />
      </Field>
      <Field label={t('reports.period.to')}>
        <Input type="date" value={value.period.toDay} onChange={(_, d) => setDay('toDay', d.value)} data-testid="period-to" />
      </Field>
      <LookupFilter
        label={t('reports.filters.hotel')}
        all={t('reports.filters.allHotels')}
        items={hotels}
        value={value.hotelId}
        onChange={(hotelId) => onChange({ ...value, hotelId })}
        testId="filter-hotel"
      />
      {department && (
        <LookupFilter
          label={t('reports.filters.department')}
          all={t('reports.filters.allDepartments')}
          items={departments}
          value={value.departmentId}
          onChange={(departmentId) => onChange({ ...value, departmentId })}
          testId="filter-department"
        />
      )}
      {children}
    </div>
  );
}

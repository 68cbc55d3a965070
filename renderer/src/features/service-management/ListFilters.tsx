import { Button, Dropdown, Field, Input, Option, Switch, ToggleButton, Tooltip, makeStyles } from '@fluentui/react-components';
import { DismissRegular, PersonClockRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Lookup } from '@shared';
import type { ListView } from '../../table/url-view';
import { useLookup } from '../../api/use-lookups';
import './strings';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: '12px', alignItems: 'flex-end', flexWrap: 'wrap', marginBottom: '12px' },
  pick: { minWidth: '160px' },
});

/** The status list's values for "still to do" and "waiting to be acknowledged" (no status has these spellings). */
const TO_DO = '@open';
const WAITING = '@waiting';
/** Every filter of this bar: what "Clear filters" clears, and what makes it show. */
const FILTERS = ['status', 'open', 'waiting', 'hotelId', 'departmentId', 'from', 'to', 'overdue', 'mine', 'scheduled'] as const satisfies readonly (keyof ListView)[];
const NO_FILTERS = Object.fromEntries(FILTERS.map((name) => [name, undefined])) as Partial<ListView>;

/** What the status filter of a view shows (also beside the screen's title); undefined when it is off. */
export function statusFilterName(view: ListView, t: TFunction): string | undefined {
  if (view.open) return t('lists.toDo');
  if (view.waiting) return t('lists.waiting');
  return view.status ? t(`lineStatus.${view.status}` as 'lineStatus.Open') : undefined;
}

/**
 * Status, hotel, department, creation-day and overdue filters of a staff list,
 * and on the Services list "My queue"; every change goes back to page 1.
 */
export function ListFilters({
  view,
  statuses,
  onView,
  queue = false,
}: {
  view: ListView;
  statuses: readonly string[];
  onView(next: Partial<ListView>): void;
  /** Offer "My queue" (the Services list). */
  queue?: boolean;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const hotels = useLookup('hotels');
  const departments = useLookup('departments');
  const set = (next: Partial<ListView>) => onView({ ...next, page: 0 });
  const any = t('lists.any');
  const filtered = FILTERS.some((name) => view[name]);
  // "Still to do" (Open or Assigned) and "waiting to be acknowledged" are more choices of the status list, each kept as its own filter in the URL.
  const statusText = statusFilterName(view, t) ?? any;
  const statusValue = view.open ? TO_DO : view.waiting ? WAITING : (view.status ?? '');
  const pickStatus = (value: string | undefined) =>
    set({
      open: value === TO_DO || undefined,
      waiting: value === WAITING || undefined,
      status: value && value !== TO_DO && value !== WAITING ? value : undefined,
    });

  return (
    <div className={styles.bar} role="group" aria-label={t('lists.filters')} data-testid="list-filters">
      <Field label={t('lists.status')}>
        <Dropdown
          className={styles.pick}
          value={statusText}
          selectedOptions={[statusValue]}
          onOptionSelect={(_, d) => pickStatus(d.optionValue)}
        >
          <Option value="">{any}</Option>
          <Option value={TO_DO}>{t('lists.toDo')}</Option>
          <Option value={WAITING}>{t('lists.waiting')}</Option>
          {statuses.map((s) => (
            <Option key={s} value={s}>
              {t(`lineStatus.${s}` as 'lineStatus.Open')}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <LookupFilter label={t('lists.hotel')} options={hotels} value={view.hotelId} any={any} onChange={(hotelId) => set({ hotelId })} />
      <LookupFilter label={t('lists.department')} options={departments} value={view.departmentId} any={any} onChange={(departmentId) => set({ departmentId })} />
      <Field label={t('lists.from')}>
        <Input type="date" value={view.from ?? ''} max={view.to} onChange={(_, d) => set({ from: d.value || undefined })} />
      </Field>
      <Field label={t('lists.to')}>
        <Input type="date" value={view.to ?? ''} min={view.from} onChange={(_, d) => set({ to: d.value || undefined })} />
      </Field>
      <Switch
        label={t('queue.overdueOnly')}
        checked={!!view.overdue}
        onChange={(_, d) => set({ overdue: d.checked || undefined })}
        data-testid="filter-overdue"
      />
      {queue && (
        <Tooltip content={t('queue.myQueueHint')} relationship="description">
          <ToggleButton icon={<PersonClockRegular />} checked={!!view.mine} onClick={() => set({ mine: !view.mine || undefined })} data-testid="filter-mine">
            {t('queue.myQueue')}
          </ToggleButton>
        </Tooltip>
      )}
      <Switch
        label={t('queue.scheduled')}
        checked={!!view.scheduled}
        onChange={(_, d) => set({ scheduled: d.checked || undefined })}
        data-testid="filter-scheduled"
      />
      {filtered && (
        <Button icon={<DismissRegular />} onClick={() => set(NO_FILTERS)}>
          {t('lists.clear')}
        </Button>
      )}
    </div>
  );
}

/** One id filter from a lookup list, with 'All' first. */
function LookupFilter({ label, options, value, any, onChange }: { label: string; options: Lookup[]; value?: number; any: string; onChange(id: number | undefined): void }) {
  const styles = useStyles();
  const name = value ? (options.find((x) => x.id === value)?.name ?? String(value)) : any;
  return (
    <Field label={label}>
      <Dropdown className={styles.pick} value={name} selectedOptions={[String(value ?? '')]} onOptionSelect={(_, d) => onChange(Number(d.optionValue) || undefined)}>
        <Option value="">{any}</Option>
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

import { Button, Dropdown, Field, Input, Option, Select, Spinner, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TARGET_MINUTES_MAX, isPhoneNumber } from '@shared';
import { countryOptions } from './countries';
import { minutesProblem } from './minutes';
import { type FieldSpec, type FormValues, type Lookups, idsOf, labelKey } from './types';
import '../strings';

const useStyles = makeStyles({
  // min-width 0: a native select is as wide as its longest option and would spill into the next column.
  // align start: a field with a hint under it must not stretch the inputs beside it to its height.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '14px 18px', alignItems: 'start', '& > *': { minWidth: 0 } },
  wide: { gridColumn: '1 / -1' },
  // A read-only field must not look like one to type in: no underline, a muted fill, a lock.
  locked: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2, '::after': { display: 'none' } },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', marginTop: '16px' },
});

export interface EntityFormProps {
  fields: FieldSpec[];
  values: FormValues;
  onChange(values: FormValues): void;
  onSubmit(values: FormValues): Promise<void>;
  lookups: Lookups;
  mode: 'create' | 'edit';
  submitLabel: string;
  /** Extra buttons beside submit (the edit dialog's cancel). */
  extraActions?: ReactNode;
  testId?: string;
}

/** One form for every master-data entity, create and edit, built from its field list. */
export function EntityForm({ fields, values, onChange, onSubmit, lookups, mode, submitLabel, extraActions, testId }: EntityFormProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [phoneError, setPhoneError] = useState<string>();
  const [minutesErrors, setMinutesErrors] = useState<Record<string, string>>({});
  const [multiErrors, setMultiErrors] = useState<Record<string, string>>({});
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const phone = fields.find((f) => f.kind === 'phone');
    if (phone && !isPhoneNumber((values[phone.name] ?? '').trim())) {
      setPhoneError(t('fields.invalidPhone'));
      return;
    }
    setPhoneError(undefined);
    const bad = fields.flatMap((f) => {
      const problem = f.kind === 'minutes' ? minutesProblem(values[f.name] ?? '') : null;
      return problem ? [[f.name, t(`targets.${problem}`, { max: TARGET_MINUTES_MAX })] as const] : [];
    });
    setMinutesErrors(Object.fromEntries(bad));
    // A required multiselect (a worker's hotels) needs at least one: a Dropdown has no native "required".
    const empty = fields.filter((f) => f.kind === 'multiselect' && f.required !== false && !idsOf(values[f.name] ?? '').length);
    setMultiErrors(Object.fromEntries(empty.map((f) => [f.name, t('fields.chooseOne')])));
    if (bad.length || empty.length) return;
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  const set = (name: string, value: string) => {
    if (minutesErrors[name]) setMinutesErrors(({ [name]: _fixed, ...rest }) => rest);
    if (multiErrors[name]) setMultiErrors(({ [name]: _fixed, ...rest }) => rest);
    onChange({ ...values, [name]: value });
  };

  const control = (f: FieldSpec) => {
    const common = { name: f.name, required: f.required !== false, value: values[f.name] ?? '' };
    const locked = mode === 'edit' && f.lockedOnEdit;
    switch (f.kind) {
      case 'switch':
        return <Switch name={f.name} checked={values[f.name] === 'true'} onChange={(_, d) => set(f.name, String(d.checked))} />;
      case 'textarea':
        return <Textarea {...common} resize="vertical" rows={4} onChange={(_, d) => set(f.name, d.value)} />;
      case 'multiselect': {
        const options = lookups[f.lookup!] ?? [];
        const chosen = idsOf(values[f.name] ?? '');
        return (
          <Dropdown
            multiselect
            data-field={f.name}
            aria-label={t(labelKey(f))}
            placeholder={t('common.select')}
            selectedOptions={chosen.map(String)}
            value={options.filter((o) => chosen.includes(o.id)).map((o) => o.name).join(', ')}
            onOptionSelect={(_, d) => set(f.name, d.selectedOptions.join(','))}
          >
            {options.map((o) => (
              <Option key={o.id} value={String(o.id)}>
                {o.name}
              </Option>
            ))}
          </Dropdown>
        );
      }
      case 'select':
      case 'country': {
        const options =
          f.kind === 'country'
            ? countries
            : (lookups[f.lookup!] ?? []).map((o) => ({ value: String(o.id), label: o.name }));
        return (
          <Select {...common} onChange={(_, d) => set(f.name, d.value)}>
            <option value="">{t('common.select')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        );
      }
      default:
        return (
          <Input
            {...common}
            type={f.kind === 'phone' ? 'tel' : 'text'}
            inputMode={f.kind === 'minutes' ? 'numeric' : undefined}
            placeholder={f.kind === 'phone' ? t('fields.phoneHint') : undefined}
            dir={f.kind === 'phone' ? 'ltr' : undefined}
            readOnly={locked}
            aria-readonly={locked || undefined}
            appearance={locked ? 'filled-darker' : undefined}
            className={locked ? styles.locked : undefined}
            contentAfter={locked ? <LockClosedRegular aria-hidden /> : undefined}
            onChange={(_, d) => set(f.name, d.value)}
          />
        );
    }
  };

  return (
    <form onSubmit={submit} data-testid={testId}>
      <div className={styles.grid}>
        {fields.map((f) => (
          <Field
            key={f.name}
            label={t(labelKey(f))}
            required={f.required !== false}
            className={f.kind === 'textarea' ? styles.wide : undefined}
            validationMessage={f.kind === 'phone' ? phoneError : (minutesErrors[f.name] ?? multiErrors[f.name])}
            hint={mode === 'edit' && f.lockedOnEdit ? t('masterData.codeLocked') : f.hint && t(f.hint)}
          >
            {control(f)}
          </Field>
        ))}
      </div>
      <div className={styles.actions}>
        {extraActions}
        <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

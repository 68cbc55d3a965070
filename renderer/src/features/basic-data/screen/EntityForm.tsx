import { Button, Field, Spinner, makeStyles } from '@fluentui/react-components';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TARGET_MINUTES_MAX, isPhoneNumber } from '@shared';
import { countryOptions } from './countries';
import { FieldControl } from './FieldControl';
import { minutesProblem } from './minutes';
import { type FieldSpec, type FormValues, type Lookups, idsOf, labelKey } from './types';
import '../strings';

const useStyles = makeStyles({
  // min-width 0: a native select is as wide as its longest option and would spill into the next column.
  // align start: a field with a hint under it must not stretch the inputs beside it to its height.
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '14px 18px', alignItems: 'start', '& > *': { minWidth: 0 } },
  wide: { gridColumn: '1 / -1' },
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
            <FieldControl field={f} values={values} set={set} lookups={lookups} locked={mode === 'edit' && !!f.lockedOnEdit} countries={countries} />
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

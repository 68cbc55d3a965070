import { Dropdown, Input, Option, Select, Switch, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { CountryOption } from './countries';
import { type FieldSpec, type FormValues, type Lookups, idsOf, labelKey } from './types';

const useStyles = makeStyles({
  // A read-only field must not look like one to type in: no underline, a muted fill, a lock.
  locked: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2, '::after': { display: 'none' } },
});

interface FieldControlProps {
  field: FieldSpec;
  values: FormValues;
  set(name: string, value: string): void;
  lookups: Lookups;
  /** An edited record's field that may not change (its code). */
  locked: boolean;
  countries: CountryOption[];
}

/** The control one master-data field is typed or chosen in, by its kind. */
export function FieldControl({ field, values, set, lookups, locked, countries }: FieldControlProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const common = { name: field.name, required: field.required !== false, value: values[field.name] ?? '' };
  switch (field.kind) {
    case 'switch':
      return <Switch name={field.name} checked={values[field.name] === 'true'} onChange={(_, d) => set(field.name, String(d.checked))} />;
    case 'textarea':
      return <Textarea {...common} resize="vertical" rows={4} onChange={(_, d) => set(field.name, d.value)} />;
    case 'multiselect': {
      const options = lookups[field.lookup!] ?? [];
      const chosen = idsOf(values[field.name] ?? '');
      return (
        <Dropdown
          multiselect
          data-field={field.name}
          aria-label={t(labelKey(field))}
          placeholder={t('common.select')}
          selectedOptions={chosen.map(String)}
          value={options.filter((o) => chosen.includes(o.id)).map((o) => o.name).join(', ')}
          onOptionSelect={(_, d) => set(field.name, d.selectedOptions.join(','))}
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
        field.kind === 'country'
          ? countries
          : (lookups[field.lookup!] ?? []).map((o) => ({ value: String(o.id), label: o.name }));
      return (
        <Select {...common} onChange={(_, d) => set(field.name, d.value)}>
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
          type={field.kind === 'phone' ? 'tel' : 'text'}
          inputMode={field.kind === 'minutes' ? 'numeric' : undefined}
          placeholder={field.kind === 'phone' ? t('fields.phoneHint') : undefined}
          dir={field.kind === 'phone' ? 'ltr' : undefined}
          readOnly={locked}
          aria-readonly={locked || undefined}
          appearance={locked ? 'filled-darker' : undefined}
          className={locked ? styles.locked : undefined}
          contentAfter={locked ? <LockClosedRegular aria-hidden /> : undefined}
          onChange={(_, d) => set(field.name, d.value)}
        />
      );
  }
}

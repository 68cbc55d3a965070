import { Button, Dropdown, Field, Input, Option, makeStyles } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhoneNumber, type Lookup, type UserInput } from '@shared';
import { showToast } from '../../feedback/toast';
import { useOnce } from '../service-management/use-once';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '14px 18px' },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: '16px' },
});

const EMPTY = { firstName: '', lastName: '', phoneNumber: '', userCode: '', email: '', departmentIds: [] as number[], hotelIds: [] as number[] };
type Draft = typeof EMPTY;
const TEXT_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'userCode', 'email'] as const;

/** SPEC §5: every field is required; nothing at all entered is the 'Please fill all required fields' case. */
export function userDraftProblem(draft: Draft): 'fillAll' | 'phone' | undefined {
  const missing = TEXT_FIELDS.some((f) => !draft[f].trim()) || !draft.departmentIds.length || !draft.hotelIds.length;
  if (missing) return 'fillAll';
  if (!isPhoneNumber(draft.phoneNumber.trim())) return 'phone';
  return undefined;
}

export function UserForm({ departments, hotels, onSubmit }: { departments: Lookup[]; hotels: Lookup[]; onSubmit(input: UserInput): Promise<boolean> }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [phoneError, setPhoneError] = useState(false);
  const [busy, once] = useOnce();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = userDraftProblem(draft);
    setPhoneError(problem === 'phone');
    if (problem === 'fillAll') return showToast(t('p2.users.fillAll'), 'error');
    if (problem) return;
    void once(async () => {
      const trimmed = Object.fromEntries(TEXT_FIELDS.map((f) => [f, draft[f].trim()]));
      if (await onSubmit({ ...draft, ...trimmed } as UserInput)) setDraft(EMPTY);
    });
  };

  const text = (name: (typeof TEXT_FIELDS)[number], type: 'text' | 'tel' | 'email' = 'text') => (
    <Field label={t(`p2.users.${name}`)} required validationMessage={name === 'phoneNumber' && phoneError ? t('fields.invalidPhone') : undefined}>
      <Input
        name={name}
        type={type}
        value={draft[name]}
        placeholder={name === 'phoneNumber' ? t('fields.phoneHint') : undefined}
        onChange={(_, d) => setDraft({ ...draft, [name]: d.value })}
      />
    </Field>
  );

  const multi = (name: 'departmentIds' | 'hotelIds', label: string, options: Lookup[]) => (
    <Field label={label} required>
      <Dropdown
        multiselect
        aria-label={label}
        placeholder={t('common.select')}
        selectedOptions={draft[name].map(String)}
        value={options.filter((o) => draft[name].includes(o.id)).map((o) => o.name).join(', ')}
        onOptionSelect={(_, d) => setDraft({ ...draft, [name]: d.selectedOptions.map(Number) })}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <div className={styles.grid}>
        {text('firstName')}
        {text('lastName')}
        {text('phoneNumber', 'tel')}
        {text('userCode')}
        {text('email', 'email')}
        {multi('departmentIds', t('p2.users.departments'), departments)}
        {multi('hotelIds', t('p2.users.hotels'), hotels)}
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t('common.add')}
        </Button>
      </div>
    </form>
  );
}

import { Button, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, makeStyles } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN, LANGUAGES, isPhoneNumber, type Language, type Lookup, type UserInput } from '@shared';
import { useOnce } from '../../ui/use-once';
import './strings';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '14px 18px' },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: '16px' },
  summary: { marginBottom: '12px' },
});

const TEXT_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'userCode', 'email'] as const;
const emptyDraft = (language: Language) => ({
  firstName: '',
  lastName: '',
  phoneNumber: '',
  userCode: '',
  email: '',
  departmentIds: [] as number[],
  hotelIds: [] as number[],
  language,
});
type Draft = ReturnType<typeof emptyDraft>;
type FieldName = (typeof TEXT_FIELDS)[number] | 'departmentIds' | 'hotelIds';
export type FieldProblem = 'required' | 'chooseOne' | 'phone' | 'email';

/** SPEC §5: every field is required, the phone and e-mail must match their patterns. Each problem by field. */
export function userDraftProblems(draft: Draft): Partial<Record<FieldName, FieldProblem>> {
  const problems: Partial<Record<FieldName, FieldProblem>> = {};
  for (const f of TEXT_FIELDS) if (!draft[f].trim()) problems[f] = 'required';
  if (!draft.departmentIds.length) problems.departmentIds = 'chooseOne';
  if (!draft.hotelIds.length) problems.hotelIds = 'chooseOne';
  if (!problems.phoneNumber && !isPhoneNumber(draft.phoneNumber.trim())) problems.phoneNumber = 'phone';
  if (!problems.email && !EMAIL_PATTERN.test(draft.email.trim())) problems.email = 'email';
  return problems;
}

/** The invite form: every bad field is marked with its message, and the summary says to fill them (SPEC §5). */
export function UserForm({ departments, hotels, onSubmit }: { departments: Lookup[]; hotels: Lookup[]; onSubmit(input: UserInput): Promise<boolean> }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const uiLanguage: Language = i18n.language === 'en' ? 'en' : 'ar';
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(uiLanguage));
  const [shown, setShown] = useState<Partial<Record<FieldName, FieldProblem>>>({});
  const [busy, once] = useOnce();

  const messageOf: Record<FieldProblem, string> = {
    required: t('users.required'),
    chooseOne: t('users.chooseOne'),
    phone: t('fields.invalidPhone'),
    email: t('login.invalidEmail'),
  };
  const update = (next: Draft) => {
    setDraft(next);
    // A marked field is re-checked as it is corrected; unmarked ones wait for the next submit.
    const now = userDraftProblems(next);
    setShown((before) => Object.fromEntries(Object.keys(before).flatMap((f) => (now[f as FieldName] ? [[f, now[f as FieldName]]] : []))));
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems = userDraftProblems(draft);
    setShown(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      e.currentTarget.querySelector<HTMLElement>(`[name="${first}"], [data-field="${first}"]`)?.focus();
      return;
    }
    void once(async () => {
      const trimmed = Object.fromEntries(TEXT_FIELDS.map((f) => [f, draft[f].trim()]));
      if (await onSubmit({ ...draft, ...trimmed } as UserInput)) {
        setDraft(emptyDraft(uiLanguage));
        setShown({});
      }
    });
  };

  const validation = (name: FieldName) => {
    const problem = shown[name];
    return problem ? { validationMessage: messageOf[problem], validationState: 'error' as const } : {};
  };

  const text = (name: (typeof TEXT_FIELDS)[number], type: 'text' | 'tel' | 'email' = 'text') => (
    <Field label={t(`userAdmin.${name}`)} required {...validation(name)}>
      <Input
        name={name}
        type={type}
        value={draft[name]}
        placeholder={name === 'phoneNumber' ? t('fields.phoneHint') : undefined}
        onChange={(_, d) => update({ ...draft, [name]: d.value })}
      />
    </Field>
  );

  const multi = (name: 'departmentIds' | 'hotelIds', label: string, options: Lookup[]) => (
    <Field label={label} required {...validation(name)}>
      <Dropdown
        multiselect
        data-field={name}
        aria-label={label}
        placeholder={t('common.select')}
        selectedOptions={draft[name].map(String)}
        value={options.filter((o) => draft[name].includes(o.id)).map((o) => o.name).join(', ')}
        onOptionSelect={(_, d) => update({ ...draft, [name]: d.selectedOptions.map(Number) })}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );

  const anyShown = Object.keys(shown).length > 0;
  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      {anyShown && (
        <MessageBar intent="error" className={styles.summary} data-testid="user-form-summary">
          <MessageBarBody>{t('userAdmin.fillAll')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.grid}>
        {text('firstName')}
        {text('lastName')}
        {text('phoneNumber', 'tel')}
        {text('userCode')}
        {text('email', 'email')}
        {multi('departmentIds', t('userAdmin.departments'), departments)}
        {multi('hotelIds', t('userAdmin.hotels'), hotels)}
        <Field label={t('users.language')} hint={t('users.languageHint')} required>
          <Dropdown
            aria-label={t('users.language')}
            selectedOptions={[draft.language]}
            value={t(`users.languages.${draft.language}`)}
            onOptionSelect={(_, d) => setDraft({ ...draft, language: (d.optionValue as Language | undefined) ?? draft.language })}
          >
            {LANGUAGES.map((l) => (
              <Option key={l} value={l} lang={l}>
                {t(`users.languages.${l}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t('common.add')}
        </Button>
      </div>
    </form>
  );
}

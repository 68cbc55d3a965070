import { Checkbox, Field, Input } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DIAL_CODE } from '@shared/patterns';
import { useNewRequestStyles } from './new-request-styles';
import type { NewRequestForm } from './use-new-request-form';

/** The guest's name, phone and e-mail (each optional), and whether to e-mail the tracking link. */
export function GuestFields({ desk }: { desk: NewRequestForm }) {
  const { t } = useTranslation();
  const styles = useNewRequestStyles();
  const { form, set, phone, fieldProblem } = desk;
  return (
    <>
      <div className={styles.row}>
        <Field label={t('desk.guestName')} validationMessage={fieldProblem('custName')}>
          <Input value={form.name} maxLength={200} onChange={(_, d) => set({ name: d.value })} data-testid="new-request-name" />
        </Field>
        <Field
          label={t('desk.guestPhone')}
          hint={t('desk.phoneHint', { example: phone.example, code: DEFAULT_DIAL_CODE })}
          validationMessage={
            fieldProblem('custPhone') ?? (phone.problem && (form.tried || form.phoneText.length > 6) ? t('desk.phoneInvalid', { example: phone.example }) : undefined)
          }
        >
          <Input
            type="tel"
            className={styles.ltr}
            value={form.phoneText}
            maxLength={30}
            onChange={(_, d) => set({ phoneText: d.value })}
            data-testid="new-request-phone"
          />
        </Field>
      </div>
      <Field label={t('desk.guestEmail')} validationMessage={fieldProblem('custEmail')}>
        <Input type="email" className={styles.ltr} value={form.email} maxLength={254} onChange={(_, d) => set({ email: d.value })} data-testid="new-request-email" />
      </Field>
      {form.email.trim() && <Checkbox checked={form.emailLink} onChange={(_, d) => set({ emailLink: d.checked === true })} label={t('desk.emailLink')} />}
    </>
  );
}

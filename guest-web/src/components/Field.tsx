import { useTranslation } from 'react-i18next';

/** The message under a field, linked to it by id (aria-describedby) so screen readers read it with the field. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message.startsWith('validation.') ? t(message) : message}
    </p>
  );
}

/** aria-invalid and the ids of the field's message and of any hint that always shows. */
export function fieldA11y(id: string, message?: string, hintId?: string) {
  const describedBy = [message ? `${id}-error` : undefined, hintId].filter(Boolean).join(' ') || undefined;
  return { ...(message ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}

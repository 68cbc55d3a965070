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

export function fieldA11y(id: string, message?: string) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

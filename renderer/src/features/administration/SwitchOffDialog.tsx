import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../ui/DeleteDialog';
import './strings';

/** Switching a user off signs them out everywhere at once: confirmed first, as destructive as a delete. */
export function SwitchOffDialog({ name, onCancel, onConfirm }: { name: string; onCancel(): void; onConfirm(): Promise<void> }) {
  const { t } = useTranslation();
  return (
    <DeleteDialog
      open
      title={t('users.switchOffTitle', { name })}
      name={name}
      question={t('users.switchOffText', { name })}
      confirmLabel={t('users.switchOff')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

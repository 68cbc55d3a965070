import './strings';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../ui/DeleteDialog';

/** Resetting a user's two-factor lets the password alone sign them in again: confirmed first. */
export function ResetTwoFactorDialog({ name, onCancel, onConfirm }: { name: string; onCancel(): void; onConfirm(): Promise<void> }) {
  const { t } = useTranslation();
  return (
    <DeleteDialog
      open
      title={t('twoFactor.admin.reset')}
      name={name}
      question={t('twoFactor.admin.resetConfirm', { name })}
      confirmLabel={t('twoFactor.admin.reset')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}

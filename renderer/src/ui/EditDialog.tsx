import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './use-return-focus';

/** The edit modal: closes on the X or a click outside (SPEC §2). */
export function EditDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation();
  useReturnFocus(open);
  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!open) return null;
  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '860px', width: '92vw' }}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={t('common.close')} icon={<DismissRegular />} onClick={onClose} />}>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

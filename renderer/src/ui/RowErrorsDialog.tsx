import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { RowError } from '@shared';

/** Every problem of a rejected sheet, row by row, so the user can fix the file in one go. */
export function RowErrorsDialog({ problems, onClose }: { problems?: { message: string; rows: RowError[] }; onClose(): void }) {
  const { t } = useTranslation();
  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!problems) return null;
  return (
    <Dialog open={!!problems} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: '760px' }}>
        <DialogBody>
          <DialogTitle>{t('excel.rowErrorsTitle')}</DialogTitle>
          <DialogContent>
            <MessageBar intent="error">{problems?.message}</MessageBar>
            <div style={{ maxHeight: '50vh', overflowY: 'auto', marginTop: '12px' }}>
              <Table size="small" aria-label={t('excel.rowErrorsTitle')} data-testid="row-errors">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell style={{ width: '70px' }}>{t('excel.row')}</TableHeaderCell>
                    <TableHeaderCell style={{ width: '160px' }}>{t('excel.column')}</TableHeaderCell>
                    <TableHeaderCell>{t('excel.problem')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {problems?.rows.map((r, i) => (
                    <TableRow key={i}>
                      <TableCell>{r.row}</TableCell>
                      <TableCell>{r.column}</TableCell>
                      <TableCell>{r.message}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option, Textarea, makeStyles } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RECOVERY_STATUSES, type GuestFeedbackRow, type RecoveryStatus, endpoints, followUpMoveViolation } from '@shared';
import { call } from '../../api/client';
import { handleError, showSuccess } from '../../feedback/handle-error';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } });
const NOTE_MAX = 2000;

type FollowUp = NonNullable<GuestFeedbackRow['followUp']>;

/** A duty manager records what was done for a guest who rated low: contacted, then resolved, with a note. */
export function FollowUpDialog({ row, followUp, onClose }: { row: GuestFeedbackRow; followUp: FollowUp; onClose(): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const client = useQueryClient();
  // Only the steps it may move to (forward): a resolved follow-up is final.
  const choices = RECOVERY_STATUSES.filter((s) => followUpMoveViolation(followUp.status, s) === null);
  const [status, setStatus] = useState<RecoveryStatus>(followUp.status);
  const [note, setNote] = useState(followUp.note);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    setBusy(true);
    try {
      showSuccess(await call(endpoints.updateFeedbackFollowUp, { body: { id: followUp.id, status, note } }), t('reports.recovery.saved'));
      await client.invalidateQueries({ queryKey: ['reports'] });
      onClose();
    } catch (err) {
      handleError(err, t('reports.recovery.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('reports.recovery.dialogTitle', { guest: row.custName ?? '', room: row.roomNumber, rating: row.rating })}</DialogTitle>
          <DialogContent className={styles.content}>
            <Field label={t('reports.recovery.status')}>
              <Dropdown
                value={t(`reports.recovery.statuses.${status}`)}
                selectedOptions={[status]}
                onOptionSelect={(_, d) => d.optionValue && setStatus(d.optionValue as RecoveryStatus)}
                data-testid="follow-up-status"
              >
                {choices.map((s) => (
                  <Option key={s} value={s}>
                    {t(`reports.recovery.statuses.${s}`)}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={t('reports.recovery.note')}>
              <Textarea value={note} onChange={(_, d) => setNote(d.value)} maxLength={NOTE_MAX} dir="auto" resize="vertical" data-testid="follow-up-note" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('reports.recovery.cancel')}
            </Button>
            <Button appearance="primary" disabled={busy} onClick={() => void save()}>
              {t('reports.recovery.save')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

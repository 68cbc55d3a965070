import './strings';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Radio,
  RadioGroup,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DESK_CHANNELS, type CreateRequestForGuestResponse } from '@shared';
import { useReturnFocus } from '../../ui/use-return-focus';
import { GuestFields } from './GuestFields';
import { RoomFields } from './RoomFields';
import { ServicePicker } from './ServicePicker';
import { useNewRequestStyles } from './new-request-styles';
import { type Channel, useNewRequestForm } from './use-new-request-form';

export interface NewRequestDialogProps {
  open: boolean;
  onClose(): void;
  /** The request was filed: the server's answer, and whether the tracking link was to be e-mailed. */
  onCreated(answer: CreateRequestForGuestResponse, emailAsked: boolean): void;
}

/**
 * Files a request for a room on a guest's behalf: taken by phone or at the desk. What the
 * guest page asks, but the guest's name, phone and e-mail are optional; the server then
 * handles it as a guest's request (clock, alerts, routing, escalation).
 */
export function NewRequestDialog({ open, onClose, onCreated }: NewRequestDialogProps) {
  const { t } = useTranslation();
  const styles = useNewRequestStyles();
  useReturnFocus(open);
  const desk = useNewRequestForm(open, onCreated);
  const { form, set, busy, submit } = desk;

  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  if (!open) return null;
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby="new-request-hint" data-testid="new-request-dialog">
        <DialogBody>
          <DialogTitle>{t('desk.title')}</DialogTitle>
          <DialogContent className={styles.body}>
            <Text id="new-request-hint" className={styles.hint}>
              {t('desk.hint')}
            </Text>
            <Field label={t('desk.channel')}>
              <RadioGroup layout="horizontal" value={form.channel} onChange={(_, d) => set({ channel: d.value as Channel })} data-testid="new-request-channel">
                {DESK_CHANNELS.map((c) => (
                  <Radio key={c} value={c} label={t(`lists.channels.${c}`)} />
                ))}
              </RadioGroup>
            </Field>
            <RoomFields desk={desk} />
            <GuestFields desk={desk} />
            <ServicePicker desk={desk} />
            <Field label={t('desk.note')}>
              <Textarea value={form.note} maxLength={2000} onChange={(_, d) => set({ note: d.value })} data-testid="new-request-note" />
            </Field>
            {form.serverProblem && !form.serverProblem.field && (
              <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                {form.serverProblem.message}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="new-request-submit">
              {t('desk.create')}
            </Button>
            <Button onClick={onClose}>{t('desk.cancel')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

import './strings';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { call } from '../../api/client';
import { useReturnFocus } from '../../ui/use-return-focus';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

/** The calls are 'public' in the contract (an enrolment-only token may make them too): here they carry the session. */
const withSession = { public: false };

/** The user's own two-factor sign-in, from the header: whether it is on, and its set-up. */
export function TwoFactorDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [enrolling, setEnrolling] = useState(false);
  useReturnFocus(open);
  const status = useQuery({ queryKey: ['twoFactorStatus'], queryFn: () => call(endpoints.twoFactorStatus), enabled: open });
  const close = () => {
    setEnrolling(false);
    onClose();
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('twoFactor.menu.open')}</DialogTitle>
          <DialogContent>
            {enrolling ? (
              <TwoFactorEnrolment
                setup={() => call(endpoints.twoFactorSetup, { config: withSession })}
                confirm={(code) => call(endpoints.twoFactorConfirm, { body: { code }, config: withSession })}
                onDone={() => {
                  setEnrolling(false);
                  void client.invalidateQueries({ queryKey: ['twoFactorStatus'] });
                }}
                doneLabel={t('twoFactor.enrol.done')}
              />
            ) : !status.data ? (
              <Spinner />
            ) : status.data.enabled ? (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="two-factor-on">
                <Text>{t('twoFactor.menu.on')}</Text>
                <Text>{t('twoFactor.menu.left', { count: status.data.recoveryCodesLeft })}</Text>
                <Text size={200}>{t('twoFactor.menu.resetHint')}</Text>
              </div>
            ) : (
              <Text>{t('twoFactor.menu.off')}</Text>
            )}
          </DialogContent>
          <DialogActions>
            {!enrolling && status.data && !status.data.enabled && (
              <Button appearance="primary" onClick={() => setEnrolling(true)}>
                {t('twoFactor.menu.turnOn')}
              </Button>
            )}
            <Button onClick={close}>{t('twoFactor.menu.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

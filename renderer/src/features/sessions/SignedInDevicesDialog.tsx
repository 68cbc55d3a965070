import './strings';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type SignedInDevice } from '@shared';
import { call } from '../../api/client';
import { handleError } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { useReturnFocus } from '../../ui/use-return-focus';
import { SessionList } from './SessionList';

/** The user's own signed-in devices, from the header beside two-factor sign-in. */
export function SignedInDevicesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const [ending, setEnding] = useState<string>();
  useReturnFocus(open);
  const sessions = useQuery({ queryKey: ['mySessions'], queryFn: () => call(endpoints.mySessions), enabled: open });
  useEffect(() => {
    if (sessions.error) handleError(sessions.error, t('sessions.failed'));
  }, [sessions.error, t]);

  const end = async (session: SignedInDevice) => {
    setEnding(session.id);
    try {
      const answer = await call(endpoints.endMySession, { body: { sessionId: session.id } });
      showToast(answer.message, 'success');
      // Ending this very device signs it out: the next call finds the session gone.
      await sessions.refetch();
    } catch (err) {
      handleError(err, t('sessions.endFailed'));
    } finally {
      setEnding(undefined);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('sessions.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <Text>{t('sessions.intro')}</Text>
            <SessionList sessions={sessions.data} loading={sessions.isFetching} ending={ending} onEnd={(s) => void end(s)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('sessions.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

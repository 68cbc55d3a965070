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

/** An Admin's view of a user's signed-in devices (Users screen): end one, or all after a confirmation. */
export function UserSessionsDialog({ userId, name, onClose }: { userId: number; name: string; onClose(): void }) {
  const { t } = useTranslation();
  const [ending, setEnding] = useState<string>();
  const [confirmAll, setConfirmAll] = useState(false);
  useReturnFocus(true);
  const sessions = useQuery({ queryKey: ['userSessions', userId], queryFn: () => call(endpoints.userSessions, { query: { userId } }) });
  useEffect(() => {
    if (sessions.error) handleError(sessions.error, t('sessions.failed'));
  }, [sessions.error, t]);

  const end = async (sessionId: string | undefined) => {
    setEnding(sessionId ?? 'all');
    try {
      const answer = await call(endpoints.endUserSessions, { body: { userId, ...(sessionId ? { sessionId } : {}) } });
      showToast(answer.message, 'success');
      setConfirmAll(false);
      await sessions.refetch();
    } catch (err) {
      handleError(err, t('sessions.endFailed'));
    } finally {
      setEnding(undefined);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('sessions.userTitle', { name })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {confirmAll ? (
              <Text>{t('sessions.endAllConfirm', { name })}</Text>
            ) : (
              <>
                <Text>{t('sessions.userIntro')}</Text>
                <SessionList sessions={sessions.data} loading={sessions.isFetching} ending={ending} onEnd={(s: SignedInDevice) => void end(s.id)} />
                <Text size={200}>{t('sessions.phones')}</Text>
              </>
            )}
          </DialogContent>
          <DialogActions>
            {confirmAll ? (
              <>
                <Button appearance="primary" disabled={ending !== undefined} onClick={() => void end(undefined)}>
                  {t('sessions.endAll')}
                </Button>
                <Button onClick={() => setConfirmAll(false)}>{t('sessions.cancel')}</Button>
              </>
            ) : (
              <>
                {!!sessions.data?.length && (
                  <Button appearance="primary" disabled={ending !== undefined} onClick={() => setConfirmAll(true)}>
                    {t('sessions.endAll')}
                  </Button>
                )}
                <Button onClick={onClose}>{t('sessions.close')}</Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

import { Button, Field, MessageBar, MessageBarBody, MessageBarTitle, Select, Title3, makeStyles } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type RoutingPreview } from '@shared';
import { call } from '../../api/client';
import { errorMessage } from '../../feedback/handle-error';
import { useServices } from './use-services';

const useStyles = makeStyles({ row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap', marginBlock: '12px' } });

/** Who would get a new line of a service now, and why: the server runs the same rules, assigning nothing. */
export function PreviewPanel({ hotelId }: { hotelId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const services = useServices(i18n.language);
  const [serviceId, setServiceId] = useState('');
  // A room gives the line a zone: routing then prefers a worker who covers it.
  const [roomId, setRoomId] = useState('');
  const rooms = useQuery({ queryKey: ['routing', 'rooms', hotelId], queryFn: () => call(endpoints.generateRooms, { query: { hotelId } }), staleTime: 300_000 }).data ?? [];
  const [answer, setAnswer] = useState<RoutingPreview>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    if (!serviceId) return;
    setBusy(true);
    setError(undefined);
    try {
      setAnswer(await call(endpoints.routingPreview, { query: { hotelId, serviceId: Number(serviceId), ...(roomId ? { roomId: Number(roomId) } : {}) } }));
    } catch (err) {
      setAnswer(undefined);
      setError(errorMessage(err, t('routing.preview.failed')));
    } finally {
      setBusy(false);
    }
  };

  const outcome = (p: RoutingPreview) =>
    p.workerName
      ? t('routing.preview.worker', { worker: p.workerName })
      : p.routed && p.departmentName
        ? t('routing.preview.department', { department: p.departmentName })
        : t('routing.preview.nobody');

  return (
    <section aria-labelledby="routing-preview-title">
      <Title3 as="h2" id="routing-preview-title">
        {t('routing.preview.title')}
      </Title3>
      <div className={styles.row}>
        <Field label={t('routing.preview.service')}>
          <Select
            value={serviceId}
            onChange={(_, d) => {
              setServiceId(d.value);
              setAnswer(undefined);
            }}
          >
            <option value="">—</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('routing.preview.room')}>
          <Select
            value={roomId}
            onChange={(_, d) => {
              setRoomId(d.value);
              setAnswer(undefined);
            }}
          >
            <option value="">{t('routing.preview.anyRoom')}</option>
            {rooms.map((r) => (
              <option key={r.id} value={r.id}>
                {r.number}
              </option>
            ))}
          </Select>
        </Field>
        <Button appearance="primary" disabled={!serviceId || busy} onClick={() => void ask()}>
          {t('routing.preview.ask')}
        </Button>
      </div>
      {answer && (
        <MessageBar intent={answer.workerName ? 'success' : answer.routed ? 'info' : 'warning'} data-testid="routing-preview" aria-live="polite">
          <MessageBarBody>
            <MessageBarTitle>{outcome(answer)}</MessageBarTitle>
            <span data-testid="routing-preview-reason">{answer.reason}</span>
          </MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error" role="alert">
          {error}
        </MessageBar>
      )}
    </section>
  );
}

import { Badge, Button, Switch } from '@fluentui/react-components';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { liveConnectedAtom } from '../../api/live-events';
import { liveSoundAtom } from './sound';
import './strings';

/**
 * The stream's state and the sound switch, shown in the request lists' header. New
 * requests that are not on the page show as a count; clicking it resets the count
 * and re-reads the page.
 */
export function LiveControls({ newCount, onShowNew }: { newCount: number; onShowNew?: () => void }) {
  const { t } = useTranslation();
  const connected = useAtomValue(liveConnectedAtom);
  const [sound, setSound] = useAtom(liveSoundAtom);
  return (
    <>
      {newCount > 0 &&
        (onShowNew ? (
          <Button appearance="primary" size="small" onClick={onShowNew} title={t('lists.newCountHint')} data-testid="new-badge">
            {t('lists.newCount', { count: newCount })}
          </Button>
        ) : (
          <Badge appearance="filled" color="brand" data-testid="new-badge">
            {t('live.newCount', { count: newCount })}
          </Badge>
        ))}
      <Badge appearance="tint" color={connected ? 'success' : 'warning'} data-testid="live-state">
        {connected ? t('live.connected') : t('live.offline')}
      </Badge>
      <Switch checked={sound} onChange={(_, d) => setSound(d.checked)} label={t('live.sound')} />
    </>
  );
}

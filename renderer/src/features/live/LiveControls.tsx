import { Badge, Switch } from '@fluentui/react-components';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { liveConnectedAtom } from './live-events';
import { liveSoundAtom } from './sound';

/** The stream's state and the sound switch, shown in the request lists' header. */
export function LiveControls({ newCount }: { newCount: number }) {
  const { t } = useTranslation();
  const connected = useAtomValue(liveConnectedAtom);
  const [sound, setSound] = useAtom(liveSoundAtom);
  return (
    <>
      {newCount > 0 && (
        <Badge appearance="filled" color="brand" data-testid="new-badge">
          {t('p2.live.newCount', { count: newCount })}
        </Badge>
      )}
      <Badge appearance="tint" color={connected ? 'success' : 'warning'} data-testid="live-state">
        {connected ? t('p2.live.connected') : t('p2.live.offline')}
      </Badge>
      <Switch checked={sound} onChange={(_, d) => setSound(d.checked)} label={t('p2.live.sound')} />
    </>
  );
}

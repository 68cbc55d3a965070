import { CallRegular, GlobeRegular, PersonRegular, PlugConnectedRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { RequestChannel } from '@shared';

const ICONS = { guest: GlobeRegular, phone: CallRegular, desk: PersonRegular, integration: PlugConnectedRegular } satisfies Record<RequestChannel, unknown>;

/** "Channel: Phone": the mark's accessible name and tooltip; older servers send no channel, which is the guest's page. */
export const channelName = (t: TFunction, channel: RequestChannel | undefined) => t('lists.channelOf', { channel: t(`lists.channels.${channel ?? 'guest'}`) });

/** How a request reached the hotel as a small icon: a column of its own pushed Status out of view at 1366 px. */
export function ChannelMark({ channel }: { channel: RequestChannel | undefined }) {
  const { t } = useTranslation();
  const Icon = ICONS[channel ?? 'guest'];
  const name = channelName(t, channel);
  return (
    <span role="img" aria-label={name} title={name} data-testid="request-channel" data-channel={channel ?? 'guest'} style={{ display: 'inline-flex', flex: 'none' }}>
      <Icon fontSize={16} aria-hidden />
    </span>
  );
}

/** A request's code (left to right in Arabic too, never cut) with its channel's mark before it. */
export function CodeWithChannel({ code, channel }: { code: string; channel: RequestChannel | undefined }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', gap: '6px', height: '100%' }}>
      <ChannelMark channel={channel} />
      <span className="cell-text" dir="ltr" title={code}>
        {code}
      </span>
    </span>
  );
}

import { Button, Checkbox, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Text } from '@fluentui/react-components';
import { OpenRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { RoomQrLinkInfo } from '@shared';
import { clientRoutes } from '@shared/routes';
import { platform } from '../../../platform';

interface QrAddressChoiceProps {
  info: RoomQrLinkInfo;
  /** The address the codes will hold. */
  base: string;
  onPick(address: string): void;
  /** The server's own address is a loopback one, and it is the one chosen. */
  loopback: boolean;
  confirmed: boolean;
  onConfirmed(confirmed: boolean): void;
  canRotate: boolean;
  rotate: boolean;
  onRotate(rotate: boolean): void;
}

/** The QR sheet's address: the server's or one of the machine's LAN addresses, a loopback one only when confirmed; and new codes. */
export function QrAddressChoice({ info, base, onPick, loopback, confirmed, onConfirmed, canRotate, rotate, onRotate }: QrAddressChoiceProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('qrLinks.address')}>
        <RadioGroup value={base} onChange={(_, d) => onPick(d.value)}>
          <Radio value={info.publicUrl} label={<bdi dir="ltr" data-testid="qr-public-url">{info.publicUrl}</bdi>} />
          {info.suggestions.map((s) => (
            <Radio key={s} value={s} label={<bdi dir="ltr">{s}</bdi>} />
          ))}
        </RadioGroup>
      </Field>
      {/* Check the address before printing: the guest page opens in the system browser (the desktop app's openExternal). */}
      <Button
        appearance="subtle"
        icon={<OpenRegular />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => platform.openExternal(`${base.replace(/\/+$/, '')}${clientRoutes.guestService}`)}
      >
        {t('qrLinks.tryAddress')}
      </Button>
      {loopback && (
        <MessageBar intent="warning">
          <MessageBarBody>{info.suggestions.length ? t('qrLinks.loopbackPick') : t('qrLinks.loopback')}</MessageBarBody>
        </MessageBar>
      )}
      {loopback && <Checkbox checked={confirmed} onChange={(_, d) => onConfirmed(Boolean(d.checked))} label={t('qrLinks.confirmLoopback')} />}
      {canRotate && <Checkbox checked={rotate} onChange={(_, d) => onRotate(Boolean(d.checked))} label={t('qrLinks.rotate')} />}
      <Text size={200}>{t('qrLinks.hint')}</Text>
    </>
  );
}

import './strings';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../ui/Panel';

const useStyles = makeStyles({
  body: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  qr: { width: '168px', height: '168px', backgroundColor: 'white', padding: '6px' },
  hint: { color: tokens.colorNeutralForeground3 },
  link: { direction: 'ltr', unicodeBidi: 'isolate', wordBreak: 'break-all', fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/**
 * The guest's tracking link as a QR code to scan at the desk: the same link their e-mail
 * carries (the request's id is its only key; nothing more goes into the address).
 */
export function TrackingQr({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [qr, setQr] = useState<string>();
  useEffect(() => {
    let live = true;
    // The QR encoder loads with the first request that shows one.
    void import('qrcode').then(async ({ default: QRCode }) => {
      // SVG needs no canvas: the same in the desktop app, the browser and the tests.
      const svg = await QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
      if (live) setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <Panel>
      <Text as="h2" weight="semibold" size={400} block style={{ marginBottom: 8 }}>
        {t('desk.trackingTitle')}
      </Text>
      <div className={styles.body}>
        {qr && <img className={styles.qr} src={qr} alt={t('desk.trackingAlt', { code })} data-testid="tracking-qr" data-link={link} />}
        <div>
          <Text block className={styles.hint}>
            {t('desk.trackingHint')}
          </Text>
          <Text block className={styles.link}>
            {link}
          </Text>
        </div>
      </div>
    </Panel>
  );
}

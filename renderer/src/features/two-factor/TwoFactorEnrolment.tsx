import './strings';
import { Button, Field, Input, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorConfirmed, TwoFactorSetup } from '@shared';
import { handleError } from '../../feedback/handle-error';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '12px' },
  qr: { width: '200px', height: '200px', backgroundColor: 'white', padding: '8px', alignSelf: 'center' },
  // A key and codes of Latin letters and digits read left to right in both languages.
  mono: { fontFamily: tokens.fontFamilyMonospace, direction: 'ltr', unicodeBidi: 'isolate', wordBreak: 'break-all' },
  codes: { display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '4px 24px', margin: 0, padding: 0, listStyle: 'none' },
  hint: { color: tokens.colorNeutralForeground3 },
});

export interface TwoFactorEnrolmentProps {
  setup(): Promise<TwoFactorSetup>;
  confirm(code: string): Promise<TwoFactorConfirmed>;
  /** After the recovery codes were shown and the user pressed the last button. */
  onDone(confirmed: TwoFactorConfirmed): void;
  doneLabel: string;
}

/** Setting up two-factor: the QR code and key, a code to confirm, then the recovery codes once. */
export function TwoFactorEnrolment({ setup, confirm, onDone, doneLabel }: TwoFactorEnrolmentProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [secret, setSecret] = useState<(TwoFactorSetup & { qr: string }) | undefined>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmed, setConfirmed] = useState<TwoFactorConfirmed | undefined>();

  useEffect(() => {
    let live = true;
    setup()
      .then(async (answer) => {
        // SVG needs no canvas: the same in the desktop app, the browser and the tests.
        const svg = await QRCode.toString(answer.otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
        if (live) setSecret({ ...answer, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((err: unknown) => handleError(err, t('twoFactor.enrol.failed')));
    return () => {
      live = false;
    };
    // Once per showing: a second secret would replace the one being scanned.
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setBusy(true);
    try {
      setConfirmed(await confirm(code.trim()));
    } catch (err) {
      handleError(err, t('twoFactor.enrol.failed'));
    } finally {
      setBusy(false);
    }
  };

  if (confirmed) {
    return (
      <div className={styles.body}>
        <Text weight="semibold">{t('twoFactor.enrol.codesTitle')}</Text>
        <Text>{t('twoFactor.enrol.codesIntro')}</Text>
        <ul className={styles.codes} data-testid="recovery-codes">
          {confirmed.recoveryCodes.map((c) => (
            <li key={c} className={styles.mono}>
              {c}
            </li>
          ))}
        </ul>
        <Button appearance="primary" onClick={() => onDone(confirmed)}>
          {doneLabel}
        </Button>
      </div>
    );
  }
  if (!secret) return <Spinner label={t('twoFactor.enrol.loading')} />;
  return (
    <form className={styles.body} onSubmit={submit} noValidate>
      <Text>{t('twoFactor.enrol.scan')}</Text>
      <img className={styles.qr} src={secret.qr} alt={t('twoFactor.enrol.qr')} data-uri={secret.otpauthUri} />
      <Text>
        {t('twoFactor.enrol.key')}:{' '}
        <span className={styles.mono} data-testid="totp-secret">
          {secret.secret}
        </span>
      </Text>
      <Field label={t('twoFactor.enrol.code')} required>
        <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={32} value={code} onChange={(_, d) => setCode(d.value)} />
      </Field>
      <Button appearance="primary" type="submit" disabled={busy || !code.trim()} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('twoFactor.enrol.confirm')}
      </Button>
    </form>
  );
}

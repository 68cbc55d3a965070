import './strings';
import { Button, Checkbox, Field, Input, Link, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type LoginResponse, type TwoFactorChallenge } from '@shared';
import { call } from '../../api/client';
import { loginErrorMessage } from '../../auth/login-error';
import { showToast } from '../../feedback/toast';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

export interface SignInSecondStepProps {
  challenge: TwoFactorChallenge;
  onSignedIn(session: LoginResponse): void | Promise<void>;
  onBack(): void;
}

/** The token of the second step, sent as its own bearer (never in a URL) and never kept beyond this page. */
const asBearer = (token: string) => ({ public: true, headers: { Authorization: `Bearer ${token}` } });

/** After the password: the code step, or (a role requires it) the set-up of two-factor sign-in. */
export function SignInSecondStep({ challenge, onSignedIn, onBack }: SignInSecondStepProps) {
  const { t } = useTranslation();
  return (
    <>
      <Title2 as="h1">{challenge.twoFactor === 'code' ? t('twoFactor.codeStep.title') : t('twoFactor.enrol.title')}</Title2>
      {challenge.twoFactor === 'code' ? (
        <CodeStep token={challenge.twoFactorToken} offerRemember={challenge.rememberDevice === true} onSignedIn={onSignedIn} />
      ) : (
        <>
          <Text>{t('twoFactor.enrol.required')}</Text>
          <TwoFactorEnrolment
            setup={() => call(endpoints.twoFactorSetup, { config: asBearer(challenge.twoFactorToken) })}
            confirm={(code) => call(endpoints.twoFactorConfirm, { body: { code }, config: asBearer(challenge.twoFactorToken) })}
            onDone={(confirmed) => confirmed.session && void onSignedIn(confirmed.session)}
            doneLabel={t('twoFactor.enrol.continue')}
          />
        </>
      )}
      <Link as="button" type="button" onClick={onBack}>
        {t('twoFactor.codeStep.back')}
      </Link>
    </>
  );
}

function CodeStep({ token, offerRemember, onSignedIn }: { token: string; offerRemember: boolean; onSignedIn: SignInSecondStepProps['onSignedIn'] }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [remember, setRemember] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!code.trim()) return;
    setBusy(true);
    try {
      await onSignedIn(await call(endpoints.loginTwoFactor, { body: { twoFactorToken: token, code: code.trim(), ...(remember ? { rememberDevice: true } : {}) } }));
    } catch (err) {
      showToast(loginErrorMessage(err), 'error');
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Text>{t('twoFactor.codeStep.intro')}</Text>
      <Field label={t('twoFactor.codeStep.code')} required validationMessage={touched && !code.trim() ? t('twoFactor.codeStep.required') : undefined}>
        <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={32} autoFocus value={code} onChange={(_, d) => setCode(d.value)} />
      </Field>
      {offerRemember && <Checkbox label={t('twoFactor.codeStep.remember')} checked={remember} onChange={(_, d) => setRemember(d.checked === true)} />}
      <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {t('twoFactor.codeStep.submit')}
      </Button>
    </form>
  );
}

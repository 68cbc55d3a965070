import { Button, Checkbox, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultSmtpTls, endpoints, type EmailSettings, type SmtpTlsMode } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../session/session';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useOnce } from '../../ui/use-once';
import './strings';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '14px 18px' },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', marginTop: '16px' },
  test: { display: 'flex', gap: '8px', alignItems: 'flex-end', flexWrap: 'wrap' },
  answer: { color: tokens.colorNeutralForeground2, whiteSpace: 'pre-wrap' },
});

// The stored password never comes back (it is ''); the draft holds what the user types.
// TLS settings left undefined follow the server and port (see tlsOf) until the user picks them.
type Draft = Omit<EmailSettings, 'smtpPort' | 'hasPassword' | 'password' | 'tlsMode' | 'requireTls'> & {
  smtpPort: string;
  password: string;
  tlsMode?: SmtpTlsMode;
  requireTls?: boolean;
};
type TextField = 'smtpServer' | 'senderName' | 'senderEmail' | 'username';

function toDraft(s?: EmailSettings): Draft {
  return {
    smtpServer: s?.smtpServer ?? '',
    smtpPort: s ? String(s.smtpPort) : '587',
    senderName: s?.senderName ?? '',
    senderEmail: s?.senderEmail ?? '',
    username: s?.username ?? '',
    // Write-only: the server never sends the stored password back.
    password: '',
  };
}

/** The TLS settings the draft stands for: as picked, else as stored for the same server, else the defaults for it. */
function tlsOf(draft: Draft, stored?: EmailSettings): { tlsMode: SmtpTlsMode; requireTls: boolean } {
  const port = Number(draft.smtpPort);
  const same = stored && stored.smtpServer.toLowerCase() === draft.smtpServer.trim().toLowerCase() && stored.smtpPort === port;
  const fallback = same ? stored : defaultSmtpTls(draft.smtpServer, port);
  return { tlsMode: draft.tlsMode ?? fallback.tlsMode, requireTls: draft.requireTls ?? fallback.requireTls };
}

/** SMTP settings (SPEC §2) and a test e-mail that reports the SMTP server's answer. */
export function EmailSettingsScreen() {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const canEdit = hasClaim(session, 'Administration.Email Settings.Edit');
  // Through the query cache: the settings as stored; the form edits a copy of them.
  const settings = useData(keys.emailSettings, () => call(endpoints.emailSettings), t('emailSettings.error'));
  const stored = settings.data;
  const loading = settings.loading;
  const [edited, setDraft] = useState<Draft>();
  const draft = edited ?? toDraft(stored);
  const [testTo, setTestTo] = useState(session?.userEmail ?? '');
  const [answer, setAnswer] = useState<string>();
  const [saving, onceSave] = useOnce();
  const [testing, onceTest] = useOnce();

  const save = (e: FormEvent) => {
    e.preventDefault();
    void onceSave(async () => {
      try {
        const body = { ...draft, ...tlsOf(draft, stored), smtpPort: Number(draft.smtpPort), password: draft.password || undefined };
        showSuccess(await call(endpoints.updateEmailSettings, { body }), t('emailSettings.saved'));
        // Read the stored settings again; the form then shows them (the password field empty again).
        await settings.invalidate();
        setDraft(undefined);
      } catch (err) {
        handleError(err, t('emailSettings.error'));
      }
    });
  };

  const sendTest = () =>
    onceTest(async () => {
      setAnswer(undefined);
      try {
        const result = await call(endpoints.sendTestEmail, { body: { to: testTo.trim() } });
        setAnswer(result.message);
        showSuccess(result, result.message);
      } catch (err) {
        const message = (err as { response?: { data?: { message?: string } } }).response?.data?.message;
        setAnswer(message ?? t('emailSettings.error'));
        handleError(err, t('emailSettings.error'));
      }
    });

  const tls = tlsOf(draft, stored);

  const field = (name: TextField, type: 'text' | 'email' = 'text') => (
    <Field label={t(`emailSettings.${name}`)} required={name !== 'username'}>
      <Input name={name} type={type} value={draft[name]} disabled={!canEdit} onChange={(_, d) => setDraft({ ...draft, [name]: d.value })} />
    </Field>
  );

  return (
    <section data-testid="screen-EmailSettings">
      <ScreenHeader title={t('items.EmailSettings')} />
      <Panel>
        {loading ? (
          <Spinner />
        ) : (
          <form onSubmit={save} data-testid="email-form">
            <div className={styles.grid}>
              {field('smtpServer')}
              <Field label={t('emailSettings.smtpPort')} required>
                <Input name="smtpPort" type="number" min={1} max={65535} value={draft.smtpPort} disabled={!canEdit} onChange={(_, d) => setDraft({ ...draft, smtpPort: d.value })} />
              </Field>
              {field('senderName')}
              {field('senderEmail', 'email')}
              {field('username')}
              <Field label={t('emailSettings.password')} hint={stored?.hasPassword ? `${t('emailSettings.passwordKept')} ${t('emailTls.passwordAgain')}` : undefined}>
                <Input name="password" type="password" autoComplete="new-password" value={draft.password} disabled={!canEdit} onChange={(_, d) => setDraft({ ...draft, password: d.value })} />
              </Field>
              <Field label={t('emailTls.tlsMode')}>
                <Select name="tlsMode" value={tls.tlsMode} disabled={!canEdit} onChange={(_, d) => setDraft({ ...draft, tlsMode: d.value as SmtpTlsMode })}>
                  <option value="starttls">{t('emailTls.starttls')}</option>
                  <option value="tls">{t('emailTls.tls')}</option>
                </Select>
              </Field>
              <Field hint={tls.requireTls ? undefined : t('emailTls.requireTlsOffHint')}>
                <Checkbox
                  name="requireTls"
                  label={t('emailTls.requireTls')}
                  checked={tls.requireTls}
                  disabled={!canEdit || tls.tlsMode === 'tls'}
                  onChange={(_, d) => setDraft({ ...draft, requireTls: d.checked === true })}
                />
              </Field>
            </div>
            {canEdit && (
              <div className={styles.actions}>
                <Button onClick={() => setDraft(undefined)}>{t('emailSettings.reset')}</Button>
                <Button type="submit" appearance="primary" disabled={saving}>
                  {t('common.save')}
                </Button>
              </div>
            )}
          </form>
        )}
      </Panel>
      {canEdit && (
        <Panel>
          <div className={styles.test}>
            <Field label={t('emailSettings.testTo')}>
              <Input type="email" name="testTo" value={testTo} onChange={(_, d) => setTestTo(d.value)} />
            </Field>
            <Button disabled={testing || !testTo.trim()} onClick={sendTest}>
              {t('emailSettings.sendTest')}
            </Button>
          </div>
          {answer && (
            <Text block className={styles.answer} data-testid="test-answer">
              {answer}
            </Text>
          )}
        </Panel>
      )}
    </section>
  );
}

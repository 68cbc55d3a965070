import './strings';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner, Text, makeStyles } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { startRegistration } from '@simplewebauthn/browser';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX, endpoints, type Passkey } from '@shared';
import { call } from '../../api/client';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { formatDate } from '../../table/format';
import { useReturnFocus } from '../../ui/use-return-focus';
import { isCancelled } from './availability';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', alignItems: 'center', gap: '8px' },
  grow: { flexGrow: 1, display: 'flex', flexDirection: 'column' },
  form: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '16px' },
});

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];

/** Adds a passkey: the server's options, the browser's prompt (the device's screen lock), the answer back under its name. */
async function addPasskey(name: string): Promise<unknown> {
  const optionsJSON = (await call(endpoints.passkeyRegisterOptions)) as unknown as RegistrationOptions;
  const response = await startRegistration({ optionsJSON });
  return call(endpoints.passkeyRegister, { body: { name, response } });
}

/** The user's own passkeys, from the header: add one (named), see when each was made and last used, remove one. */
export function PasskeysDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useReturnFocus(open);
  const list = useQuery({ queryKey: ['passkeys'], queryFn: () => call(endpoints.passkeys), enabled: open });
  useEffect(() => {
    if (list.error) handleError(list.error, t('passkeys.loadFailed'));
  }, [list.error, t]);
  const refresh = () => client.invalidateQueries({ queryKey: ['passkeys'] });

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim()) return;
    setBusy(true);
    try {
      showSuccess(await addPasskey(name.trim()), t('passkeys.added'));
      setName('');
      setTouched(false);
      await refresh();
    } catch (err) {
      if (isCancelled(err)) showToast(t('passkeys.cancelled'), 'error');
      else handleError(err, t('passkeys.failed'));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: Passkey) => {
    try {
      showSuccess(await call(endpoints.removePasskey, { params: { id: passkey.id } }), t('passkeys.removed'));
      await refresh();
    } catch (err) {
      handleError(err, t('passkeys.failed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('passkeys.title')}</DialogTitle>
          <DialogContent>
            <Text as="p">{t('passkeys.intro')}</Text>
            {!list.data ? (
              <Spinner />
            ) : list.data.length === 0 ? (
              <Text as="p">{t('passkeys.none')}</Text>
            ) : (
              <ul className={styles.list} data-testid="passkey-list">
                {list.data.map((p) => (
                  <li key={p.id} className={styles.row} data-testid="passkey">
                    <div className={styles.grow}>
                      <Text weight="semibold">{p.name}</Text>
                      <Text size={200}>{t('passkeys.created', { date: formatDate(p.createdAt, i18n.language) })}</Text>
                      <Text size={200}>{p.lastUsedAt ? t('passkeys.lastUsed', { date: formatDate(p.lastUsedAt, i18n.language) }) : t('passkeys.neverUsed')}</Text>
                    </div>
                    <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('passkeys.remove', { name: p.name })} onClick={() => void remove(p)} />
                  </li>
                ))}
              </ul>
            )}
            <form className={styles.form} onSubmit={add} noValidate>
              <Field label={t('passkeys.name')} required validationMessage={touched && !name.trim() ? t('passkeys.nameRequired') : undefined}>
                <Input value={name} maxLength={PASSKEY_NAME_MAX} placeholder={t('passkeys.namePlaceholder')} onChange={(_, d) => setName(d.value)} />
              </Field>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {t('passkeys.add')}
              </Button>
            </form>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('passkeys.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

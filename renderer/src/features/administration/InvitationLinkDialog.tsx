import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Spinner, makeStyles } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type InvitationLink, type User } from '@shared';
import { call } from '../../api/client';
import { handleError } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { formatDate } from '../../table/format';
import { copyText } from '../../ui/copy-text';
import './strings';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } });

/**
 * "Copy invitation link": the link is a credential, so it is made only on the explicit
 * click (a fresh single-use link; the earlier ones stop working), copied, shown here for
 * copying by hand, and forgotten when the dialog closes.
 */
export function InvitationLinkDialog({ user, name, onClose }: { user: User; name: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const [link, setLink] = useState<InvitationLink>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState<boolean>();
  const input = useRef<HTMLInputElement>(null);

  const make = async () => {
    setBusy(true);
    try {
      const answer = await call(endpoints.invitationLink, { body: { userId: user.id } });
      setLink(answer);
      const ok = await copyText(answer.link, () => input.current);
      setCopied(ok);
      if (ok) showToast(t('users.linkCopied', { date: formatDate(answer.expiresAt, i18n.language) }), 'success');
    } catch (err) {
      handleError(err, t('users.linkFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('users.linkTitle', { name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('users.linkWarning', { name })}</MessageBarBody>
            </MessageBar>
            {link && (
              <>
                {copied === false && (
                  <MessageBar intent="info">
                    <MessageBarBody>{t('users.linkNotCopied')}</MessageBarBody>
                  </MessageBar>
                )}
                <Field label={t('users.linkLabel')} hint={t('users.validUntil', { date: formatDate(link.expiresAt, i18n.language) })}>
                  <Input ref={input} readOnly value={link.link} dir="ltr" data-testid="invitation-link" onFocus={(e) => e.currentTarget.select()} />
                </Field>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.close')}</Button>
            {!link && (
              <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <CopyRegular />} disabled={busy} onClick={() => void make()}>
                {t('users.makeLink')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

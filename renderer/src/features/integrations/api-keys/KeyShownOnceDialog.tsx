import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../feedback/toast';
import { copyText } from '../../../ui/copy-text';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: '12px' } });

/**
 * The new key, this once: the server keeps only its hash. Closing the dialog forgets it
 * (it is held in no store, only in this dialog's props).
 */
export function KeyShownOnceDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose(): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean>();
  const copy = async () => {
    const ok = await copyText(apiKey, () => input.current);
    setCopied(ok);
    if (ok) showToast(t('apiKeys.copied'), 'success');
  };
  return (
    // Only the explicit button closes it: a stray Escape or outside click must not lose the key.
    <Dialog open modalType="alert">
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{t('apiKeys.shownOnceTitle', { name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <MessageBar intent="warning">
              <MessageBarBody>{t('apiKeys.shownOnceWarning')}</MessageBarBody>
            </MessageBar>
            {copied === false && (
              <MessageBar intent="info">
                <MessageBarBody>{t('apiKeys.notCopied')}</MessageBarBody>
              </MessageBar>
            )}
            <Field label={t('apiKeys.keyLabel')}>
              <Input ref={input} readOnly value={apiKey} dir="ltr" data-testid="new-api-key" onFocus={(e) => e.currentTarget.select()} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button icon={<CopyRegular />} onClick={() => void copy()}>
              {t('apiKeys.copy')}
            </Button>
            <Button appearance="primary" onClick={onClose}>
              {t('apiKeys.done')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

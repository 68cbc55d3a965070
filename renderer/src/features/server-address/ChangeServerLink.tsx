import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Link } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { desktopBridge } from '../../platform/desktop-platform';
import { ServerAddressForm } from './ServerAddressForm';

/** On the login screen of the desktop app: which server it talks to, and a way to change it. */
export function ChangeServerLink() {
  const { t } = useTranslation();
  const bridge = desktopBridge();
  const [current, setCurrent] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void bridge?.getServerUrl().then(setCurrent);
  }, [bridge]);
  if (!bridge) return null;
  return (
    <p style={{ marginBlockStart: 12 }}>
      {t('server.current')} <span dir="ltr">{current}</span>{' '}
      <Link as="button" type="button" onClick={() => setOpen(true)}>
        {t('server.change')}
      </Link>
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('server.title')}</DialogTitle>
            <DialogContent>
              <ServerAddressForm bridge={bridge} initial={current} onConnected={() => window.location.reload()} />
            </DialogContent>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </p>
  );
}

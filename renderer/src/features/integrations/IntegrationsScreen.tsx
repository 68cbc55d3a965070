import { Title2, makeStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import './api-keys/strings';
import { hasClaim, sessionAtom } from '../../session/session';
import { ApaleoPanel } from './apaleo/ApaleoPanel';
import { ApiKeysPanel } from './api-keys/ApiKeysPanel';
import { StaySecretPanel } from './stays/StaySecretPanel';
import { WebhooksPanel } from './webhooks/WebhooksPanel';

const useStyles = makeStyles({ title: { margin: '0 0 16px' } });

/** /Admin/Administration/Integrations: how other systems of the chain connect (API keys, webhooks, the PMS's stays, apaleo). */
export function IntegrationsScreen() {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  return (
    <section data-testid="screen-Integrations">
      <Title2 as="h1" className={styles.title}>
        {t('apiKeys.integrationsTitle')}
      </Title2>
      <ApiKeysPanel />
      <WebhooksPanel />
      {hasClaim(session, 'Administration.Integrations.Edit') && <StaySecretPanel />}
      <ApaleoPanel canEdit={hasClaim(session, 'Administration.Integrations.Edit')} />
    </section>
  );
}

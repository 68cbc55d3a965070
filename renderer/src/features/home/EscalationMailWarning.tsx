import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { endpoints } from '@shared';
import { call } from '../../api/client';
import { useData } from '../../api/use-data';
import { hasClaim, sessionAtom } from '../../session/session';
import './strings';

const ESCALATION_MAIL_KEY = ['escalation-mail-status'] as const;

/**
 * While e-mail is not set up, escalations reach nobody's inbox: a fresh install's duty
 * manager would hear nothing and not know why. Home says so to whoever reads it or
 * receives escalations.
 */
export function EscalationMailWarning() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const concerned = hasClaim(session, 'Service Management.Escalations.Receive') || hasClaim(session, 'Service Management.Request List.View');
  const { data } = useData(ESCALATION_MAIL_KEY, () => call(endpoints.escalationMailStatus), null, { enabled: concerned, staleTime: 0 });
  if (!concerned || !data || data.ready) return null;
  return (
    <MessageBar intent="warning" data-testid="escalation-mail-off">
      <MessageBarBody>{t('dashboard.escalationMailOff')}</MessageBarBody>
    </MessageBar>
  );
}

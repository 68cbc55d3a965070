import { Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { clientRoutes } from '@shared/routes';
import { showSuccess } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { hasClaim, sessionAtom } from '../../session/session';

// The dialog, its strings and the numbering plans load on first use, not with the app's first view.
const NewRequestDialog = lazy(() => import('./NewRequestDialog').then((m) => ({ default: m.NewRequestDialog })));

/** The claim that lets staff file a request on a guest's behalf. */
export const REQUEST_LIST_CREATE = 'Service Management.Request List.Create';

/**
 * "New request": for a guest who called or came to the desk. Shown only to holders of
 * Request List.Create; after filing, the request's page opens, where its tracking QR is.
 */
export function NewRequestButton({ className, appearance = 'primary' }: { className?: string; appearance?: 'primary' | 'transparent' | 'secondary' }) {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (!hasClaim(session, REQUEST_LIST_CREATE)) return null;
  return (
    <>
      <Button
        appearance={appearance}
        className={className}
        icon={<AddRegular />}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="new-request"
      >
        {/* The label arrives with the app's base strings: the button shows before the dialog's chunk loads. */}
        {t('shell.newRequest')}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <NewRequestDialog
            open={open}
            onClose={() => setOpen(false)}
            onCreated={(answer, emailAsked) => {
              setOpen(false);
              showSuccess(answer, t('desk.filed'));
              if (emailAsked) showToast(t(answer.linkEmailed ? 'desk.linkEmailed' : 'desk.linkNotEmailed'), answer.linkEmailed ? 'info' : 'warning');
              navigate(clientRoutes.requestDetails(answer.id), { state: { back: clientRoutes.requestList } });
            }}
          />
        </Suspense>
      )}
    </>
  );
}

import { Button, Checkbox, Spinner, Title2, makeStyles } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { endpoints, type UserRoleSelection, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { Panel } from '../../ui/Panel';
import { useOnce } from '../../ui/use-once';
import './strings';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '4px', marginBlock: '12px' },
  actions: { display: 'flex', gap: '8px' },
});

type Selection = UserRoleSelection & { roleName: string };
const NO_ROLES: Selection[] = [];

/** /Admin/UserRole/{id}: one checkbox per role (SPEC §2). */
export function UserRolesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { id } = useParams();
  const userId = Number(id);
  const client = useQueryClient();
  // Through the query cache: the roles as stored; the page edits a copy of them.
  const stored = useData(keys.userRoles(userId), () => call(endpoints.userRoles, { params: { id: userId } }), t('userAdmin.loadRolesFailed'));
  const [edited, setRoles] = useState<Selection[]>();
  const roles = edited ?? stored.data ?? (stored.failed ? NO_ROLES : undefined);
  const [busy, once] = useOnce();
  const name = useUserName(userId);

  const back = () => navigate(clientRoutes.users);
  const update = () =>
    once(async () => {
      if (!userId || !roles?.length) return showToast(t('userAdmin.missing'), 'error');
      try {
        const body = { userId, roles: roles.map(({ roleId, roleName, isSelected }) => ({ roleId, roleName, isSelected })) };
        showSuccess(await call(endpoints.updateUserRoles, { body }), t('userAdmin.rolesUpdated'));
        void client.invalidateQueries({ queryKey: keys.users }); // the list shows the roles (and this selection is read again)
        back();
      } catch (err) {
        handleError(err, t('userAdmin.updateRolesFailed'));
      }
    });

  return (
    <section data-testid="user-roles">
      <Title2 as="h1" data-testid="user-roles-title">
        {name ? t('userAdmin.rolesTitle', { name }) : t('userAdmin.roles')}
      </Title2>
      <Panel>
        {!roles ? (
          <Spinner />
        ) : (
          <div className={styles.list}>
            {roles.map((r) => (
              <Checkbox
                key={r.roleId}
                label={r.roleName}
                checked={r.isSelected}
                onChange={(_, d) => setRoles(roles.map((x) => (x.roleId === r.roleId ? { ...x, isSelected: !!d.checked } : x)))}
              />
            ))}
          </div>
        )}
        <div className={styles.actions}>
          <Button appearance="primary" disabled={busy || !roles} onClick={update}>
            {t('common.update')}
          </Button>
          <Button onClick={back}>{t('common.cancel')}</Button>
        </div>
      </Panel>
    </section>
  );
}

/** Whose roles these are: the name the list passed along, else looked up (a reload, a link opened directly). */
function useUserName(userId: number): string | undefined {
  const passed = (useLocation().state as { name?: unknown } | null)?.name;
  // The Users list's own cache entry: read only when no name was passed; a failure stays quiet
  // (the title then stays "Roles"; the roles themselves report their own failure).
  const users = useData(keys.users, () => call(endpoints.allUsers), null, { enabled: typeof passed !== 'string' });
  if (typeof passed === 'string') return passed;
  const user = users.data?.find((u) => u.id === userId);
  return user ? `${user.firstName} ${user.lastName}` : undefined;
}

import { Button, Checkbox, Spinner, Title2, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { endpoints, type UserRoleSelection, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys, queryClient } from '../../api/query';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { Panel } from '../../ui/Panel';
import { useOnce } from '../service-management/use-once';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '4px', marginBlock: '12px' },
  actions: { display: 'flex', gap: '8px' },
});

type Selection = UserRoleSelection & { roleName: string };

/** /Admin/UserRole/{id}: one checkbox per role (SPEC §2). */
export function UserRolesPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { id } = useParams();
  const userId = Number(id);
  const [roles, setRoles] = useState<Selection[]>();
  const [busy, once] = useOnce();
  const name = useUserName(userId);

  useEffect(() => {
    call(endpoints.userRoles, { params: { id: userId } })
      .then(setRoles)
      .catch((err) => {
        setRoles([]);
        handleError(err, t('p2.users.loadRolesFailed'));
      });
  }, [userId, t]);

  const back = () => navigate(clientRoutes.users);
  const update = () =>
    once(async () => {
      if (!userId || !roles?.length) return showToast(t('p2.users.missing'), 'error');
      try {
        const body = { userId, roles: roles.map(({ roleId, roleName, isSelected }) => ({ roleId, roleName, isSelected })) };
        showSuccess(await call(endpoints.updateUserRoles, { body }), t('p2.users.rolesUpdated'));
        void queryClient.invalidateQueries({ queryKey: keys.users }); // the list shows the roles
        back();
      } catch (err) {
        handleError(err, t('p2.users.updateRolesFailed'));
      }
    });

  return (
    <section data-testid="user-roles">
      <Title2 as="h1" data-testid="user-roles-title">
        {name ? t('p2.users.rolesTitle', { name }) : t('p2.users.roles')}
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
  const [found, setFound] = useState<string>();
  useEffect(() => {
    if (typeof passed === 'string') return;
    call(endpoints.allUsers)
      .then((users) => {
        const user = users.find((u) => u.id === userId);
        if (user) setFound(`${user.firstName} ${user.lastName}`);
      })
      .catch(() => undefined); // the title then stays "Roles"; the roles themselves report their own failure
  }, [passed, userId]);
  return typeof passed === 'string' ? passed : found;
}

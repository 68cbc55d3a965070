import { useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { endpoints, type Lookup, type User, type UserInput, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { ExcelBar } from '../../ui/ExcelBar';
import { useLookups } from '../../api/use-lookups';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../session/session';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { Collapse } from '../../ui/Collapse';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { showToast } from '../../feedback/toast';
import { InvitationBadge, invitationText } from './InvitationBadge';
import { UserActions } from './UserActions';
import { UserForm } from './UserForm';
import './strings';
import { exportButton } from '../../ui/ExportButton';

const LOOKUPS = ['departments', 'hotels'] as const;
const NONE: Lookup[] = [];
const NO_USERS: User[] = [];

/** The Users screen, titled Register (SPEC §2): list, invite form, Excel, edit → the user's roles. */
export function UsersScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const users = useData(keys.users, () => call(endpoints.allUsers), t('crud.loadFailed'));
  const rows = users.data ?? NO_USERS;
  const load = users.invalidate;
  const [adding, setAdding] = useState(false);
  const selects = useLookups(LOOKUPS, i18n.language);
  const lookups = useMemo(() => ({ departments: selects.departments ?? NONE, hotels: selects.hotels ?? NONE }), [selects]);
  const canCreate = hasClaim(session, 'Administration.Users.Create');
  const rights = useMemo(
    () => ({
      canInvite: canCreate,
      canEdit: hasClaim(session, 'Administration.Users.Edit'),
      isAdmin: !!session?.userRoles.includes('Admin'),
      selfEmail: session?.userEmail ?? '',
    }),
    [canCreate, session],
  );

  const create = async (input: UserInput) => {
    try {
      const answer = await call(endpoints.addUser, { body: input });
      // A failed invitation is not a success: the user exists, but still needs the link.
      if (answer.invitation === 'failed') showToast(answer.message, 'warning');
      else showSuccess(answer, t('userAdmin.added'));
      setAdding(false);
      void load();
      return true;
    } catch (err) {
      handleError(err, t('userAdmin.createError'));
      return false;
    }
  };

  const columns = useMemo<TableColumn<User>[]>(() => {
    const names = (ids: number[], from: Lookup[]) => ids.map((id) => from.find((o) => o.id === id)?.name ?? `#${id}`).join(', ');
    return [
      { id: 'userCode', header: t('userAdmin.userCode'), value: (u) => u.userCode, fitContent: true },
      { id: 'name', header: t('fields.name'), value: (u) => `${u.firstName} ${u.lastName}` },
      { id: 'email', header: t('userAdmin.email'), value: (u) => u.email, flex: 1.3 },
      { id: 'phoneNumber', header: t('userAdmin.phoneNumber'), value: (u) => u.phoneNumber, fitContent: true, ltr: true },
      { id: 'hotels', header: t('userAdmin.hotels'), value: (u) => names(u.hotelIds, lookups.hotels) },
      { id: 'departments', header: t('userAdmin.departments'), value: (u) => names(u.departmentIds, lookups.departments) },
      { id: 'roles', header: t('userAdmin.roles'), value: (u) => u.roles.join(', ') },
      { id: 'invitation', header: t('users.invitation'), value: (u) => invitationText(u, t), render: (u) => <InvitationBadge user={u} />, fitContent: true },
      { id: 'language', header: t('users.language'), value: (u) => t(`users.languages.${u.language}`), flex: 0.6 },
      {
        id: 'more',
        // Not a second 'Actions': this menu is about the account (invitation, e-mail language, switching off).
        header: t('users.account'),
        value: () => '',
        render: (u) => <UserActions user={u} rights={rights} onChanged={() => void load()} />,
        exportValue: false,
        flex: 0.5,
      },
    ];
  }, [t, lookups, rights, load]);

  const title = t('items.Users');
  return (
    <section data-testid="screen-Users">
      <ScreenHeader title={title} adding={adding} onToggleAdd={canCreate ? () => setAdding((a) => !a) : undefined}>
        {canCreate && <ExcelBar template={endpoints.userTemplate} uploadTo={endpoints.uploadUser} fileName="UserTemplate" onUploaded={load} />}
      </ScreenHeader>
      {canCreate && (
        <Collapse open={adding} testId="create-panel">
          <Panel>
            <UserForm departments={lookups.departments} hotels={lookups.hotels} onSubmit={create} />
          </Panel>
        </Collapse>
      )}
      <Panel>
        <DataTable
          rows={rows}
          columns={columns}
          rowName={(u) => u.email}
          onEdit={
            hasClaim(session, 'Administration.Users.Edit') ? (u) => navigate(clientRoutes.userRole(u.id), { state: { name: `${u.firstName} ${u.lastName}` } }) : undefined
          }
          loading={users.loading}
          renderExport={exportButton(title)}
        />
      </Panel>
    </section>
  );
}

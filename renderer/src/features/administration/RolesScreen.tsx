import { Button, Field, Input, Switch, Text, makeStyles } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { endpoints, type Role, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../session/session';
import { DataTable, type TableColumn } from '../../table/DataTable';
import { dateColumn } from '../../table/date-column';
import { Collapse } from '../../ui/Collapse';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useOnce } from '../../ui/use-once';
import '../two-factor';
import './strings';
import { exportButton } from '../../ui/ExportButton';

const useStyles = makeStyles({
  form: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '14px 18px', alignItems: 'end' },
});

const NO_ROLES: Role[] = [];

/** Roles (SPEC §2): list, create (name, description), edit → the role's claims. */
export function RolesScreen() {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const roles = useData(keys.roles, () => call(endpoints.allRoles), t('roles.loadError'));
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState({ name: '', description: '' });
  const [busy, once] = useOnce();
  const canCreate = hasClaim(session, 'Administration.Roles.Create');

  const create = (e: FormEvent) => {
    e.preventDefault();
    void once(async () => {
      try {
        showSuccess(await call(endpoints.addRole, { body: { name: draft.name.trim(), description: draft.description.trim() } }), t('crud.added'));
        setDraft({ name: '', description: '' });
        setAdding(false);
        void roles.invalidate();
      } catch (err) {
        handleError(err, t('roles.createError'));
      }
    });
  };

  const canEdit = hasClaim(session, 'Administration.Roles.Edit');
  const setRequired = (role: Role, requireTwoFactor: boolean) =>
    void once(async () => {
      try {
        showSuccess(await call(endpoints.setRoleTwoFactor, { body: { roleId: role.id, requireTwoFactor } }), t('twoFactor.admin.roleSaved'));
        void roles.invalidate();
      } catch (err) {
        handleError(err, t('roles.createError'));
      }
    });

  const lang = i18n.language;
  const columns = useMemo<TableColumn<Role>[]>(
    () => [
      { id: 'name', header: t('roles.name'), value: (r) => r.name },
      { id: 'description', header: t('roles.description'), value: (r) => r.description, flex: 2 },
      {
        id: 'requireTwoFactor',
        header: t('twoFactor.admin.roleRequire'),
        value: (r) => (r.requireTwoFactor ? '✓' : ''),
        render: (r) => (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <Switch
              checked={r.requireTwoFactor === true}
              disabled={!canEdit}
              aria-label={`${t('twoFactor.admin.roleRequire')}: ${r.name}`}
              onChange={(_, d) => setRequired(r, d.checked)}
              data-testid={`role-two-factor-${r.id}`}
            />
            {/* Off by default, so a one-PC hotel's first start is unchanged; the Admin role is where it matters most. */}
            {r.isSystem && !r.requireTwoFactor && <Text size={200}>{t('twoFactor.admin.roleRecommended')}</Text>}
          </span>
        ),
        minWidth: 220,
      },
      dateColumn('createdAt', t('fields.createdAt'), (r) => r.createdAt, lang),
    ],
    // setRequired is remade each render; the columns are remade with the rows, so a cell never holds a stale one.
    [t, lang, canEdit, roles.data],
  );

  const title = t('items.Roles');
  return (
    <section data-testid="screen-Roles">
      <ScreenHeader title={title} adding={adding} onToggleAdd={canCreate ? () => setAdding((a) => !a) : undefined} />
      {canCreate && (
        <Collapse open={adding} testId="create-panel">
          <Panel>
            <form className={styles.form} onSubmit={create} data-testid="role-form">
              <Field label={t('roles.name')} required>
                <Input name="name" required maxLength={100} value={draft.name} onChange={(_, d) => setDraft({ ...draft, name: d.value })} />
              </Field>
              <Field label={t('roles.description')}>
                <Input name="description" maxLength={500} value={draft.description} onChange={(_, d) => setDraft({ ...draft, description: d.value })} />
              </Field>
              <div>
                <Button type="submit" appearance="primary" disabled={busy}>
                  {t('common.add')}
                </Button>
              </div>
            </form>
          </Panel>
        </Collapse>
      )}
      <Panel>
        <DataTable
          rows={roles.data ?? NO_ROLES}
          columns={columns}
          rowName={(r) => r.name}
          onEdit={hasClaim(session, 'Administration.Roles.Edit') ? (r) => navigate(clientRoutes.roleDetail(r.id)) : undefined}
          loading={roles.loading}
          renderExport={exportButton(title)}
        />
      </Panel>
    </section>
  );
}

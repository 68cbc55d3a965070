import { Button, Checkbox, MessageBar, MessageBarBody, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { endpoints, type RoleClaim, type RoleDetail, clientRoutes } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { showToast } from '../../feedback/toast';
import { Panel } from '../../ui/Panel';
import { useOnce } from '../../ui/use-once';
import { type LooseTranslate, buildClaimTree, claimLabels, claimsChanged, selectAllState, toggleAll } from './claims-tree';
import './strings';

const useStyles = makeStyles({
  top: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap', marginBottom: '12px' },
  title: { flexGrow: 1, margin: 0 },
  group: { marginBottom: '14px' },
  subgroups: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: '8px 16px' },
  sub: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '6px 10px' },
  claims: { display: 'flex', flexWrap: 'wrap', columnGap: '6px', paddingInlineStart: '18px' },
});

const NO_CLAIMS: RoleClaim[] = [];

/** /Admin/RoleDetail/{id}: the role's claims by category with select-all at every level (SPEC §2). */
export function RoleDetailPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { id } = useParams();
  const roleId = Number(id);
  const client = useQueryClient();
  // Through the query cache: the claims as stored; the page edits a copy of them.
  const detail = useData(keys.roleClaims(roleId), () => call(endpoints.roleClaims, { params: { id: roleId } }), t('roles.claimsLoadError'));
  const loaded = detail.data;
  const failed = detail.failed;
  const [edited, setClaims] = useState<RoleClaim[]>();
  const claims = edited ?? loaded?.claims ?? NO_CLAIMS;
  const [saving, once] = useOnce();

  const tree = useMemo(() => buildClaimTree(claims), [claims]);
  const labels = useMemo(() => claimLabels(t as unknown as LooseTranslate), [t]);
  const dirty = !!loaded && claimsChanged(loaded.claims, claims);
  const back = () => navigate(clientRoutes.roles);

  const update = () =>
    once(async () => {
      if (!loaded) return showToast(t('roles.notAvailable'), 'error');
      try {
        const body = { roleId: loaded.roleId, roleName: loaded.roleName, claims };
        showSuccess(await call(endpoints.updateRoleClaims, { body }), t('roles.updated'));
        // The saved claims are what is stored now; the roles (list and claims) are read again.
        client.setQueriesData<RoleDetail>({ queryKey: keys.roleClaims(roleId) }, (old) => old && { ...old, claims });
        setClaims(undefined);
        void client.invalidateQueries({ queryKey: keys.roles });
      } catch (err) {
        handleError(err, t('roles.updateError'));
      }
    });

  const cancel = () => {
    setClaims(undefined);
    if (dirty) showToast(t('roles.discarded'), 'info');
    back();
  };

  const box = (label: string, scope: RoleClaim[], testId: string) => (
    <Checkbox label={label} checked={selectAllState(scope)} onChange={() => setClaims(toggleAll(claims, scope))} data-testid={testId} />
  );

  return (
    <section data-testid="role-detail">
      <div className={styles.top}>
        <Title2 as="h1" className={styles.title}>
          {t('roles.claimsTitle', { name: loaded?.roleName ?? '' })}
        </Title2>
        <Button appearance="primary" disabled={!dirty || saving} onClick={update} icon={saving ? <Spinner size="tiny" /> : undefined}>
          {t('common.update')}
        </Button>
        <Button onClick={cancel}>{t('common.cancel')}</Button>
      </div>
      {dirty && (
        <MessageBar intent="warning" data-testid="unsaved">
          <MessageBarBody>{t('roles.unsaved')}</MessageBarBody>
        </MessageBar>
      )}
      <Panel>
        {!loaded ? (
          failed ? <Text>{t('roles.claimsLoadError')}</Text> : <Spinner />
        ) : (
          <>
            {box(t('roles.selectAll'), claims, 'select-all')}
            {tree.map((group) => (
              <div key={group.name} className={styles.group} data-testid={`group-${group.name}`}>
                {box(labels.section(group.name), group.subgroups.flatMap((s) => s.claims), `group-all-${group.name}`)}
                <div className={styles.subgroups}>
                  {group.subgroups.map((sub) => (
                    <div key={sub.category} className={styles.sub} data-testid={`category-${sub.category}`}>
                      {box(labels.category(sub.category), sub.claims, `sub-all-${sub.category}`)}
                      <div className={styles.claims}>
                        {sub.claims.map((claim) => (
                          <Checkbox
                            key={claim.claimType}
                            label={labels.action(claim.claimType)}
                            checked={claim.isSelected}
                            onChange={(_, d) => setClaims(claims.map((c) => (c.claimType === claim.claimType ? { ...c, isSelected: !!d.checked } : c)))}
                            data-testid={`claim-${claim.claimType}`}
                          />
                        ))}
                      </div>
                    </div>
                  ))}
                </div>
              </div>
            ))}
          </>
        )}
      </Panel>
    </section>
  );
}

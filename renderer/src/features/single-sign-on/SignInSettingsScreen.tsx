import { Button, Checkbox, Field, Input, Select, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints, type SsoSettings, type SsoSettingsInput } from '@shared';
import { call } from '../../api/client';
import { keys } from '../../api/query';
import { useData } from '../../api/use-data';
import { handleError, showSuccess } from '../../feedback/handle-error';
import { hasClaim, sessionAtom } from '../../session/session';
import { Panel } from '../../ui/Panel';
import { ScreenHeader } from '../../ui/ScreenHeader';
import { useOnce } from '../../ui/use-once';
import { SsoOnlyRoles } from './SsoOnlyRoles';
import './strings';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: '14px 18px' },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', marginTop: '16px' },
  note: { color: tokens.colorNeutralForeground2, display: 'block', marginBottom: '12px' },
  redirect: { display: 'flex', gap: '8px', alignItems: 'center' },
});

/** What the form edits: the stored settings, with the secret write-only ('' keeps the stored one). */
type Draft = Omit<SsoSettingsInput, 'clientSecret' | 'autoLinkDomains'> & { clientSecret: string; autoLinkDomains: string };

/** 'hotel.example, spa.example' → ['hotel.example', 'spa.example'] (the server checks each). */
export const domainsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

function toDraft(s?: SsoSettings): Draft {
  return {
    enabled: s?.enabled ?? false,
    displayName: s?.displayName ?? '',
    issuer: s?.issuer ?? '',
    clientId: s?.clientId ?? '',
    clientSecret: '',
    createUsers: s?.createUsers ?? false,
    defaultRoleId: s?.defaultRoleId ?? null,
    ssoOnlyRoleIds: s?.ssoOnlyRoleIds ?? [],
    autoLinkDomains: (s?.autoLinkDomains ?? []).join(', '),
  };
}

type FieldErrors = Partial<Record<keyof Draft, string>>;

/** The server's messages under the fields they are about (already in the caller's language). */
function fieldErrorsOf(err: unknown): FieldErrors {
  const errors = (err as { response?: { data?: { errors?: { field: string; message: string }[] } } }).response?.data?.errors ?? [];
  return Object.fromEntries(errors.map((e) => [e.field, e.message]));
}

/** Administration → Sign-in: the single sign-on provider, who it may create, and which roles sign in with it only. */
export function SignInSettingsScreen() {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useAtomValue(sessionAtom);
  const canEdit = hasClaim(session, 'Administration.Sign In.Edit');
  const settings = useData(keys.ssoSettings, () => call(endpoints.ssoSettings), t('sso.settings.loadError'));
  const roles = useData(keys.roles, () => call(endpoints.allRoles), null, { enabled: hasClaim(session, 'Administration.Roles.View') });
  const stored = settings.data;
  const [edited, setDraft] = useState<Draft>();
  const draft = edited ?? toDraft(stored);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, onceSave] = useOnce();
  const [copied, setCopied] = useState(false);
  const edit = (change: Partial<Draft>) => setDraft({ ...draft, ...change });

  const save = (e: FormEvent) => {
    e.preventDefault();
    void onceSave(async () => {
      try {
        const body = { ...draft, clientSecret: draft.clientSecret || undefined, autoLinkDomains: domainsOf(draft.autoLinkDomains) };
        showSuccess(await call(endpoints.updateSsoSettings, { body }), t('sso.settings.saved'));
        setErrors({});
        await settings.invalidate();
        setDraft(undefined);
      } catch (err) {
        setErrors(fieldErrorsOf(err));
        handleError(err, t('sso.settings.error'));
      }
    });
  };

  const copyRedirect = async () => {
    if (!stored) return;
    await navigator.clipboard?.writeText(stored.redirectUri).catch(() => undefined);
    setCopied(true);
  };

  const text = (name: 'displayName' | 'issuer' | 'clientId', hint?: string) => (
    <Field label={t(`sso.settings.${name}`)} hint={hint} validationMessage={errors[name]} required={draft.enabled}>
      <Input name={name} value={draft[name]} disabled={!canEdit} onChange={(_, d) => edit({ [name]: d.value })} />
    </Field>
  );

  const roleList = roles.data ?? [];
  const toggleSsoOnly = (id: number, on: boolean) =>
    edit({ ssoOnlyRoleIds: on ? [...draft.ssoOnlyRoleIds, id] : draft.ssoOnlyRoleIds.filter((r) => r !== id) });

  return (
    <section data-testid="screen-SignIn">
      <ScreenHeader title={t('items.SignIn')} />
      <Panel>
        {settings.loading ? (
          <Spinner />
        ) : (
          <form onSubmit={save} data-testid="sso-form" noValidate>
            <Text className={styles.note}>{t('sso.settings.intro')}</Text>
            <div className={styles.grid}>
              <Checkbox className={styles.wide} name="enabled" label={t('sso.settings.enabled')} checked={draft.enabled} disabled={!canEdit} onChange={(_, d) => edit({ enabled: d.checked === true })} />
              {text('displayName', t('sso.settings.displayNameHint', { name: draft.displayName || '…' }))}
              {text('issuer', t('sso.settings.issuerHint'))}
              {text('clientId')}
              <Field
                label={t('sso.settings.clientSecret')}
                hint={stored?.hasClientSecret ? t('sso.settings.secretSet') : t('sso.settings.secretNotSet')}
                validationMessage={errors.clientSecret}
              >
                <Input name="clientSecret" type="password" autoComplete="new-password" value={draft.clientSecret} disabled={!canEdit} onChange={(_, d) => edit({ clientSecret: d.value })} />
              </Field>
              {stored && (
                <Field className={styles.wide} label={t('sso.settings.redirectUri')}>
                  <div className={styles.redirect}>
                    <Input name="redirectUri" readOnly value={stored.redirectUri} style={{ flex: 1 }} />
                    <Button onClick={() => void copyRedirect()}>{copied ? t('sso.settings.copied') : t('sso.settings.copy')}</Button>
                  </div>
                </Field>
              )}
              <Field className={styles.wide} hint={t('sso.settings.createUsersHint')}>
                <Checkbox name="createUsers" label={t('sso.settings.createUsers')} checked={draft.createUsers} disabled={!canEdit} onChange={(_, d) => edit({ createUsers: d.checked === true })} />
              </Field>
              {draft.createUsers && (
                <Field label={t('sso.settings.defaultRole')} required validationMessage={errors.defaultRoleId}>
                  <Select name="defaultRoleId" value={draft.defaultRoleId === null ? '' : String(draft.defaultRoleId)} disabled={!canEdit} onChange={(_, d) => edit({ defaultRoleId: d.value ? Number(d.value) : null })}>
                    <option value="">{t('sso.settings.noRole')}</option>
                    {roleList.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              )}
              <Field className={styles.wide} label={t('sso.settings.autoLinkDomains')} hint={t('sso.settings.autoLinkDomainsHint')} validationMessage={errors.autoLinkDomains}>
                <Input name="autoLinkDomains" value={draft.autoLinkDomains} disabled={!canEdit} placeholder="hotel.example" onChange={(_, d) => edit({ autoLinkDomains: d.value })} />
              </Field>
              <SsoOnlyRoles roles={roleList} chosen={draft.ssoOnlyRoleIds} disabled={!canEdit} onToggle={toggleSsoOnly} error={errors.ssoOnlyRoleIds} />
            </div>
            <Text className={styles.note}>{t('sso.settings.twoFactor')}</Text>
            {canEdit && !session?.userRoles.includes('Admin') && <Text className={styles.note}>{t('sso.settings.adminsOnly')}</Text>}
            {canEdit && (
              <div className={styles.actions}>
                <Button onClick={() => (setDraft(undefined), setErrors({}))}>{t('sso.settings.reset')}</Button>
                <Button type="submit" appearance="primary" disabled={saving}>
                  {t('common.save')}
                </Button>
              </div>
            )}
          </form>
        )}
      </Panel>
    </section>
  );
}

import { Checkbox, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  wide: { gridColumn: '1 / -1' },
  roles: { display: 'flex', flexWrap: 'wrap', gap: '4px 16px' },
  note: { color: tokens.colorNeutralForeground2, display: 'block', marginBottom: '12px' },
});

interface SsoOnlyRolesProps {
  roles: { id: number; name: string }[];
  /** The roles that sign in with single sign-on only. */
  chosen: number[];
  disabled: boolean;
  onToggle(roleId: number, on: boolean): void;
  error?: string;
}

/** The roles whose users may sign in with single sign-on only, one checkbox each. */
export function SsoOnlyRoles({ roles, chosen, disabled, onToggle, error }: SsoOnlyRolesProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  // Not a Field: a Field gives its one control an id, and these are many checkboxes.
  return (
    <div className={styles.wide} role="group" aria-label={t('sso.settings.ssoOnly')}>
      <Text weight="semibold" block>
        {t('sso.settings.ssoOnly')}
      </Text>
      <div className={styles.roles}>
        {roles.map((r) => (
          <Checkbox key={r.id} label={r.name} checked={chosen.includes(r.id)} disabled={disabled} onChange={(_, d) => onToggle(r.id, d.checked === true)} />
        ))}
      </div>
      <Text size={200} block className={styles.note}>
        {t('sso.settings.ssoOnlyHint')}
      </Text>
      {error && (
        <Text role="alert" block style={{ color: tokens.colorPaletteRedForeground1 }}>
          {error}
        </Text>
      )}
    </div>
  );
}

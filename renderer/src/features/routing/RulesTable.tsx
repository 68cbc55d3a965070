import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { RoutingRuleRow } from '@shared';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: '4px' },
});

/** The hotel's rules, each with its edit and remove buttons for those who may change them. */
export function RulesTable({ rows, canEdit, onEdit, onRemove }: { rows: RoutingRuleRow[]; canEdit: boolean; onEdit(rule: RoutingRuleRow): void; onRemove(rule: RoutingRuleRow): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Table size="small" aria-labelledby="routing-rules-title" data-testid="routing-rules">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('routing.rules.scope')}</TableHeaderCell>
          <TableHeaderCell>{t('routing.rules.target')}</TableHeaderCell>
          <TableHeaderCell>{t('routing.rules.autoRoute')}</TableHeaderCell>
          <TableHeaderCell>{t('routing.rules.specialDepartment')}</TableHeaderCell>
          <TableHeaderCell>{t('routing.rules.maxOpenTasks')}</TableHeaderCell>
          <TableHeaderCell>{t('routing.rules.acceptMinutes')}</TableHeaderCell>
          <TableHeaderCell>{t('routing.rules.maxReoffers')}</TableHeaderCell>
          {canEdit && <TableHeaderCell>{t('common.actions')}</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id}>
            <TableCell>{t(`routing.rules.scopes.${r.scope}`)}</TableCell>
            <TableCell>{r.scopeName}</TableCell>
            <TableCell>{r.autoRoute ? t('routing.rules.on') : t('routing.rules.off')}</TableCell>
            <TableCell>{r.departmentName ?? t('routing.rules.specialNone')}</TableCell>
            <TableCell>{r.maxOpenTasks}</TableCell>
            <TableCell>{r.acceptMinutes}</TableCell>
            <TableCell>{r.maxReoffers}</TableCell>
            {canEdit && (
              <TableCell>
                <div className={styles.actions}>
                  <Button size="small" icon={<EditRegular />} aria-label={t('routing.rules.edit', { name: r.scopeName })} onClick={() => onEdit(r)} />
                  <Button size="small" icon={<DeleteRegular />} aria-label={t('routing.rules.remove', { name: r.scopeName })} onClick={() => onRemove(r)} />
                </div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

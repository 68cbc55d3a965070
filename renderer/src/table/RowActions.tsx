import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '6px', alignItems: 'center', height: '100%' },
  edit: {
    backgroundColor: tokens.colorPaletteYellowBackground3,
    color: tokens.colorNeutralForeground1,
    ':hover': { backgroundColor: tokens.colorPaletteYellowBorderActive, color: tokens.colorNeutralForeground1 },
  },
  remove: {
    backgroundColor: tokens.colorPaletteRedBackground3,
    color: tokens.colorNeutralForegroundOnBrand,
    ':hover': { backgroundColor: tokens.colorPaletteRedForeground1, color: tokens.colorNeutralForegroundOnBrand },
  },
});

/** A row's further actions (the Workers screen's Pair a phone), in a menu after edit and delete. */
export interface RowMenuItem {
  key: string;
  label: string;
  onClick(): void;
}

export function RowActions({ name, onEdit, onDelete, menu }: { name: string; onEdit?: () => void; onDelete?: () => void; menu?: RowMenuItem[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.row}>
      {onEdit && (
        <Tooltip content={t('common.edit')} relationship="label">
          <Button size="small" className={styles.edit} icon={<EditRegular />} onClick={onEdit} aria-label={`${t('common.edit')} ${name}`} />
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip content={t('common.delete')} relationship="label">
          <Button size="small" className={styles.remove} icon={<DeleteRegular />} onClick={onDelete} aria-label={`${t('common.delete')} ${name}`} />
        </Tooltip>
      )}
      {menu && menu.length > 0 && (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('table.more', { name })} />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {menu.map((item) => (
                <MenuItem key={item.key} onClick={item.onClick}>
                  {item.label}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </div>
  );
}

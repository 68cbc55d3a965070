import { CounterBadge, makeStyles, mergeClasses, shorthands, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, KeyboardRegular } from '@fluentui/react-icons';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { MenuGroup } from '@shared';
import { newRequestsAtom } from '../features/live/LiveAlerts';
import { buildMenu } from './menu-model';
import './shortcuts/strings';

const useStyles = makeStyles({
  aside: {
    position: 'fixed',
    top: '56px',
    bottom: 0,
    insetInlineStart: 0,
    width: '270px',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    overflowY: 'auto',
    zIndex: 20,
    // Hidden once it has slid away: its shadow stayed on screen along the window's edge.
    visibility: 'hidden',
    transitionProperty: 'transform, visibility',
    transitionDuration: '300ms',
    transitionTimingFunction: 'ease',
    // Griffel mirrors translateX under dir=rtl itself; a :dir(rtl) override would be mirrored too and leave the menu on screen.
    transform: 'translateX(-100%)',
  },
  open: { transform: 'translateX(0)', visibility: 'visible', ':dir(rtl)': { transform: 'translateX(0)' } },
  groupButton: {
    display: 'flex',
    width: '100%',
    justifyContent: 'space-between',
    alignItems: 'center',
    ...shorthands.border('none'),
    backgroundColor: 'transparent',
    padding: '14px 18px',
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    cursor: 'pointer',
    fontFamily: 'inherit',
  },
  chevron: { transitionProperty: 'transform', transitionDuration: '500ms' },
  chevronClosed: { transform: 'rotate(-90deg)', ':dir(rtl)': { transform: 'rotate(90deg)' } },
  // Collapsing animates the row height (0.5 s, SPEC §9).
  items: { display: 'grid', gridTemplateRows: '1fr', transitionProperty: 'grid-template-rows', transitionDuration: '500ms' },
  itemsClosed: { gridTemplateRows: '0fr' },
  itemsInner: { overflow: 'hidden', display: 'flex', flexDirection: 'column' },
  link: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: '10px 18px',
    paddingInlineStart: '34px',
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  shortcuts: { fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground2, ...shorthands.borderTop('1px', 'solid', tokens.colorNeutralStroke2) },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2, fontWeight: tokens.fontWeightSemibold },
});

export interface SideMenuProps {
  open: boolean;
  permissions: readonly string[];
  onClose(): void;
  /** Clicks inside these (the header's toggle) are not "outside". */
  ignoreRef?: React.RefObject<HTMLElement | null>;
  /** Opens the list of keyboard shortcuts (the `?` key does too). */
  onShortcuts?(): void;
}

/** The permission-driven side menu (SPEC §2, §6): collapsible groups, closes on an outside click. */
export function SideMenu({ open, permissions, onClose, ignoreRef, onShortcuts }: SideMenuProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const sections = useMemo(() => buildMenu(permissions), [permissions]);
  const [collapsed, setCollapsed] = useState<Partial<Record<MenuGroup, boolean>>>({});
  const ref = useRef<HTMLElement>(null);
  const newRequests = useAtomValue(newRequestsAtom);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (ref.current?.contains(target) || ignoreRef?.current?.contains(target)) return;
      onClose();
    };
    // Escape closes the menu and gives the focus back to the button that opened it.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      onClose();
      ignoreRef?.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, onClose, ignoreRef]);

  // Opened from the keyboard: the focus moves into the menu (it is no longer inert by now).
  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [open]);

  return (
    <nav ref={ref} aria-label={t('shell.menu')} className={mergeClasses(styles.aside, open && styles.open)} aria-hidden={!open} inert={!open}>
      {sections.map(({ group, items }) => {
        const isOpen = !collapsed[group];
        return (
          <div key={group}>
            <button
              type="button"
              className={styles.groupButton}
              aria-expanded={isOpen}
              onClick={() => setCollapsed((c) => ({ ...c, [group]: isOpen }))}
            >
              {t(`groups.${group}`)}
              <ChevronDownRegular className={mergeClasses(styles.chevron, !isOpen && styles.chevronClosed)} />
            </button>
            <div className={mergeClasses(styles.items, !isOpen && styles.itemsClosed)} aria-hidden={!isOpen} inert={!isOpen}>
              <div className={styles.itemsInner}>
                {items.map(({ item, path }) => (
                  <NavLink key={item} to={path} onClick={onClose} className={({ isActive }) => mergeClasses(styles.link, isActive && styles.active)}>
                    {t(`items.${item as keyof typeof import('../i18n/en').en.items}`)}
                    {item === 'RequestList' && newRequests > 0 && (
                      <CounterBadge count={newRequests} overflowCount={99} size="small" color="danger" aria-label={t('alerts.menuCount', { count: newRequests })} data-testid="menu-new-count" />
                    )}
                  </NavLink>
                ))}
              </div>
            </div>
          </div>
        );
      })}
      {onShortcuts && (
        <button type="button" className={mergeClasses(styles.groupButton, styles.shortcuts)} onClick={onShortcuts} data-testid="menu-shortcuts">
          <span>{t('shortcuts.menuButton')}</span>
          <KeyboardRegular />
        </button>
      )}
    </nav>
  );
}

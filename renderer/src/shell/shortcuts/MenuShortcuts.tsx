import './strings';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Fragment, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useReturnFocus } from '../../ui/use-return-focus';
import { GO_KEY, createSequence, isHelpKey, keyBelongsTo, letterOf, menuShortcuts, type Shortcut } from './shortcut-keys';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', marginTop: '12px' },
  cell: { textAlign: 'start', paddingBlock: '6px', paddingInlineEnd: '16px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  kbd: {
    fontFamily: tokens.fontFamilyMonospace,
    padding: '1px 6px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

/**
 * The keyboard shortcuts of the signed-in shell: g then a screen's key opens that screen
 * (g r: Guests Requests), `?` lists them in a dialog. Keys typed into a text box, or
 * meant for an open menu or dialog, are theirs.
 */
export interface MenuShortcutsProps {
  permissions: readonly string[];
  helpOpen: boolean;
  onHelp(open: boolean): void;
  /** A shortcut opened a screen (the side menu closes, as after a click on its link). */
  onGo?(): void;
}

export function MenuShortcuts({ permissions, helpOpen, onHelp, onGo }: MenuShortcutsProps) {
  const navigate = useNavigate();
  const shortcuts = useMemo(() => menuShortcuts(permissions), [permissions]);
  useReturnFocus(helpOpen);
  const latest = useRef({ navigate, onHelp, onGo, helpOpen });
  latest.current = { navigate, onHelp, onGo, helpOpen };

  useEffect(() => {
    const sequence = createSequence(shortcuts);
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.isComposing || latest.current.helpOpen || keyBelongsTo(e.target)) {
        sequence.reset();
        return;
      }
      if (isHelpKey(e)) {
        sequence.reset();
        e.preventDefault();
        latest.current.onHelp(true);
        return;
      }
      // When the key was pressed, not when a busy page got round to it: g then r typed quickly is a sequence even
      // while a list is still drawing (a slow front-desk PC; CI saw a key handled 1.6 s after it was pressed).
      const next = sequence.press(e.shiftKey ? undefined : letterOf(e), e.timeStamp);
      if (next === undefined) return;
      // The grid or a focused control does nothing with these letters; the page must not scroll or search.
      e.preventDefault();
      if (next === 'pending') return;
      latest.current.onGo?.();
      latest.current.navigate(next);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shortcuts]);

  // Mounted only while open: a Fluent dialog, even closed, makes the focus manager add aria-hidden tab stops to the page.
  return helpOpen ? <ShortcutsDialog shortcuts={shortcuts} onClose={() => onHelp(false)} /> : null;
}

function Keys({ keys }: { keys: string[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  // The keys read left to right in Arabic too, as printed on the keyboard.
  return (
    <span dir="ltr">
      {keys.map((key, i) => (
        <Fragment key={i}>
          {i > 0 && ` ${t('shortcuts.then')} `}
          <kbd className={styles.kbd}>{key}</kbd>
        </Fragment>
      ))}
    </span>
  );
}

function ShortcutsDialog({ shortcuts, onClose }: { shortcuts: Shortcut[]; onClose(): void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const screenName = (item: string) =>
    item === 'Home' ? t('shell.home') : item === 'MyQueue' ? t('queue.myQueue') : t(`items.${item as keyof typeof import('../../i18n/en').en.items}`);
  const rows: [ReactNode, string, string][] = [
    [<Keys key="help" keys={['?']} />, t('shortcuts.help'), 'help'],
    [<Keys key="enter" keys={['Enter']} />, t('shortcuts.openRow'), 'open-row'],
    ...shortcuts.map((s): [ReactNode, string, string] => [<Keys key={s.item} keys={[GO_KEY, s.key]} />, t('shortcuts.goTo', { screen: screenName(s.item) }), s.item]),
  ];
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="shortcuts-dialog">
        <DialogBody>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogContent>
            <Text block>{t('shortcuts.intro')}</Text>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th className={styles.cell} scope="col">
                    {t('shortcuts.keys')}
                  </th>
                  <th className={styles.cell} scope="col">
                    {t('shortcuts.opens')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([keys, does, id]) => (
                  <tr key={id} data-testid={`shortcut-${id}`}>
                    <td className={styles.cell}>{keys}</td>
                    <td className={styles.cell}>{does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('shortcuts.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

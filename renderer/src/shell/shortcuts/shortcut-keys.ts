import { clientRoutes } from '@shared/routes';
import { buildMenu } from '../menu-model';

/** The key that starts every "go to" sequence (g then r: Guests Requests). */
export const GO_KEY = 'g';
/** How long the second key of a sequence may wait after the first. */
export const SEQUENCE_MS = 1500;

/**
 * The second key of each screen's sequence: the first letter of its English name where
 * free, else a letter of its name. Physical keys, so they work on an Arabic layout too.
 */
const SCREEN_KEYS: Record<string, string> = {
  Home: 'h',
  RequestList: 'r',
  ServiceList: 's',
  MyQueue: 'q',
  Company: 'c',
  Hotel: 't',
  UseType: 'y',
  RoomType: 'k',
  Room: 'o',
  ServiceGroup: 'p',
  Service: 'v',
  Worker: 'w',
  Departments: 'd',
  Routing: 'i',
  Users: 'u',
  Roles: 'l',
  EmailSettings: 'm',
  CannedReplies: 'n',
  ServiceLevels: 'e',
  GuestFeedback: 'f',
};

export interface Shortcut {
  /** The second key, after GO_KEY. */
  key: string;
  /** The menu item (its label is `items.<item>`), or Home and MyQueue. */
  item: string;
  path: string;
}

/** The sequences of the screens this user may open: Home, every side-menu item, and My queue with the Services List. */
export function menuShortcuts(permissions: readonly string[]): Shortcut[] {
  const out: Shortcut[] = [{ key: SCREEN_KEYS.Home, item: 'Home', path: clientRoutes.home }];
  for (const { items } of buildMenu(permissions)) {
    for (const { item, path } of items) {
      const key = SCREEN_KEYS[item];
      if (key) out.push({ key, item, path });
      if (item === 'ServiceList') out.push({ key: SCREEN_KEYS.MyQueue, item: 'MyQueue', path: `${path}?mine=true` });
    }
  }
  return out;
}

/** The letter of a key press: the typed Latin letter, or the physical key's on another layout (ل on an Arabic keyboard is g). */
export function letterOf(event: Pick<KeyboardEvent, 'key' | 'code'>): string | undefined {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const physical = /^Key([A-Z])$/.exec(event.code);
  return physical ? physical[1].toLowerCase() : undefined;
}

/** `?` opens the help: on an Arabic layout the same key types ؟. */
export const isHelpKey = (event: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey'>) => event.key === '?' || event.key === '؟' || (event.code === 'Slash' && event.shiftKey);

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image']);

/** Whether a key pressed here is typing (a text box, a combobox, editable text) or belongs to an open menu, list or dialog. */
export function keyBelongsTo(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLElement && target.isContentEditable) return true;
  return !!target.closest('[role="textbox"], [role="combobox"], [role="searchbox"], [role="spinbutton"], [role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"], [contenteditable="true"]');
}

/**
 * The "go to" sequence: GO_KEY, then a screen's key within SEQUENCE_MS. `press` answers the
 * path to open, 'pending' after GO_KEY, or undefined. The clock is passed in (tests drive it).
 */
export function createSequence(shortcuts: readonly Shortcut[]) {
  let startedAt: number | undefined;
  return {
    press(letter: string | undefined, now: number): string | 'pending' | undefined {
      const started = startedAt !== undefined && now - startedAt <= SEQUENCE_MS;
      startedAt = undefined;
      if (started) {
        const hit = shortcuts.find((s) => s.key === letter);
        if (hit) return hit.path;
      }
      if (letter === GO_KEY) {
        startedAt = now;
        return 'pending';
      }
      return undefined;
    },
    reset() {
      startedAt = undefined;
    },
  };
}

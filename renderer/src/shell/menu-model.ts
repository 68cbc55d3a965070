import { CATALOGUE, MENU_GROUPS, hasScreen, menuEntry, type MenuGroup } from '@shared/permissions';
import { listRoute } from '@shared/routes';

export interface MenuItem {
  item: string;
  path: string;
}
export interface MenuSection {
  group: MenuGroup;
  items: MenuItem[];
}

/** Items with a permission but no menu link (SPEC §2: the booking-room screen is reached by URL only). */
const HIDDEN_ITEMS = new Set(['BookingRoom']);

/**
 * The side menu from the login's permission list (SPEC §6): catalogue order within
 * each section, only permitted items, sections without items left out.
 */
export function buildMenu(permissions: readonly string[]): MenuSection[] {
  const held = new Set(permissions);
  const sections = new Map<MenuGroup, MenuItem[]>();
  for (const entry of CATALOGUE) {
    const permission = `${entry.section}.${entry.item}`;
    const link = menuEntry(permission);
    // An item without View or Read (Escalations: Receive) is a right to hold, not a screen to open.
    const screen = hasScreen(entry);
    if (!link || !screen || !held.has(permission) || HIDDEN_ITEMS.has(link.item)) continue;
    const items = sections.get(link.group) ?? [];
    items.push({ item: link.item, path: listRoute(link.group, link.item) });
    sections.set(link.group, items);
  }
  return Object.values(MENU_GROUPS)
    .filter((group) => sections.has(group))
    .map((group) => ({ group, items: sections.get(group)! }));
}

/** The list routes the user may open: every permitted item, hidden ones included (SPEC §2). */
export function permittedRoutes(permissions: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const permission of permissions) {
    const link = menuEntry(permission);
    if (link) out.add(`${link.group}/${link.item}`);
  }
  return out;
}

/**
 * The claim catalogue. A claim is `Section.Item.Action`; a permission (what the
 * login answer lists and the menu is built from) is `Section.Item`, granted when
 * the user holds that item's `View` claim. Item names may contain spaces; the
 * menu/route segment is the item with spaces removed (SPEC §3, §6).
 */
export const SECTIONS = ['Basic Data', 'Service Management', 'Administration', 'Reports'] as const;
export type Section = (typeof SECTIONS)[number];

export const MENU_GROUPS = {
  'Basic Data': 'BasicData',
  'Service Management': 'ServiceManagement',
  Administration: 'Administration',
  Reports: 'Reports',
} as const satisfies Record<Section, string>;
export type MenuGroup = (typeof MENU_GROUPS)[Section];

interface CatalogueItem {
  section: Section;
  item: string;
  actions: readonly string[];
}

const CRUD = ['View', 'Create', 'Edit', 'Delete'] as const;

/** In SPEC §6 order within each section. */
export const CATALOGUE = [
  { section: 'Basic Data', item: 'Company', actions: CRUD },
  { section: 'Basic Data', item: 'Hotel', actions: CRUD },
  { section: 'Basic Data', item: 'Use Type', actions: CRUD },
  { section: 'Basic Data', item: 'Room Type', actions: CRUD },
  { section: 'Basic Data', item: 'Booking Room', actions: ['View', 'Create', 'Edit'] },
  { section: 'Basic Data', item: 'Room', actions: CRUD },
  { section: 'Basic Data', item: 'Service Group', actions: CRUD },
  { section: 'Basic Data', item: 'Service', actions: CRUD },
  { section: 'Basic Data', item: 'Worker', actions: [...CRUD, 'Pair'] },
  { section: 'Basic Data', item: 'Departments', actions: CRUD },
  // Routing rules, rosters and zones; the desk's on/off shift is Service List.Assign's. Read, not
  // View: View puts an item in the side menu, and the routing screens do not exist yet.
  { section: 'Basic Data', item: 'Routing', actions: ['Read', 'Edit'] },
  // Create: file a request on a guest's behalf (taken by phone or at the desk).
  { section: 'Service Management', item: 'Request List', actions: ['View', 'Create'] },
  { section: 'Service Management', item: 'Service List', actions: ['View', 'Assign', 'Complete', 'Reject', 'Acknowledge'] },
  // Who is told when a line misses its service-level target; no screen of its own.
  { section: 'Service Management', item: 'Escalations', actions: ['Receive'] },
  { section: 'Administration', item: 'Users', actions: ['View', 'Create', 'Edit'] },
  { section: 'Administration', item: 'Roles', actions: ['View', 'Create', 'Edit'] },
  { section: 'Administration', item: 'Email Settings', actions: ['View', 'Edit'] },
  { section: 'Administration', item: 'Canned Replies', actions: CRUD },
  { section: 'Administration', item: 'Security Audit', actions: ['View'] },
  { section: 'Administration', item: 'Integrations', actions: ['View', 'Edit'] },
  { section: 'Reports', item: 'Service Levels', actions: ['View'] },
  // Follow Up: move a low rating's service-recovery follow-up on (contacted, resolved) with a note.
  { section: 'Reports', item: 'Guest Feedback', actions: ['View', 'Follow Up'] },
] as const satisfies readonly CatalogueItem[];

type Entry = (typeof CATALOGUE)[number];
export type Permission = `${Entry['section']}.${Entry['item']}`;
export type Claim = { [K in Entry as K['item']]: `${K['section']}.${K['item']}.${K['actions'][number]}` }[Entry['item']];

export const ALL_CLAIMS: readonly Claim[] = CATALOGUE.flatMap((entry) =>
  entry.actions.map((action) => `${entry.section}.${entry.item}.${action}` as Claim),
);

export const ALL_PERMISSIONS: readonly Permission[] = CATALOGUE.map((e) => `${e.section}.${e.item}` as Permission);

export function isClaim(value: string): value is Claim {
  return (ALL_CLAIMS as readonly string[]).includes(value);
}

/** 'Basic Data.Use Type.View' → 'Basic Data [Use Type]' (the role-detail grouping, SPEC §2). */
export function claimCategory(claim: string): string {
  const parts = claim.split('.');
  return `${parts[0]} [${parts[1]}]`;
}

/** The permissions (`Section.Item`) a set of claims gives: every item whose View claim is held. */
export function permissionsFromClaims(claims: Iterable<string>): Permission[] {
  const held = new Set(claims);
  return ALL_PERMISSIONS.filter((p) => held.has(`${p}.View`));
}

/** 'Basic Data.Use Type' → { group: 'BasicData', item: 'UseType' }: the menu link /Admin/{group}/{item}. */
export function menuEntry(permission: string): { group: MenuGroup; item: string } | undefined {
  const dot = permission.indexOf('.');
  const section = permission.slice(0, dot) as Section;
  if (!(section in MENU_GROUPS)) return undefined;
  return { group: MENU_GROUPS[section], item: permission.slice(dot + 1).replace(/\s+/g, '') };
}

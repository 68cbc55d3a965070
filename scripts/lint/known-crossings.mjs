// The crossings of scripts/lint/walls.mjs's walls that were there when the walls were put up (issue 44),
// allowed here and nowhere else. The list only shrinks: once a crossing is gone, its line goes too
// (tests/unit/architecture/lint-walls.test.ts fails while a line names a crossing that no longer exists).
// Today's lists: node -e "import('./scripts/lint/walls.mjs').then((w) => console.log(w.moduleCycleEdges(), w.featureInternalImports()))"

/**
 * Server module imports that close an import cycle (`from -> to`): 24 (38 before access/ took the scope
 * rule out of requests, 25 before live/ took the pushes out of routing), in two knots: account with administration, sessions, single-sign-on and
 * two-factor; requests with integrations/api-keys, integrations/stays, reports, routing and work.
 */
export const KNOWN_MODULE_CYCLES = [
  'account -> administration',
  'account -> sessions',
  'account -> single-sign-on',
  'account -> two-factor',
  'administration -> account',
  'integrations/api-keys -> requests',
  'integrations/stays -> requests',
  'reports -> integrations/stays',
  'reports -> requests',
  'requests -> integrations/api-keys',
  'requests -> integrations/stays',
  'requests -> reports',
  'requests -> routing',
  'requests -> work',
  'routing -> requests',
  'sessions -> account',
  'sessions -> administration',
  'single-sign-on -> account',
  'single-sign-on -> administration',
  'two-factor -> account',
  'two-factor -> administration',
  'two-factor -> sessions',
  'work -> requests',
  'work -> routing',
];

/**
 * Renderer features importing another feature's internals (`feature -> other/file`): none (83 when the
 * walls went up; the string tables moved beside their features, shared widgets and data hooks to ui/ and
 * api/, and what a feature offers the others is named in its index.ts). Keep it empty.
 */
export const KNOWN_FEATURE_INTERNALS = [];

// The crossings of scripts/lint/walls.mjs's walls that were there when the walls were put up (issue 44),
// allowed here and nowhere else. The list only shrinks: once a crossing is gone, its line goes too
// (tests/unit/architecture/lint-walls.test.ts fails while a line names a crossing that no longer exists).
// Today's lists: node -e "import('./scripts/lint/walls.mjs').then((w) => console.log(w.moduleCycleEdges(), w.featureInternalImports()))"

/**
 * Server module imports that close an import cycle (`from -> to`): none. There were 38 when the walls
 * went up; access/ took the scope rule out of requests, sign-in/ the session primitives out of account,
 * live/ the side effects the services called by hand (live events, the stream hub, pushes). Keep it empty.
 */
export const KNOWN_MODULE_CYCLES = [];

/**
 * Renderer features importing another feature's internals (`feature -> other/file`): none (83 when the
 * walls went up; the string tables moved beside their features, shared widgets and data hooks to ui/ and
 * api/, and what a feature offers the others is named in its index.ts). Keep it empty.
 */
export const KNOWN_FEATURE_INTERNALS = [];

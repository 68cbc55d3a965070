import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { KNOWN_FEATURE_INTERNALS, KNOWN_MODULE_CYCLES } from './scripts/lint/known-crossings.mjs';
import house from './scripts/lint/walls.mjs';

const boundary = (patterns, message) => ({ 'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group, message })) }] });

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-server', 'dist-server-test', 'dist-server-test-*', 'dist-electron', 'release', 'data', 'test-results', 'playwright-report', 'artifacts', 'server/src/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-control-regex': 'off',
    },
  },
  // Boundaries (STYLE §4): the contract imports no other part; clients never import the server or electron.
  { files: ['shared/**'], rules: boundary([['**/server/**', '**/renderer/**', '**/guest-web/**', '**/work-web/**', '**/clients-kit/**', '**/electron/**', 'electron']], 'shared/ imports no other part') },
  {
    files: ['renderer/**', 'guest-web/**', 'work-web/**'],
    rules: boundary([['**/server/**', '**/electron/**', 'electron']], 'clients talk to the server over HTTP and to electron through the platform interface only'),
  },
  // The phone pages' kit (clients-kit/: shell, i18n set-up, error envelope, calls) serves both pages and knows neither;
  // a phone page takes what the other also uses from the kit, never from the other's files.
  // (Each repeats the clients' wall: a later no-restricted-imports replaces an earlier one for the same file.)
  {
    files: ['clients-kit/**'],
    rules: boundary([['**/server/**', '**/electron/**', 'electron', '**/renderer/**', '**/guest-web/**', '**/work-web/**']], 'the phone pages\' kit talks to the server over HTTP and imports only shared/, never a client'),
  },
  {
    files: ['guest-web/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/electron/**', 'electron'], message: 'clients talk to the server over HTTP and to electron through the platform interface only' },
            { group: ['**/work-web/**', '**/renderer/**'], message: "a phone page imports no other client: what both phone pages use lives in clients-kit/" },
          ],
        },
      ],
    },
  },
  {
    files: ['work-web/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/electron/**', 'electron'], message: 'clients talk to the server over HTTP and to electron through the platform interface only' },
            { group: ['**/guest-web/**', '**/renderer/**'], message: "a phone page imports no other client: what both phone pages use lives in clients-kit/" },
          ],
        },
      ],
    },
  },
  // The shared list table serves every screen and knows none: a screen passes in its export, cells and actions.
  // (Repeats the clients' wall: a later no-restricted-imports replaces an earlier one for the same file.)
  {
    files: ['renderer/src/table/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/electron/**', 'electron'], message: 'clients talk to the server over HTTP and to electron through the platform interface only' },
            { group: ['**/features/**'], message: 'the list table imports no feature: the screen passes in what it needs' },
          ],
        },
      ],
    },
  },
  { files: ['server/**'], rules: boundary([['**/renderer/**', '**/guest-web/**', '**/work-web/**', '**/clients-kit/**', '**/electron/**', 'electron']], 'the server imports only shared/') },
  // The desktop shell shares types with the admin app through shared/ only: it never reaches into a client's source.
  { files: ['electron/**'], rules: boundary([['**/renderer/**', '**/guest-web/**', '**/work-web/**', '**/clients-kit/**', '**/server/**']], 'electron/ imports shared/ only, never a client or the server') },
  // Walls inside a part (scripts/lint/walls.mjs): no import cycle between server modules, and a renderer
  // feature never reaches into another's files. Today's crossings are allowed in one list only, which only shrinks.
  { files: ['server/src/modules/**'], plugins: { house }, rules: { 'house/no-module-cycle': ['error', { known: KNOWN_MODULE_CYCLES }] } },
  { files: ['renderer/src/features/**'], plugins: { house }, rules: { 'house/no-feature-internals': ['error', { known: KNOWN_FEATURE_INTERNALS }] } },
  // No function over 120 lines in product code (issue 44): a longer one is split into hooks, parts or plugins.
  // Tests are not held to it (a describe block is long by nature).
  {
    files: ['server/src/**', 'renderer/src/**', 'guest-web/src/**', 'work-web/src/**', 'clients-kit/**', 'shared/**', 'electron/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  // The server speaks through its logger (pino: levels, JSON under a service manager), never the console.
  // The few lines printed before a logger exists, and the start banner, say why where they are (server/src/main.ts).
  // The command-line tools (server/src/cli/) talk to the person at the terminal, so they print.
  { files: ['server/src/**'], ignores: ['server/src/cli/**'], rules: { 'no-console': 'error' } },
  // The database appears only in repositories and db/ (STYLE §3). Types (a column type, Db)
  // may travel; a query builder, a table or raw rows may not.
  {
    files: ['server/src/**'],
    ignores: [
      'server/src/**/*.repository.ts',
      'server/src/db/**',
      // Start-up seeds write the first admin and demo data straight into tables, before any request.
      'server/src/seed/**',
      // The table of each master-data entity, described once for the generic basic-data repository (no query of its own).
      'server/src/modules/basic-data/basic-data.entities.ts',
      // Who sees what: one rule read off as an SQL filter (for the repositories) and as a predicate; it runs no query itself.
      'server/src/access/scope.ts',
      // The name a reader sees, as an SQL expression for the repositories; it runs no query either.
      'server/src/access/names.ts',
      // The per-request session check: one prepared statement on the hot path of every call.
      'server/src/security/session-guard.ts',
      // Guests' finished-request mail: an outbox whose lease and retry schedule are its SQL.
      'server/src/modules/service-levels/guest-mail.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'database access belongs in a *.repository.ts (or server/src/db/)' },
            { group: ['**/db/schema', '**/db/schema/*'], allowTypeImports: true, message: 'tables are read and written in a *.repository.ts (or server/src/db/)' },
            { group: ['**/db/client'], importNames: ['rowsOf'], message: 'raw query rows belong in a *.repository.ts (or server/src/db/)' },
          ],
        },
      ],
    },
  },
);

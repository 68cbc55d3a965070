import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (patterns, message) => ({ 'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group, message })) }] });

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-server', 'dist-electron', 'release', 'data', 'test-results', 'playwright-report', 'artifacts', 'server/src/db/migrations'] },
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
  { files: ['shared/**'], rules: boundary([['**/server/**', '**/renderer/**', '**/guest-web/**', '**/work-web/**', '**/electron/**', 'electron']], 'shared/ imports no other part') },
  {
    files: ['renderer/**', 'guest-web/**', 'work-web/**'],
    rules: boundary([['**/server/**', '**/electron/**', 'electron']], 'clients talk to the server over HTTP and to electron through the platform interface only'),
  },
  { files: ['server/**'], rules: boundary([['**/renderer/**', '**/guest-web/**', '**/work-web/**', '**/electron/**', 'electron']], 'the server imports only shared/') },
);

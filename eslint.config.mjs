// @ts-check
// The linter (issue 23, item 4): typescript-eslint's recommended set, strict where a rule finds bugs (an unused
// import or variable, an expression that does nothing, a stray eslint-disable, a rethrown error without its cause)
// and silent on matters of taste, which Prettier decides. Deliberate exceptions, each with its reason:
//   no-control-regex  — this server's job includes refusing control characters from outside input (NUL in text,
//                       C0 in URLs and headers); regular expressions naming them are the point, not a mistake;
//   no-explicit-any   — off in tests and the conformance suite only: they read untyped JSON answers of the
//                       server under test; server code has none;
//   `_`-prefixed names — unused on purpose (type-level tests, callbacks keeping a position).
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'URL'].map((name) => [
    name,
    'readonly',
  ]),
);

export default tseslint.config(
  {
    ignores: [
      'generated/**',
      '**/node_modules/**',
      '**/dist/**',
      'reports/**',
      'bench/tmp/**',
      '.data/**',
      '.tools/**',
      'tmp/**',
    ],
  },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: nodeGlobals },
    rules: {
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'test/**', 'client/test/**', 'conformance/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);

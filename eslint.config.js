// ESLint flat config: zero warnings allowed (`--max-warnings=0`). The boundary rules encode the
// architecture's import rules (design/architecture.md, style.md "one way in"):
// - src/domain is pure: it imports nothing of the app, React or browser libraries;
// - aws-amplify only in src/lib/auth, Dexie only in src/lib/db, fetch only in src/lib/api and sw/;
// - features import each other only through their index;
// - sw/ and workers import only domain/ and lib/db (+ lib/outbox);
// - server/ imports only src/domain from the front end.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const amplifyImports = {
  group: ['aws-amplify', 'aws-amplify/*', '@aws-amplify/*'],
  message: 'aws-amplify is imported only in src/lib/auth.',
};
const dexieImports = {
  group: ['dexie', 'dexie-react-hooks'],
  message: 'Dexie is imported only in src/lib/db.',
};
const featureInternals = {
  group: ['@/features/*/*'],
  message: 'Import another feature through its index (@/features/<name>).',
};
const fetchRestriction = {
  name: 'fetch',
  message: 'Network calls go through src/lib/api (the one API client).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.app.json', 'tsconfig.node.json', 'tsconfig.sw.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['eslint.config.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The browser app.
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'no-restricted-globals': ['error', fetchRestriction],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: fetchRestriction.message },
        { object: 'globalThis', property: 'fetch', message: fetchRestriction.message },
        { object: 'self', property: 'fetch', message: fetchRestriction.message },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [amplifyImports, dexieImports, featureInternals] },
      ],
    },
  },
  {
    // The API client, and the outbox's drainer: it runs in the service worker too and needs the
    // raw status of every answer to drive its state machine (design/outbox.md).
    files: ['src/lib/api/**', 'src/lib/outbox/drain.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/lib/auth/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [dexieImports, featureInternals] }] },
  },
  {
    files: ['src/lib/db/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [amplifyImports, featureInternals] }] },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            amplifyImports,
            dexieImports,
            featureInternals,
            { group: ['@/routes/*', '**/routes/*'], message: 'Features never import routes.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features', '@/features/*', '@/routes/*', '@/app/*'],
              message: 'lib/ is shared: it never imports features, routes or app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Pure TypeScript shared by the app, the worker, the service worker and the server.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/*',
                '**/lib/**',
                '**/features/**',
                '**/app/**',
                '**/routes/**',
                '**/workers/**',
                'react',
                'react-dom',
                'react/*',
                '@mantine/*',
                '@tanstack/*',
                'dexie',
                'aws-amplify',
                'aws-amplify/*',
              ],
              message:
                'src/domain is pure TypeScript: it imports nothing of the app or its UI libraries.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/workers/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features',
                '@/features/*',
                '@/routes/*',
                '@/app/*',
                '@/lib/api',
                '@/lib/api/*',
                '@/lib/auth',
                '@/lib/auth/*',
                'react',
                'react-dom',
              ],
              message: 'Workers import only domain/ and lib/db (+ lib/outbox).',
            },
          ],
        },
      ],
    },
  },
  // The service worker.
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/src/features/**',
                '**/src/routes/**',
                '**/src/app/**',
                '**/src/lib/api/**',
                '**/src/lib/auth/**',
                'react',
                'react-dom',
                '@mantine/*',
              ],
              message: 'sw/ imports only src/domain and src/lib/db (+ lib/outbox).',
            },
          ],
        },
      ],
    },
  },
  // Node: server, scripts, tests, configs.
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.ts',
      'tests/server/**/*.ts',
      'tests/e2e/**/*.ts',
      '*.config.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*', '!**/src/domain', '**/src/!(domain)/**', '@/*'],
              message: 'server/ imports only src/domain from the front end.',
            },
          ],
        },
      ],
    },
  },
);

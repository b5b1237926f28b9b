// ESLint flat config: zero warnings allowed (`--max-warnings=0`). The boundary rules encode the
// architecture's import rules (design/architecture.md, style.md "one way in"), and
// tests/unit/lint-rules.test.ts proves each of them bites:
// - src/domain is pure: it imports nothing of the app, React or browser libraries;
// - aws-amplify only in src/lib/auth, Dexie only in src/lib/db, fetch only in src/lib/api and sw/;
// - a feature imports another feature only through its index (src/features/<name>/index.ts),
//   by alias, relative path or dynamic import alike, and the feature graph has no cycle;
// - src/lib and src/domain never import features, routes or app;
// - sw/ and workers import only domain/ and lib/ (never features, lib/api or lib/auth);
// - server/ imports only src/domain from the front end.
// no-restricted-imports matches what an import *says* (package names, aliases); the zones of
// import-x/no-restricted-paths match where it *resolves*, so relative and dynamic imports are
// caught too. Both need the TypeScript resolver, which also lets import-x/no-cycle follow
// .ts/.tsx imports (without it, it silently checked nothing). `npm test` also runs
// scripts/check-cycles.ts over the whole tree.
import { readdirSync } from 'node:fs';
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
const sharedNeverImportsFeatures = {
  group: ['@/features', '@/features/*', '@/routes/*', '@/app/*'],
  message: 'lib/ is shared: it never imports features, routes or app.',
};
const fetchRestriction = {
  name: 'fetch',
  message: 'Network calls go through src/lib/api (the one API client).',
};
/** One `no-restricted-imports` setting from pattern lists (flat config replaces, never merges). */
const restrictImports = (...patterns) => ['error', { patterns: patterns.flat() }];

// Every feature folder, read from disk so a new feature is fenced in without editing this file.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const boundaryZones = [
  // A feature reaches another only through its index: internals are private.
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [
      `./${feature}`,
      ...FEATURES.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message: 'A feature imports another feature only through its index (src/features/<name>).',
  })),
  {
    target: './src/features',
    from: ['./src/routes', './src/app', './src/main.tsx'],
    message: 'Features never import routes or app: routes compose features.',
  },
  {
    target: ['./src/lib', './src/domain'],
    from: ['./src/features', './src/routes', './src/app', './src/main.tsx'],
    message: 'lib/ and domain/ are shared: they never import features, routes or app.',
  },
  {
    target: './src/domain',
    from: ['./src/lib', './src/workers'],
    message: 'src/domain is pure TypeScript: it imports nothing from lib/ or workers/.',
  },
  {
    target: ['./sw', './src/workers'],
    from: [
      './src/features',
      './src/routes',
      './src/app',
      './src/main.tsx',
      './src/lib/api',
      './src/lib/auth',
    ],
    message: 'sw/ and workers import only src/domain and src/lib (db, outbox, scoring).',
  },
  {
    target: ['./src/features', './src/routes', './src/app', './src/lib'],
    from: './src/workers',
    message: 'Worker code runs in its worker: the page loads it by URL, never by import.',
  },
  {
    target: './server',
    from: './src',
    except: ['./domain'],
    message: 'server/ imports only src/domain from the front end.',
  },
];

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
      // Without these import-x parses only .js files when it follows an import, so no-cycle
      // never saw a .ts/.tsx dependency (issue 15).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'tsconfig.app.json',
            'tsconfig.worker.json',
            'tsconfig.sw.json',
            'tsconfig.node.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
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
      'no-restricted-imports': restrictImports(amplifyImports, dexieImports, featureInternals),
    },
  },
  {
    // The API client, and the outbox's drainer: it runs in the service worker too and needs the
    // raw status of every answer to drive its state machine (design/outbox.md).
    files: ['src/lib/api/**', 'src/lib/outbox/drain.ts'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': restrictImports(amplifyImports, dexieImports, featureInternals, {
        group: ['@/routes/*', '**/routes/*'],
        message: 'Features never import routes.',
      }),
    },
  },
  // src/lib: each block lists every restriction that applies to its files (a later block's
  // setting replaces an earlier one, so the app-wide Dexie/Amplify rules are repeated here).
  {
    files: ['src/lib/**'],
    ignores: ['src/lib/auth/**', 'src/lib/db/**'],
    rules: {
      'no-restricted-imports': restrictImports(
        amplifyImports,
        dexieImports,
        sharedNeverImportsFeatures,
      ),
    },
  },
  {
    files: ['src/lib/auth/**'],
    rules: { 'no-restricted-imports': restrictImports(dexieImports, sharedNeverImportsFeatures) },
  },
  {
    files: ['src/lib/db/**'],
    rules: {
      'no-restricted-imports': restrictImports(amplifyImports, sharedNeverImportsFeatures),
    },
  },
  {
    // Pure TypeScript shared by the app, the worker, the service worker and the server.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': restrictImports({
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
      }),
    },
  },
  {
    files: ['src/workers/**'],
    languageOptions: { globals: { ...globals.worker } },
    rules: {
      'no-restricted-imports': restrictImports(amplifyImports, dexieImports, {
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
        message: 'Workers import only domain/ and lib/ (db, scoring).',
      }),
    },
  },
  // The service worker.
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
    rules: {
      'no-restricted-imports': restrictImports(amplifyImports, dexieImports, {
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
      }),
    },
  },
  // Node: server, scripts, tests, configs.
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.ts',
      'tests/server/**/*.ts',
      'tests/e2e/**/*.ts',
      'tests/fixtures/**/*.ts',
      '*.config.ts',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrictImports({
        group: ['**/src/*', '!**/src/domain', '**/src/!(domain)/**', '@/*'],
        message: 'server/ imports only src/domain from the front end.',
      }),
    },
  },
);

import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';

// Two projects: `unit` runs app code under happy-dom (with fake-indexeddb for Dexie), `server`
// runs the Fastify app in Node. The browser journeys are Playwright's (tests/e2e).
export default defineConfig({
  plugins: [react()],
  define: { __BUILD_ID__: JSON.stringify('test') },
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      'virtual:pwa-register': fileURLToPath(
        new URL('./tests/unit/fakes/pwa-register.ts', import.meta.url),
      ),
    },
  },
  test: {
    // Every core: Vitest's default leaves one for its own process, which on this project's
    // 2-core machines means one test file at a time. Measured on one (docs/decisions.md "Test
    // run time"): unit 274 s -> 191 s, server on PGlite 588 s -> 455 s.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/setup.ts'],
          // Room for several 5 s waits (tests/unit/setup.ts) on a loaded machine.
          testTimeout: 20_000,
          css: {
            // Stylesheets a test asserts on (the error screens must look right without the theme).
            include: [/(error-details-button|root-error-boundary)\.module\.css$/],
            modules: { classNameStrategy: 'non-scoped' },
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/support/global-setup.ts'],
          // PGlite copies take ~1 s to open; real work per test is small.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

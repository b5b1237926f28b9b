import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath, URL } from 'node:url';
import { compileHintsPlugin } from './scripts/compile-hints';
import { cssModuleMap } from './scripts/css-module-map';
import { guardedPrecache } from './scripts/guarded-precache';
import { precompressPlugin } from './scripts/precompress-assets';
import { preloadDeps } from './scripts/preload-deps';
import { webManifest } from './scripts/web-manifest';

// A build id that changes with every build unless pinned (tests pin it to tell two builds apart).
const buildId = process.env.BUILD_ID ?? new Date().toISOString().replace(/[-:.TZ]/g, '');
const apiTarget = process.env.DEV_API_TARGET ?? 'http://localhost:8080';
// The CSS modules' class names, for the server's first screen (scripts/css-module-map.ts).
const cssModules = cssModuleMap();
// The lazy chunks' preload lists without the entry's own files (scripts/preload-deps.ts).
const preload = preloadDeps();
// The precache entries only corporate, admin and evaluator pages need (scripts/guarded-precache.ts).
const guarded = guardedPrecache();

export default defineConfig({
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  css: {
    modules: { getJSON: cssModules.getJSON },
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [
    // stack-notes: the router plugin must come before react(), or the build stops.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // We register ourselves through virtual:pwa-register to drive the update prompt.
      injectRegister: false,
      registerType: 'prompt',
      manifest: webManifest,
      injectManifest: {
        // stack-notes: png/webmanifest are added from the manifest icons; globbing them too
        // duplicates precache entries.
        globPatterns: ['**/*.{js,css,html,svg,ico}'],
        manifestTransforms: [guarded.manifestTransform],
      },
      devOptions: { enabled: false },
    }),
    compileHintsPlugin(),
    preload.plugin,
    guarded.plugin,
    precompressPlugin(),
    cssModules.plugin,
  ],
  worker: { format: 'es' },
  build: {
    // The bundle benchmark reads the manifest to attribute chunks to routes.
    manifest: true,
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    sourcemap: false,
    target: 'es2022',
    rolldownOptions: {
      // The app, and the script that starts it once a server-rendered first screen is painted
      // (src/start-after-paint.ts; the server names it from the manifest).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'start-after-paint': fileURLToPath(new URL('./src/start-after-paint.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // React, and the context TanStack Query's hooks read: in every first load (the entry
            // reads the context, src/lib/query-gate.tsx), one chunk. A group of its own, so that
            // the group below does not take them along (a group takes its modules' imports).
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react[\\/]|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider\.js$)/,
              priority: 20,
            },
            // TanStack Query in one chunk: every page but `/` loads all of it at once (its client
            // is loaded on first use, src/lib/query-gate.tsx); split by the pages that use each
            // part it cost ~2 KB gzip more in a dozen small files (issue 24).
            {
              name: 'query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query|query-persist-client-core|query-sync-storage-persister|react-query-persist-client)[\\/]/,
              priority: 10,
            },
            // Mantine's core (the provider, Box, the factory and styles API) and the components
            // most screens that use Mantine show, in one chunk: loaded with the provider
            // (src/lib/ui/mantine-root.tsx), which no budgeted signed-out page loads. Without it
            // they were ~20 files of 0.2-5 KB gzip, each a request on every signed-in page
            // (issue 24). Left out: what few screens use (ScrollArea alone is 20 KB, the inputs
            // a form needs), which stay chunks of their own for the screens that show them.
            {
              name: 'mantine',
              test: /[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](Stack|Group|Title|Text|Container|Badge|UnstyledButton|CloseButton|Loader|Card|Paper|Anchor|Button|Transition|Alert|Skeleton))[\\/]/,
              priority: 8,
              includeDependenciesRecursively: false,
            },
            // A signed-in candidate's match UI in one chunk: the badge, the status line and the job
            // page's match panel (three lazy components, components/candidate-only.tsx) and what
            // only they import; six files of 0.1-0.7 KB gzip otherwise, five of them requests on a
            // signed-in `/jobs` (issue 24, decisions.md). Left out: the gate (candidate-only.tsx,
            // is-candidate.ts), which every listing loads; the gauge, which a referee's offer card
            // imports alone; the ranking (match-ranking.ts), which a listing loads after its first
            // screen (in the group, its chunk became a static import of the group's); and the
            // members' dependencies (the device database). Taken along, each brought the match
            // code, or the database, to pages that do not show scores.
            {
              name: 'match',
              test: /[\\/]src[\\/]features[\\/]match[\\/](components[\\/](job-match|match-badge|match-status|upload-cv-prompt|match\.module)|use-match-scores|use-candidate-profile|profile-sync|score-client)\./,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            // The contract areas every signed-in page reads (the profile, the credits and plans,
            // the CV's links, the assessments badge): four files of ~1 KB gzip each otherwise,
            // always loaded together once signed in, never by a signed-out page.
            {
              name: 'signed-in-contract',
              test: /[\\/]src[\\/]domain[\\/]contract[\\/](profile|payments|files|assessments)\.ts$/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/jobs-api': apiTarget,
      '/storage': apiTarget,
    },
  },
});

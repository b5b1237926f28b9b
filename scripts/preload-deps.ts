/**
 * The lazy chunks' preload lists without what the app's entry already loaded (issue 24).
 *
 * For each dynamic import, Vite writes the files it needs into the importing chunk's preload
 * list (`__vite__mapDeps`), and its preload helper checks each against the page before adding a
 * `<link rel="modulepreload">`. Any code that runs an import runs after the entry and everything
 * it imports statically were loaded (a module is evaluated only once its static imports are), so
 * those files are in the lists for nothing: React, the router, the shell, the entry itself,
 * named again in every chunk that loads another (the device database's loader named 12 of them),
 * each a path and hash gzip cannot shrink, and one more check of the page when the import runs.
 * This drops them. CSS is not Vite's to filter here (it keeps a dependency's stylesheets, which
 * its helper finds on the page).
 */
import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';
import { chunksOf, staticImportClosure } from './static-imports';

/** The input the app's HTML loads (vite.config.ts `input`): not the start-after-paint script. */
const APP_ENTRY = 'index';

export function preloadDeps(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let loadedFirst: ReadonlySet<string> = new Set();
  let chunks: ReadonlySet<string> = new Set();
  return {
    plugin: {
      name: 'preload-deps',
      apply: 'build',
      generateBundle: {
        // Before Vite's import analysis writes the preload lists (and calls the filter below).
        order: 'pre',
        handler(_options, bundle) {
          const graph = chunksOf(bundle);
          const entry = Object.keys(graph).filter(
            (name) => graph[name]?.isEntry && graph[name].name === APP_ENTRY,
          );
          loadedFirst = staticImportClosure(graph, entry);
          chunks = new Set(Object.keys(graph));
        },
      },
    },
    // Another bundle's chunks (a worker's) are left as Vite wrote them.
    resolveDependencies: (_file, deps, { hostId }) =>
      chunks.has(hostId) ? deps.filter((dep) => !loadedFirst.has(dep)) : deps,
  };
}

/**
 * Which precached files only the pages a candidate cannot open need (issue 24): the corporate,
 * admin and evaluator screens (~180 KB compressed of ~690, the rich-text job editor alone 121 KB)
 * were downloaded by every visitor's service worker on the first visit, on a slow link a quarter
 * of the time before the app worked offline, and of the data a prepaid plan pays for.
 *
 * At build time each precache entry that only such pages reach is tagged with their route paths
 * (`guards`, as src/domain/route-access.ts names them); the service worker leaves tagged files
 * out of its install and fetches them once the page says the signed-in user may open one of
 * those routes (sw/parallel-precache.ts, src/lib/pwa/guarded-pages.ts). Everything else, the
 * signed-out pages and a candidate's, is precached as before.
 */
import type { Plugin, Rollup } from 'vite';
import { canOpenRoute, ROUTE_GUARDS } from '../src/domain/route-access';
import { chunksOf, staticImportClosure } from './static-imports';

/** A candidate as a new visitor becomes one: what every visitor's install must cover. */
const CANDIDATE = { userType: ['general-user' as const], corporateUserType: null };

/** The guarded routes a candidate cannot open: their code waits for a user who can. */
export const DEFERRED_GUARDS: ReadonlySet<string> = new Set(
  ROUTE_GUARDS.filter((guard) => !canOpenRoute(guard, CANDIDATE)).map((guard) => guard.path),
);

/**
 * The route path a route file's module stands for, as the guards write it:
 * `/abs/src/routes/v1/corporate/jobs/index.tsx?tsr-split=component` -> `/v1/corporate/jobs`.
 */
export function routePathOf(moduleId: string | null | undefined): string | null {
  const match = /[\\/]src[\\/]routes([\\/][^?]*?)\.tsx?(\?|$)/.exec(moduleId ?? '');
  if (!match?.[1]) return null;
  const path = match[1].replace(/\\/g, '/').replace(/\/(index|route)$/, '');
  return path === '' ? '/' : path;
}

/** File name -> the deferred routes that reach it, for the files no other page reaches. */
export function guardedFiles(bundle: Rollup.OutputBundle): Map<string, string[]> {
  const chunks = chunksOf(bundle);
  const deferredRoute = (fileName: string) => {
    const path = routePathOf(chunks[fileName]?.facadeModuleId);
    return path !== null && DEFERRED_GUARDS.has(path) ? path : null;
  };
  // What each file loads, at once or later (its stylesheets, its lazy imports), short of another
  // deferred route's chunk: the graph the walk below reads.
  const loads: Record<string, { imports: string[] }> = {};
  for (const [name, chunk] of Object.entries(chunks)) {
    const later = chunk.dynamicImports.filter((target) => deferredRoute(target) === null);
    const css = [...(chunk.viteMetadata?.importedCss ?? [])];
    loads[name] = { imports: [...chunk.imports, ...later, ...css] };
    for (const sheet of css) loads[sheet] = { imports: [] };
  }
  const reach = (start: readonly string[]) => staticImportClosure(loads, start);
  const everyone = reach(Object.keys(chunks).filter((name) => chunks[name]?.isEntry));
  const tags = new Map<string, string[]>();
  for (const name of Object.keys(chunks)) {
    const path = deferredRoute(name);
    if (path === null) continue;
    for (const file of reach([name])) {
      if (everyone.has(file)) continue;
      const paths = tags.get(file) ?? [];
      if (!paths.includes(path)) paths.push(path);
      tags.set(file, paths);
    }
  }
  return tags;
}

/** A precache manifest entry as workbox-build hands it to a transform. */
interface PrecacheEntry {
  url: string;
  revision: string | null;
  integrity?: string;
  size: number;
}

/**
 * The build's half: a plugin that reads the client bundle, and the precache manifest's
 * transform (vite-plugin-pwa's `injectManifest.manifestTransforms`, which runs after it) that
 * tags the entries.
 */
export function guardedPrecache(): {
  plugin: Plugin;
  manifestTransform: (entries: PrecacheEntry[]) => { manifest: PrecacheEntry[]; warnings: [] };
} {
  let tags = new Map<string, string[]>();
  return {
    plugin: {
      name: 'guarded-precache',
      apply: 'build',
      generateBundle(_options, bundle) {
        tags = guardedFiles(bundle);
      },
    },
    manifestTransform: (entries) => ({
      manifest: entries.map((entry) => {
        const guards = tags.get(entry.url);
        return guards ? Object.assign(entry, { guards }) : entry;
      }),
      warnings: [],
    }),
  };
}

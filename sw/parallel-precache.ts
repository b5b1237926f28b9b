/**
 * Workbox's precache, installed a few files at a time instead of one after another, without the
 * screens only corporate, admin and evaluator users open until such a user signs in (issue 24).
 *
 * Workbox fetches the precache strictly one file at a time (workbox#2528), so every file costs a
 * round trip of its own: measured on a first visit over slow 3G (a shared 400 ms, 50 KB/s link),
 * the ~240 files took 123-129 s (`npm run bench:offline-ready`), two minutes in which the phone
 * had no offline copy of the app.
 * Here INSTALL_CONCURRENCY fetches run side by side, each at low priority, so the page's own
 * requests (its answers, a job the user just opened) go first on the connection. The figures
 * are in docs/decisions.md ("First-load budgets").
 *
 * Entries tagged with `guards` (scripts/guarded-precache.ts: files only routes a candidate cannot
 * open need, ~160 KB compressed) are left out of the install unless the app said the user may
 * open one of those routes (src/lib/pwa/guarded-pages.ts); `keepGuardedPages` fetches them when
 * it does, and remembers the routes for the next version's install. They stay in the manifest:
 * an untagged install leaves them uncached, not unknown, so the precache route still answers
 * them from the network, and an update's clean-up keeps them.
 *
 * Everything else is Workbox's: the same cache, cache keys, integrity, strategy and routing; a
 * file that fails fails the install, as before, and the browser tries again on a later visit.
 */
/// <reference lib="webworker" />
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';
import {
  GUARDED_PAGES_CACHE,
  GUARDED_PAGES_KEY,
  type GuardedPagesReply,
} from '../src/lib/pwa/guarded-pages-message';

declare const self: ServiceWorkerGlobalScope;

export const INSTALL_CONCURRENCY = 4;

/** A precache entry as the build writes it: `guards`, the routes that alone need the file. */
export interface GuardedPrecacheEntry extends PrecacheEntry {
  readonly guards?: readonly string[];
}

/** Runs `work` on every item, `concurrency` at a time. */
async function eachFewAtATime<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<unknown>,
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await work(next);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The route paths in a message or in storage; undefined when it holds no list. */
export function pathsIn(value: unknown): string[] | undefined {
  return Array.isArray(value)
    ? value.filter((path): path is string => typeof path === 'string')
    : undefined;
}

/** The guarded routes the app last named; none when never told or unreadable. */
async function readGuardedPaths(): Promise<string[]> {
  try {
    const stored = await (await self.caches.open(GUARDED_PAGES_CACHE)).match(GUARDED_PAGES_KEY);
    return (stored && pathsIn(await stored.json())) ?? [];
  } catch {
    return [];
  }
}

async function writeGuardedPaths(paths: readonly string[]): Promise<void> {
  const cache = await self.caches.open(GUARDED_PAGES_CACHE);
  await cache.put(GUARDED_PAGES_KEY, Response.json(paths));
}

export class ParallelPrecacheController extends PrecacheController {
  /** Revisioned entries (index.html) bypass the HTTP cache, as Workbox's own install does. */
  private readonly reload = new Set<string>();
  /** Absolute URL -> the guarded routes that alone need it. */
  private readonly guarded = new Map<string, readonly string[]>();
  private keeping: Promise<unknown> = Promise.resolve();
  /** The routes last named, as stored: read once, written only when they change. */
  private named: Promise<string[]> | undefined;

  override addToCacheList(entries: (GuardedPrecacheEntry | string)[]): void {
    super.addToCacheList(entries);
    for (const entry of entries) {
      if (typeof entry === 'string') continue;
      const url = new URL(entry.url, self.location.href).href;
      if (entry.revision) this.reload.add(url);
      if (entry.guards?.length) this.guarded.set(url, entry.guards);
    }
  }

  /** [url, cache key] of the files a user who may open `paths` needs. */
  private filesFor(paths: readonly string[]): [string, string][] {
    return [...this.getURLsToCacheKeys()].filter(([url]) => {
      const guards = this.guarded.get(url);
      return !guards || guards.some((guard) => paths.includes(guard));
    });
  }

  private requestFor(url: string, cacheKey: string): Request {
    return new Request(url, {
      integrity: this.getIntegrityForCacheKey(cacheKey),
      cache: this.reload.has(url) ? 'reload' : 'default',
      credentials: 'same-origin',
      priority: 'low',
    });
  }

  override install(event: ExtendableEvent): ReturnType<PrecacheController['install']> {
    const installed = readGuardedPaths()
      .then((paths) =>
        eachFewAtATime(this.filesFor(paths), INSTALL_CONCURRENCY, async ([url, cacheKey]) => {
          const request = this.requestFor(url, cacheKey);
          // A file already in the cache (an update's unchanged files) is not fetched again.
          await Promise.all(this.strategy.handleAll({ params: { cacheKey }, request, event }));
        }),
      )
      // Workbox's install report (which files were new) only feeds its development logging.
      .then(() => ({ updatedURLs: [], notUpdatedURLs: [] }));
    event.waitUntil(installed);
    return installed;
  }

  /**
   * Caches the guarded files of `paths` (the routes the signed-in user may open; absent: those
   * named last) and remembers them for the next install. One request at a time is served:
   * a second waits for the first, and finds its files cached. A file that fails is left for the
   * next time the app asks (each start of a signed-in app does).
   */
  keepGuardedPages(paths?: readonly string[]): Promise<GuardedPagesReply> {
    const keep = async (): Promise<GuardedPagesReply> => {
      // The app names them on every start: storage is written only when they change.
      this.named ??= readGuardedPaths();
      const before = await this.named;
      if (paths && paths.join('\n') !== before.join('\n')) {
        this.named = Promise.resolve([...paths]);
        await writeGuardedPaths(paths);
      }
      const files = this.filesFor(await this.named).filter(([url]) => this.guarded.has(url));
      const cache = await self.caches.open(this.strategy.cacheName);
      let cached = 0;
      await eachFewAtATime(files, INSTALL_CONCURRENCY, async ([url, cacheKey]) => {
        try {
          if (!(await cache.match(cacheKey))) {
            const response = await fetch(this.requestFor(url, cacheKey));
            if (!response.ok || response.redirected) return;
            await cache.put(cacheKey, response);
          }
          cached += 1;
        } catch {
          // Offline, or storage full: tried again the next time.
        }
      });
      return { cached, wanted: files.length };
    };
    const next = this.keeping.then(keep, keep);
    this.keeping = next;
    return next;
  }
}

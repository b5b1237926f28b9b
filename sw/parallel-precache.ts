/**
 * Workbox's precache, installed a few files at a time instead of one after another (issue 24).
 *
 * Workbox fetches the precache strictly one file at a time (workbox#2528), so every file costs a
 * round trip of its own: measured on a first visit over slow 3G (a shared 400 ms, 50 KB/s link),
 * the ~240 files took 123-129 s (`npm run bench:offline-ready`), two minutes in which the phone
 * had no offline copy of the app.
 * Here INSTALL_CONCURRENCY fetches run side by side, each at low priority, so the page's own
 * requests (its answers, a job the user just opened) go first on the connection. The figures
 * are in docs/decisions.md ("First-load budgets").
 *
 * Everything else is Workbox's: the same cache, cache keys, integrity, strategy and routing; a
 * file that fails fails the install, as before, and the browser tries again on a later visit.
 */
/// <reference lib="webworker" />
import { PrecacheController, type PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope;

export const INSTALL_CONCURRENCY = 4;

export class ParallelPrecacheController extends PrecacheController {
  /** Revisioned entries (index.html) bypass the HTTP cache, as Workbox's own install does. */
  private readonly reload = new Set<string>();

  override addToCacheList(entries: (PrecacheEntry | string)[]): void {
    super.addToCacheList(entries);
    for (const entry of entries) {
      if (typeof entry !== 'string' && entry.revision)
        this.reload.add(new URL(entry.url, self.location.href).href);
    }
  }

  override install(event: ExtendableEvent): ReturnType<PrecacheController['install']> {
    const queue = [...this.getURLsToCacheKeys()];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [url, cacheKey] = next;
        const request = new Request(url, {
          integrity: this.getIntegrityForCacheKey(cacheKey),
          cache: this.reload.has(url) ? 'reload' : 'default',
          credentials: 'same-origin',
          priority: 'low',
        });
        // A file already in the cache (an update's unchanged files) is not fetched again.
        await Promise.all(this.strategy.handleAll({ params: { cacheKey }, request, event }));
      }
    };
    // Workbox's install report (which files were new) only feeds its development logging.
    const installed = Promise.all(Array.from({ length: INSTALL_CONCURRENCY }, worker)).then(() => ({
      updatedURLs: [],
      notUpdatedURLs: [],
    }));
    event.waitUntil(installed);
    return installed;
  }
}

/**
 * The service worker (vite-plugin-pwa injectManifest builds this into dist/sw.js).
 *
 * - Precache: the app shell and every built js/css/html/svg file (self.__WB_MANIFEST), so the app
 *   opens with no network; fetched four at a time (parallel-precache.ts). The files only the
 *   corporate, admin and evaluator screens need are fetched once the app says (KEEP_GUARDED_PAGES)
 *   that the signed-in user may open them. Old precaches from earlier Workbox versions are
 *   deleted on activate.
 * - Navigations: any in-app route is answered with the cached shell (index.html) and the router
 *   takes it from there; a return to `/`, `/jobs` or a job page gets the server's page with its
 *   first screen, kept from the last visit (page-cache.ts). API hosts, object storage
 *   and the auth callback are excluded: those must reach the network (or fail honestly), never
 *   get an HTML page back. For a signed-out visitor the shell names the page's first API answer,
 *   as the server's does (data-hint.ts).
 * - Images (company logos): cache-first with expiry (image-cache.ts).
 * - Outbox: drains queued user actions on Background Sync and when a page asks
 *   (src/lib/outbox/worker.ts).
 * - Updates: a new worker waits until the page posts SKIP_WAITING (the user pressed Reload in
 *   the "Update available" prompt); it then claims open pages, which reload themselves.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { config } from '../src/lib/config';
import { registerOutboxWorker } from '../src/lib/outbox/worker';
import { readerHere, withDataHint } from './data-hint';
import { registerImageCache } from './image-cache';
import { navigationDenylist } from './navigation';
import { isKeptAddress, keepPageLater, keptPage } from './page-cache';
import { GUARDED_PAGES_MESSAGE } from '../src/lib/pwa/guarded-pages-message';
import {
  ParallelPrecacheController,
  pathsIn,
  type GuardedPrecacheEntry,
} from './parallel-precache';
import './push'; // Web Push: notifications and their clicks (issue 8)

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (GuardedPrecacheEntry | string)[];
};

// Workbox's precache, fetched a few files at a time, the corporate, admin and evaluator screens
// only for the users who open them (parallel-precache.ts).
const precache = new ParallelPrecacheController();
precache.precache(self.__WB_MANIFEST);
// No directory index: `/` is a page like the others (the navigation route below), not index.html.
registerRoute(new PrecacheRoute(precache, { directoryIndex: '' }));
cleanupOutdatedCaches();

const shell = precache.createHandlerBoundToURL('/index.html');
const precached = (url: string) => precache.getCacheKeyForURL(url) !== undefined;
// Kept pages are kept for the reader when the page is fetched, a few seconds after the visit.
const pages = { precached, reader: () => readerHere(self) };
registerRoute(
  new NavigationRoute(
    async (options) => {
      const { url, event } = options;
      // The server's page with its first screen, kept from the last visit (page-cache.ts), and
      // kept again for the next one once this visit has started.
      if (isKeptAddress(url)) event.waitUntil(keepPageLater(url, pages));
      // This navigation's reader, read once for the kept page and the shell's data hint.
      const reader = readerHere(self);
      const now = { precached, reader: () => reader };
      const kept = await keptPage(url, now).catch(() => null);
      return kept ?? withDataHint(await shell(options), url, config.jobsApiUrl, now.reader);
    },
    { denylist: navigationDenylist },
  ),
);

registerImageCache();

// The outbox: queued applications, CV uploads and saves are sent from here (design/outbox.md).
registerOutboxWorker(self, { apiUrl: config.apiUrl, jobsApiUrl: config.jobsApiUrl });

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : null;
  if (type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
  if (type === GUARDED_PAGES_MESSAGE) {
    const kept = precache
      .keepGuardedPages(pathsIn((data as { paths?: unknown }).paths))
      .then((reply) => event.ports[0]?.postMessage(reply));
    event.waitUntil(kept);
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
  // The page of the visit that installed this worker came from the network: kept for the next.
  // Not part of the activation, which must not wait for it (the pages wait for the activation).
  void self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) =>
    windows
      .map((window) => new URL(window.url))
      .filter((url) => url.origin === self.location.origin && isKeptAddress(url))
      .forEach((url) => void keepPageLater(url, pages)),
  );
});

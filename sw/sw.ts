/**
 * The service worker (vite-plugin-pwa injectManifest builds this into dist/sw.js).
 *
 * - Precache: the app shell and every built js/css/html/svg file (self.__WB_MANIFEST), so the app
 *   opens with no network. Old precaches from earlier Workbox versions are deleted on activate.
 * - Navigations: any in-app route is answered with the cached shell (index.html) and the router
 *   takes it from there. API hosts, object storage and the auth callback are excluded: those must
 *   reach the network (or fail honestly), never get an HTML page back. For a signed-out visitor
 *   the shell names the page's first API answer, as the server's does (data-hint.ts).
 * - Images (company logos): cache-first with expiry (image-cache.ts).
 * - Outbox: drains queued user actions on Background Sync and when a page asks
 *   (src/lib/outbox/worker.ts).
 * - Updates: a new worker waits until the page posts SKIP_WAITING (the user pressed Reload in
 *   the "Update available" prompt); it then claims open pages, which reload themselves.
 */
/// <reference lib="webworker" />
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { config } from '../src/lib/config';
import { registerOutboxWorker } from '../src/lib/outbox/worker';
import { signedInHere, withDataHint } from './data-hint';
import { registerImageCache } from './image-cache';
import { navigationDenylist } from './navigation';
import './push'; // Web Push: notifications and their clicks (issue 8)

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) =>
      withDataHint(await shell(options), options.url, config.jobsApiUrl, () => signedInHere(self)),
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
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/**
 * Company logos and other images: cache-first with an expiry, so cards look right offline and a
 * logo is downloaded once. Opaque cross-origin responses (status 0) are cached too: logos of
 * imported jobs live on other hosts. The cache is dropped first when storage runs short
 * (purgeOnQuotaError), before anything the user made.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const IMAGE_CACHE = 'rh-images-v1';

export function isCacheableImage(request: Request, url: URL): boolean {
  return request.destination === 'image' || url.pathname.startsWith('/api/company-logo/');
}

export function registerImageCache() {
  registerRoute(
    ({ request, url }) => isCacheableImage(request, url),
    new CacheFirst({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [0, 200] }),
        new ExpirationPlugin({
          maxEntries: 400,
          maxAgeSeconds: 30 * 24 * 60 * 60,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}

/**
 * Where the service worker keeps the server's pages for a return visit (sw/page-cache.ts), and
 * what the app and the worker both need to know of it: the cache's name, how a signed-in reader's
 * page is keyed, and forgetting those pages when the session ends.
 *
 * A signed-in reader's `/jobs` page shows the listing for the profile's default filters, named in
 * the listing cookie (src/domain/listing-cookie.ts): its first screen holds that query (a job
 * title, skills, years of experience) and public jobs, nothing else of the reader. It is kept
 * under the page's address with that query added (SIGNED_IN_PARAM), so a change of defaults is a
 * new page, and it goes when the reader signs out: the app drops them when its session ends
 * (src/lib/auth/session-store.ts). (Clearing a browser's cookies clears its caches with them.)
 */
export const PAGE_CACHE = 'rh-first-screens-v1';

const SIGNED_IN_PARAM = 'rh-signed-in-listing';

/** The cache key of a signed-in reader's page at `address` whose listing cookie is `listing`. */
export function signedInPageKey(address: string, listing: string): string {
  const url = new URL(address);
  url.searchParams.set(SIGNED_IN_PARAM, listing);
  return url.href;
}

export function isSignedInPageKey(key: string): boolean {
  return new URL(key).searchParams.has(SIGNED_IN_PARAM);
}

/** Drops every page kept for a signed-in reader; a failure (no Cache API) leaves nothing to do. */
export async function forgetSignedInPages(storage: CacheStorage): Promise<void> {
  try {
    if (!(await storage.has(PAGE_CACHE))) return;
    const cache = await storage.open(PAGE_CACHE);
    const keys = await cache.keys();
    await Promise.all(
      keys.filter((key) => isSignedInPageKey(key.url)).map((key) => cache.delete(key)),
    );
  } catch {
    // Storage unavailable (a private window, a denied quota): nothing was kept either.
  }
}

/**
 * The server's pages with their first screen, kept for a returning visitor (issue 24: a repeat
 * visit on a slow network). The server writes the first screen of `/`, `/jobs` and a job page
 * into the HTML it sends a signed-out visitor, and of `/jobs` to a signed-in one whose listing
 * cookie names its first request (server/http/first-screen.ts), so a first visit
 * reads its jobs before any script has run. A repeat visit used to get the precached shell, an
 * empty page until the app had started (1.5-2 s at 4x CPU). The worker now keeps the server's page
 * of each such address the visitor opened and answers the next visit to it with that page: its
 * first screen paints as the HTML is parsed, and the app takes it over as on a first visit.
 *
 * - Kept: a page with a first screen, for the reader the app's cookies name (data-hint.ts): signed
 *   out, or signed in with the listing cookie (a signed-in `/jobs`, keyed by its first request and
 *   dropped at sign-out: src/lib/pwa/kept-pages.ts). Fetched in the background a few seconds after
 *   a visit (the app's own calls go first), at most once a minute per address, and kept only if
 *   the reader is the same when it arrives; the worker's first activation fetches the pages open
 *   then (the first visit's page was not the worker's to see).
 * - Served: only to the reader it was kept for, and only when every asset the page names is in
 *   this worker's precache (a page from another build would load scripts that are not here
 *   offline). Otherwise the shell, as before. Where the worker cannot read cookies (no Cookie
 *   Store API), nothing is kept or served.
 * - The last MAX_KEPT_PAGES pages; the cache is dropped first when storage runs short.
 */
import { ROUTE_CHUNK_LINK } from '../src/domain/app-entry';
import { FIRST_SCREEN_ID } from '../src/domain/first-screen-id';
import { firstScreenPage } from '../src/domain/page-data';
import { PAGE_CACHE, signedInPageKey } from '../src/lib/pwa/kept-pages';
import type { Reader } from './data-hint';

export const MAX_KEPT_PAGES = 20;
/** How long after a visit its page is fetched again: the app's own start and calls go first. */
export const REFRESH_DELAY_MS = 5_000;
const REFRESH_EVERY_MS = 60_000;
const STORED_AT = 'x-rh-stored-at';
const WIRE_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'etag', 'date'];

/**
 * The page at `url` when the server writes a first screen there, and the address it is fetched
 * from: the path alone for `/` (a campaign's `?utm_…` shows the same page), the URL as is for the
 * others.
 */
function pageAt(url: URL) {
  const screen = firstScreenPage(url.pathname, url.search.replace(/^\?/, ''));
  if (!screen) return null;
  const address =
    screen.page === 'home' ? `${url.origin}/` : `${url.origin}${url.pathname}${url.search}`;
  return { screen, address };
}

/** Whether the worker keeps the page at `url` for some reader. */
export function isKeptAddress(url: URL): boolean {
  return pageAt(url) !== null;
}

/**
 * The key the page at `url` is kept under for `reader`, or null when none is kept for them. A
 * signed-in reader is written only the listing's first screen, and only when the listing cookie
 * names its first request (server/http/first-screen.ts): kept under that request
 * (src/lib/pwa/kept-pages.ts). Nothing when the worker cannot tell who reads.
 */
export function keptPageKey(url: URL, reader: Reader | null): string | null {
  const page = pageAt(url);
  if (!page || !reader) return null;
  if (!reader.signedIn) return page.address;
  return page.screen.page === 'listing' && reader.listing !== null
    ? signedInPageKey(page.address, reader.listing)
    : null;
}

/** The same-origin assets (`/assets/…`) a page names: its scripts, styles and preloads. */
export function assetsNamedIn(html: string, origin: string): string[] {
  const found = html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g);
  return [...new Set([...found].map((match) => `${origin}${match[1]}`))];
}

/** Whether a fetched answer is a page worth keeping: a whole HTML page with its first screen. */
export function isKeepablePage(response: Response, html: string): boolean {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    (response.headers.get('content-type') ?? '').includes('text/html') &&
    html.includes(`id="${FIRST_SCREEN_ID}"`)
  );
}

const ROUTE_CHUNK_LINKS = new RegExp(`<link ${ROUTE_CHUNK_LINK} href="[^"]*">`, 'g');

/**
 * The server's page as a return visit gets it: without the links that name the route's chunks
 * for a first visit (server/http/route-preloads.ts). Here they come from this worker's precache
 * when the router asks for them, and issuing two dozen preloads held the first paint back:
 * ~180 ms of the main thread at 4x CPU (a trace of a return visit to `/jobs`). The entry's own
 * imports stay preloaded: the app starts as soon as the screen is painted.
 */
export function forReturnVisit(html: string): string {
  return html.replace(ROUTE_CHUNK_LINKS, '');
}

/** Whether this worker can run `html` offline: every asset it names is precached. */
export function isFromThisBuild(
  html: string,
  origin: string,
  precached: (url: string) => boolean,
): boolean {
  const assets = assetsNamedIn(html, origin);
  return assets.length > 0 && assets.every(precached);
}

/** Where this worker reads and keeps pages: whether it has an asset, who reads the pages. */
export interface PageCacheContext {
  readonly precached: (url: string) => boolean;
  readonly reader: () => Promise<Reader | null>;
}

/** The kept page for `url`, when it may be shown to this reader now; null otherwise. */
export async function keptPage(
  url: URL,
  { precached, reader }: PageCacheContext,
): Promise<Response | null> {
  const key = keptPageKey(url, await reader());
  if (!key) return null;
  const cache = await caches.open(PAGE_CACHE);
  const kept = await cache.match(key);
  if (!kept) return null;
  const html = await kept.clone().text();
  if (!isFromThisBuild(html, url.origin, precached)) {
    await cache.delete(key);
    return null;
  }
  return kept;
}

/** Fetches the server's page for `url` and keeps it (see the top of this file). */
export async function keepPage(url: URL, { precached, reader }: PageCacheContext): Promise<void> {
  const key = keptPageKey(url, await reader());
  const address = pageAt(url)?.address;
  if (!key || !address) return;
  const cache = await caches.open(PAGE_CACHE);
  const stored = Number((await cache.match(key))?.headers.get(STORED_AT) ?? 0);
  if (Date.now() - stored < REFRESH_EVERY_MS) return;
  const response = await fetch(address, {
    credentials: 'same-origin',
    headers: { accept: 'text/html' },
  });
  const html = await response.text();
  // Signed in or out, or other defaults, while it was fetched: the server answered another reader.
  if (!isKeepablePage(response, html) || keptPageKey(url, await reader()) !== key) return;
  if (!isFromThisBuild(html, url.origin, precached)) return;
  // The page's own headers (its content security policy among them), less those that describe
  // the body as it came over the wire.
  const headers = new Headers(response.headers);
  for (const name of WIRE_HEADERS) headers.delete(name);
  headers.set(STORED_AT, String(Date.now()));
  // Deleted first, so the cache's order is the order pages were last kept in.
  await cache.delete(key);
  try {
    await cache.put(key, new Response(forReturnVisit(html), { status: 200, headers }));
  } catch {
    await caches.delete(PAGE_CACHE); // storage is short: this cache goes first
    return;
  }
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, -MAX_KEPT_PAGES).map((request) => cache.delete(request)));
}

/** `keepPage` after REFRESH_DELAY_MS; a failure (offline, a slow server) only skips the keeping. */
export function keepPageLater(url: URL, context: PageCacheContext): Promise<void> {
  return new Promise<void>((resolve) => setTimeout(resolve, REFRESH_DELAY_MS))
    .then(() => keepPage(url, context))
    .catch(() => undefined);
}

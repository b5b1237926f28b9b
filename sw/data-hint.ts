/**
 * The page's first API answer named in the cached shell (issue 24: a repeat visit on a slow
 * network). On a first visit the server adds `<link rel="preload" as="fetch">` for the call the
 * page makes first (src/domain/page-data.ts); on a repeat visit the service worker answers the
 * navigation from its precache, so without this the call would start only after the scripts have
 * run (~0.8 s in on slow 3G at 4× CPU) and its round trip would come on top. The worker adds the
 * same hint to the shell it serves, and the answer downloads while the app starts.
 *
 * Signed-out only, as on the server: a signed-in listing asks with its default filters. The
 * worker reads the session mirror's cookies (src/domain/signed-in-cookie.ts, listing-cookie.ts)
 * with the Cookie Store API; where that API is missing it cannot tell, so it leaves the shell
 * alone.
 */
import { listingCookieValue } from '../src/domain/listing-cookie';
import { dataHintLink, firstDataUrl } from '../src/domain/page-data';
import { hasSignedInCookie } from '../src/domain/signed-in-cookie';

/**
 * Who this browser's pages are for, as the app's cookies tell it (no identity): signed out, or
 * signed in with the signed-in listing's first request (src/domain/listing-cookie.ts).
 */
export type Reader = { signedIn: false } | { signedIn: true; listing: string | null };

/**
 * The reader, read as the server reads the same cookies (one read of the worker's cookies); null
 * when the worker cannot read them.
 */
export async function readerHere(scope: object): Promise<Reader | null> {
  if (!('cookieStore' in scope)) return null;
  try {
    const { cookieStore } = scope as { cookieStore: CookieStore };
    const text = (await cookieStore.getAll()).map(({ name, value }) => `${name}=${value}`);
    const cookies = text.join('; ');
    if (!hasSignedInCookie(cookies)) return { signedIn: false };
    return { signedIn: true, listing: listingCookieValue(cookies) };
  } catch {
    return null;
  }
}

/**
 * `shell` with the data hint for the page at `url`, or `shell` itself when the page's first call
 * is not known from its URL, the visitor may be signed in, or the shell is not a page.
 */
export async function withDataHint(
  shell: Response,
  url: URL,
  jobsBase: string,
  reader: () => Promise<Reader | null>,
): Promise<Response> {
  const data = firstDataUrl(url.pathname, url.search.replace(/^\?/, ''), jobsBase);
  if (!data || !shell.ok || !shell.headers.get('content-type')?.includes('text/html')) return shell;
  if ((await reader())?.signedIn !== false) return shell;
  const html = await shell.text();
  // The stored length, encoding and validator describe the stored body, not this one.
  const headers = new Headers(shell.headers);
  for (const name of ['content-length', 'content-encoding', 'etag']) headers.delete(name);
  return new Response(html.replace('</head>', `${dataHintLink(data)}</head>`), {
    status: shell.status,
    statusText: shell.statusText,
    headers,
  });
}

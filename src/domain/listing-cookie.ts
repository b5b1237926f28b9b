/**
 * The signed-in listing's first page, named in a cookie (issue 24). A signed-in `/jobs` starts
 * from the profile's default filters, which the server cannot know from a page request (the
 * token is not a cookie), so it could not name the listing's answer in the shell the way it does
 * for a signed-out visitor (page-data.ts), and on slow 3G the call went out only once the scripts
 * had run. The app keeps the query string of its unfiltered first page here (the same string it
 * requests), from the listing itself and as soon as it has read the profile, on any page
 * (src/lib/listing-defaults.ts); the server, for a browser that also carries SIGNED_IN_COOKIE,
 * checks it against the listing's contract, names that URL in the shell and shows that listing's
 * first screen (server/http/signed-in-listing.ts, first-screen.ts).
 *
 * It holds what the listing's URL holds (the default job title, core skills and years of
 * experience from the profile): no token and no identity. Cleared on sign-out with the signed-in
 * mark (src/lib/auth/session-store.ts). Never trusted: the API answers the call as any other.
 */
import { cookieAssignment, cookieValue } from './signed-in-cookie';

export const LISTING_COOKIE = 'rh_jobs_first';

/** Longer than any listing query the app builds; a longer value is not read. */
export const LISTING_COOKIE_MAX_LENGTH = 1_000;

/** The cookie's value in a Cookie header (or `document.cookie`), decoded, or null. */
export function listingCookieValue(cookieText: string | undefined): string | null {
  const raw = cookieValue(cookieText, LISTING_COOKIE);
  if (!raw || raw.length > LISTING_COOKIE_MAX_LENGTH) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The `document.cookie` assignment that keeps `query` (null: removes the cookie). */
export function listingCookieAssignment(query: string | null, secure: boolean): string {
  return cookieAssignment(
    LISTING_COOKIE,
    query === null ? null : encodeURIComponent(query),
    secure,
  );
}

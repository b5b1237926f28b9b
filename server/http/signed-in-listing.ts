/**
 * The answer a signed-in `/jobs` asks for first, from the listing cookie the app keeps
 * (src/domain/listing-cookie.ts), for the shell's data hint (issue 24). Only a query the listing's
 * own contract accepts, written as the app writes it (URL-encoded), for a first page (no
 * `lastKey`), each parameter once; anything else names nothing and the page loads as before.
 */
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import { JobSearchQuerySchema } from '../../src/domain/contract/jobs';
import { listingCookieValue } from '../../src/domain/listing-cookie';

export function signedInListingUrl(cookieText: string | undefined): string | null {
  const query = listingCookieValue(cookieText);
  if (!query?.startsWith('?')) return null;
  const params = new URLSearchParams(query.slice(1));
  // As URLSearchParams writes it (so does the app): nothing but URL-safe characters.
  if (`?${params.toString()}` !== query) return null;
  const entries = Object.fromEntries(params);
  if ([...params.keys()].length !== Object.keys(entries).length || 'lastKey' in entries) {
    return null;
  }
  if (!JobSearchQuerySchema.safeParse(entries).success) return null;
  return `${JOBS_API_PREFIX}/job/${query}`;
}

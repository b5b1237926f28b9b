/**
 * A signed-in `/jobs`'s first request, from the listing cookie the app keeps
 * (src/domain/listing-cookie.ts), for the shell's data hint and the page's first screen (issue
 * 24). Only a query the listing's own contract accepts, written as the app writes it
 * (URL-encoded), for a first page (no `lastKey`), each parameter once; anything else names
 * nothing and the page loads as before.
 */
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import { JobSearchQuerySchema, type JobSearchQuery } from '../../src/domain/contract/jobs';
import { listingCookieValue } from '../../src/domain/listing-cookie';

export interface SignedInListing {
  /** The answer's URL, as the app will ask for it. */
  url: string;
  /** The same request, parsed by the listing route's schema. */
  query: JobSearchQuery;
}

export function signedInListing(cookieText: string | undefined): SignedInListing | null {
  const search = listingCookieValue(cookieText);
  if (!search?.startsWith('?')) return null;
  const params = new URLSearchParams(search.slice(1));
  // As URLSearchParams writes it (so does the app): nothing but URL-safe characters.
  if (`?${params.toString()}` !== search) return null;
  const entries = Object.fromEntries(params);
  if ([...params.keys()].length !== Object.keys(entries).length || 'lastKey' in entries) {
    return null;
  }
  const parsed = JobSearchQuerySchema.safeParse(entries);
  if (!parsed.success) return null;
  return { url: `${JOBS_API_PREFIX}/job/${search}`, query: parsed.data };
}

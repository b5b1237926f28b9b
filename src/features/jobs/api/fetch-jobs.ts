import { JobPageSchema } from '@/domain/contract/jobs';
import { buildJobQuery, type DefaultFilters, type JobFilters } from '@/domain/filters';
import { listingCookieAssignment, listingCookieValue } from '@/domain/listing-cookie';
import { buildQueryString } from '@/domain/query-string';
import { hasSignedInCookie } from '@/domain/signed-in-cookie';
import { api } from '@/lib/api';
import { keepFirstScreen, saveToDevice } from '@/lib/db/device';
import type { JobRecord } from '@/lib/db';
import { listingKey } from './listing-key';

export interface JobPage {
  readonly rows: readonly JobRecord[];
  readonly lastKey: string | null;
}

/**
 * A signed-in browser keeps its unfiltered listing's first request in a cookie, so the server
 * can name the answer in the next page load's shell (src/domain/listing-cookie.ts, issue 24).
 */
function keepSignedInFirstPage(query: string, defaults: DefaultFilters | null) {
  try {
    if (!hasSignedInCookie(document.cookie)) return;
    // Only the listing with no search or filter of its own: the page a bare `/jobs` shows.
    const bare = buildJobQuery({}, { defaults, includeCompanyDetails: true });
    if (query !== buildQueryString(bare)) return;
    if (listingCookieValue(document.cookie) === query) return;
    document.cookie = listingCookieAssignment(query, window.location.protocol === 'https:');
  } catch {
    // Cookies blocked: the next load only misses the hint.
  }
}

/**
 * One page of GET {jobs host}/job/ (spec §7). The page renders from the answer; its rows and the
 * listing's order are saved to the device in the background (issue 24), so the listing, its
 * search and its jobs open offline later; the first page is also kept as the next load's first
 * screen.
 */
export async function fetchJobsPage(
  filters: JobFilters,
  lastKey: string | null,
  signal?: AbortSignal,
  defaults: DefaultFilters | null = null,
): Promise<JobPage> {
  const query = buildJobQuery(filters, { defaults, lastKey, includeCompanyDetails: true });
  if (!lastKey) keepSignedInFirstPage(buildQueryString(query), defaults);
  const page = await api.get('/job/', {
    base: 'jobs',
    schema: JobPageSchema,
    query: { ...query },
    signal,
  });
  const next = page.pagination.lastKey ?? null;
  const key = listingKey(filters, defaults);
  void saveToDevice(async (db) => {
    // The next load's first cards, before the device database is even open (first-screen.ts).
    if (!lastKey) keepFirstScreen('jobs', key, page.data);
    await db.upsertJobs(page.data);
    await db.recordListingPage({
      key,
      kind: 'jobs',
      ids: page.data.map((job) => job.id),
      lastKey: next,
      first: !lastKey,
    });
  });
  return { rows: page.data, lastKey: next };
}

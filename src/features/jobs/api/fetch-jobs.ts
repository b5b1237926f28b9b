import { JobPageSchema } from '@/domain/contract/jobs';
import { buildJobQuery, type DefaultFilters, type JobFilters } from '@/domain/filters';
import { buildQueryString } from '@/domain/query-string';
import { api } from '@/lib/api';
import { bareListingQuery, keepListingFirstRequest } from '@/lib/listing-defaults';
import { keepFirstScreen, saveToDevice } from '@/lib/db/device';
import type { JobRecord } from '@/lib/db';
import { listingKey } from './listing-key';

export interface JobPage {
  readonly rows: readonly JobRecord[];
  readonly lastKey: string | null;
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
  // A signed-in browser keeps the bare listing's first request in a cookie, so the server can
  // name its answer and show its first screen on the next load (src/domain/listing-cookie.ts).
  if (!lastKey && buildQueryString(query) === bareListingQuery(defaults)) {
    keepListingFirstRequest(defaults);
  }
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

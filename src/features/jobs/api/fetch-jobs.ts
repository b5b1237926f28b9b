import { JobPageSchema } from '@/domain/contract/jobs';
import { buildJobQuery, type DefaultFilters, type JobFilters } from '@/domain/filters';
import { buildQueryString } from '@/domain/query-string';
import { api } from '@/lib/api';
import { bareListingQuery, keepListingFirstRequest } from '@/lib/listing-defaults';
import { saveToDevice } from '@/lib/db/device';
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
 * screen (loader.ts).
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
  void saveToDevice({
    kind: 'jobs',
    rows: page.data,
    listing: { key, ids: page.data.map((job) => job.id), lastKey: next, first: !lastKey },
  });
  return { rows: page.data, lastKey: next };
}

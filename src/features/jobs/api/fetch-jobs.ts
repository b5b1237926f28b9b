import { JobPageSchema } from '@/domain/contract/jobs';
import { buildJobQuery, type DefaultFilters, type JobFilters } from '@/domain/filters';
import { api } from '@/lib/api';
import { recordListingPage, upsertJobs } from '@/lib/db';
import { listingKey } from './listing-key';

export interface JobPage {
  readonly ids: readonly string[];
  readonly lastKey: string | null;
}

/**
 * One page of GET {jobs host}/job/ (spec §7). Rows go into the Dexie cache and the page returns
 * only ids: screens render rows from the cache, so they work the same offline.
 */
export async function fetchJobsPage(
  filters: JobFilters,
  lastKey: string | null,
  signal?: AbortSignal,
  defaults: DefaultFilters | null = null,
): Promise<JobPage> {
  const query = buildJobQuery(filters, { defaults, lastKey, includeCompanyDetails: true });
  const page = await api.get('/job/', {
    base: 'jobs',
    schema: JobPageSchema,
    query: { ...query },
    signal,
  });
  const ids = page.data.map((job) => job.id);
  await upsertJobs(page.data);
  const next = page.pagination.lastKey ?? null;
  await recordListingPage({
    key: listingKey(filters, defaults),
    kind: 'jobs',
    ids,
    lastKey: next,
    first: !lastKey,
  });
  return { ids, lastKey: next };
}

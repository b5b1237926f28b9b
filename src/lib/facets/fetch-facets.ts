/**
 * GET {jobs host}/job/facets (server/jobs/facets.ts): the filter values of published jobs with
 * their counts, for the filter panel's suggestions. The answer persists in the query cache
 * (`meta.persist`), so the panel offers them offline too; before the first answer the panel
 * falls back to the product's static lists (filter-options.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { JobFacetsSchema, type FacetName, type JobFacets } from '@/domain/contract/jobs';
import { api } from '@/lib/api';

export type { FacetName, JobFacets };

// Enough suggestions to pick from while keeping the persisted copy small (localStorage).
export const FACET_LIMIT = 100;

export function fetchJobFacets(signal?: AbortSignal): Promise<JobFacets> {
  return api
    .get('/job/facets', {
      base: 'jobs',
      schema: JobFacetsSchema,
      query: { limit: FACET_LIMIT },
      signal,
    })
    .then((body) => body.data);
}

const HOUR_MS = 60 * 60 * 1000;

export const jobFacetsQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'facets'] as const,
    queryFn: ({ signal }) => fetchJobFacets(signal),
    // Filter values move slowly (new companies, cities); the server itself caches for 60 s.
    staleTime: 10 * 60 * 1000,
    // Kept a day in the persisted cache so the panel has them offline.
    gcTime: 24 * HOUR_MS,
    meta: { persist: true },
  });

import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { DefaultFilters, JobFilters } from '@/domain/filters';
import { ApiError } from '@/lib/api';
import { fetchJob } from './fetch-job';
import { fetchJobCount } from './fetch-job-count';
import { fetchJobsPage, type JobPage } from './fetch-jobs';
import { listingKey } from './listing-key';

// Retry only what may pass next time: network failures and 5xx (spec §9 retries, capped at 3).
function retryable(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && !error.network && error.status < 500) return false;
  return failureCount < 3;
}

export const jobQueries = {
  all: () => ['jobs'] as const,
  lists: () => [...jobQueries.all(), 'list'] as const,
  list: (filters: JobFilters, defaults: DefaultFilters | null = null) =>
    infiniteQueryOptions({
      queryKey: [...jobQueries.lists(), listingKey(filters, defaults)] as const,
      queryFn: ({ pageParam, signal }) => fetchJobsPage(filters, pageParam, signal, defaults),
      initialPageParam: null as string | null,
      getNextPageParam: (last: JobPage) => last.lastKey ?? undefined,
      retry: retryable,
    }),
  /** The filter sheet's "Show N jobs": short-lived, one try (offline it counts the cache). */
  count: (filters: JobFilters, defaults: DefaultFilters | null = null) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'count', listingKey(filters, defaults)] as const,
      queryFn: ({ signal }) => fetchJobCount(filters, defaults, signal),
      staleTime: 60_000,
      retry: false,
    }),
  details: () => [...jobQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...jobQueries.details(), id] as const,
      queryFn: ({ signal }) => fetchJob(id, signal),
      retry: retryable,
    }),
};

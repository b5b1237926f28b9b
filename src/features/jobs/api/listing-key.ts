import { buildJobQuery, toQueryString, type JobFilters } from '@/domain/filters';

/** The request a filter set makes, without its page cursor: one listing in the cache. */
export function listingKey(filters: JobFilters): string {
  return `jobs:${toQueryString(buildJobQuery(filters))}`;
}

import {
  buildJobQuery,
  toQueryString,
  type DefaultFilters,
  type JobFilters,
} from '@/domain/filters';

/**
 * The request a filter set makes (with the profile defaults that survive spec §5), without its
 * page cursor: one listing in the cache.
 */
export function listingKey(filters: JobFilters, defaults: DefaultFilters | null = null): string {
  return `jobs:${toQueryString(buildJobQuery(filters, { defaults }))}`;
}

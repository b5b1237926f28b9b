/** Company listing data flow: as use-job-listing in the jobs room (fetch → Dexie → render). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { buildCompanyQuery } from '@/domain/company-filters';
import { ApiError, useConnectivity } from '@/lib/api';
import {
  getCachedCompanies,
  getListing,
  newestFetch,
  queryCachedCompanies,
  useDbQuery,
  type CachedCompany,
} from '@/lib/db';
import { companyQueries } from './api/company-queries';
import { companyListingKey, type CompanyFilters } from './api/fetch-companies';

export type CompanyListingState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'rows'; rows: CachedCompany[]; hasMore: boolean; cachedAt?: number; offline: boolean };

export function useCompanyListing(filters: CompanyFilters) {
  const key = companyListingKey(filters);
  const query = useInfiniteQuery(companyQueries.list(filters));
  const connectivity = useConnectivity();
  const ids = query.data?.pages.flatMap((page) => page.ids);
  const idsKey = ids?.join(',');
  const liveRows = useDbQuery(() => (ids ? getCachedCompanies(ids) : undefined), [idsKey]);
  const fromCache = !query.data;
  const cached = useDbQuery(async () => {
    if (!fromCache) return undefined;
    // Offline or stalled: the same filters, applied to every cached company (local-filter.ts).
    const rows = await queryCachedCompanies(buildCompanyQuery(filters));
    const at = (await getListing(key))?.fetchedAt ?? (await newestFetch('companies'));
    return { rows, at };
  }, [key, fromCache]);

  let state: CompanyListingState;
  if (!fromCache && liveRows) {
    state = { kind: 'rows', rows: liveRows, hasMore: query.hasNextPage, offline: false };
  } else if (query.error instanceof ApiError && !query.error.network) {
    state = { kind: 'error' };
  } else if (
    fromCache &&
    cached &&
    (cached.rows.length > 0 || connectivity === 'offline' || query.isError)
  ) {
    state = {
      kind: 'rows',
      rows: cached.rows,
      hasMore: false,
      cachedAt: cached.at,
      offline: connectivity === 'offline',
    };
  } else {
    state = { kind: 'loading' };
  }
  return {
    state,
    loadingMore: query.isFetchingNextPage,
    // Offline nothing is being checked, whatever the query's retries say (issue 26 item 4: the
    // banner said "Checking for new results…" with no network).
    refreshing: fromCache && query.fetchStatus === 'fetching' && connectivity !== 'offline',
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}

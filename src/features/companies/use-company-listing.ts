/** Company listing data flow: the listings' one cached-listing hook (src/lib/ui/listing). */
import { useInfiniteQuery } from '@tanstack/react-query';
import { buildCompanyQuery } from '@/domain/company-filters';
import type { CompanyRecord } from '@/lib/db';
import { useCachedListing, type CachedListingState } from '@/lib/ui/listing';
import { companyQueries } from './api/company-queries';
import { companyListingKey, type CompanyFilters, type CompanyPage } from './api/fetch-companies';

export type CompanyListingState = CachedListingState<CompanyRecord>;

export function useCompanyListing(filters: CompanyFilters) {
  const key = companyListingKey(filters);
  const query = useInfiniteQuery(companyQueries.list(filters));
  const listing = useCachedListing<CompanyRecord, CompanyPage>({
    query,
    // Offline or stalled: the same filters, applied to every cached company (local-filter.ts).
    readCache: async (db) => ({
      rows: await db.queryCachedCompanies(buildCompanyQuery(filters)),
      at: (await db.getListing(key))?.fetchedAt ?? (await db.newestFetch('companies')),
    }),
    cacheDeps: [key],
    firstScreen: { kind: 'companies', key },
  });
  return {
    state: listing.state,
    loadingMore: listing.loadingMore,
    refreshing: listing.refreshing,
    loadMore: () => {
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}

import { infiniteQueryOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import {
  companyListingKey,
  fetchCompaniesPage,
  type CompanyFilters,
  type CompanyPage,
} from './fetch-companies';

export const companyQueries = {
  all: () => ['companies'] as const,
  lists: () => [...companyQueries.all(), 'list'] as const,
  list: (filters: CompanyFilters) =>
    infiniteQueryOptions({
      queryKey: [...companyQueries.lists(), companyListingKey(filters)] as const,
      queryFn: ({ pageParam, signal }) => fetchCompaniesPage(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last: CompanyPage) => last.lastKey ?? undefined,
      // Retry network failures and 5xx only (spec §9: up to 3 retries).
      retry: (count, error) =>
        !(error instanceof ApiError && !error.network && error.status < 500) && count < 3,
    }),
};

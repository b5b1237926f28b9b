/**
 * The listing's data flow (architecture.md "Listings"): the infinite query fetches pages and
 * caches their rows in Dexie; the screen renders rows from Dexie. Until fresh data arrives (a
 * slow network, a stall, offline) it renders the cache, filtered and searched locally, with its
 * age; the refresh carries on behind it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  buildJobQuery,
  INITIAL_PAGE_SIZE,
  NEXT_PAGE_SIZE,
  type DefaultFilters,
  type JobFilters,
} from '@/domain/filters';
import { ApiError, useConnectivity } from '@/lib/api';
import { useMatchOrder } from '@/features/match';
import {
  getCachedJobs,
  getListing,
  newestFetch,
  queryCachedJobs,
  useDbQuery,
  type CachedJob,
} from '@/lib/db';
import { jobQueries } from './api/job-queries';
import { listingKey } from './api/listing-key';

export type ListingState =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'rows'; rows: CachedJob[]; hasMore: boolean; cachedAt?: number; offline: boolean };

export interface JobListing {
  readonly state: ListingState;
  readonly loadingMore: boolean;
  readonly refreshing: boolean;
  readonly loadMore: () => void;
}

const NO_ROWS: CachedJob[] = [];

/**
 * `defaults`: the profile's default filters (spec §4); `ready` false holds the listing until
 * they are known (use-profile-defaults.ts).
 */
export function useJobListing(
  filters: JobFilters,
  { ready, defaults }: { ready: boolean; defaults: DefaultFilters | null },
): JobListing {
  const key = listingKey(filters, defaults);
  const query = useInfiniteQuery({ ...jobQueries.list(filters, defaults), enabled: ready });
  const connectivity = useConnectivity();
  const [local, setLocal] = useState({ key, limit: INITIAL_PAGE_SIZE });
  const localLimit = local.key === key ? local.limit : INITIAL_PAGE_SIZE;

  const ids = query.data?.pages.flatMap((page) => page.ids);
  const idsKey = ids?.join(',');
  const liveRows = useDbQuery(() => (ids ? getCachedJobs(ids) : undefined), [idsKey]);

  const fromCache = !query.data;
  const cached = useDbQuery(async () => {
    if (!fromCache || !ready) return undefined;
    const rows = await queryCachedJobs(buildJobQuery(filters, { defaults }), localLimit + 1);
    const at = (await getListing(key))?.fetchedAt ?? (await newestFetch('jobs'));
    return { rows, at };
  }, [key, fromCache, ready, localLimit]);

  const httpFailure = query.error instanceof ApiError && !query.error.network;
  let state: ListingState;
  if (!fromCache && liveRows) {
    state = { kind: 'rows', rows: liveRows, hasMore: query.hasNextPage, offline: false };
  } else if (httpFailure) {
    state = { kind: 'error' };
  } else if (
    fromCache &&
    cached &&
    (cached.rows.length > 0 || connectivity === 'offline' || query.isError)
  ) {
    state = {
      kind: 'rows',
      rows: cached.rows.slice(0, localLimit),
      hasMore: cached.rows.length > localLimit,
      cachedAt: cached.at,
      offline: connectivity === 'offline',
    };
  } else {
    state = { kind: 'loading' };
  }

  // spec §9 order for a signed-in candidate with a profile; the server's order otherwise.
  const ordered = useMatchOrder(state.kind === 'rows' ? state.rows : NO_ROWS);
  if (state.kind === 'rows') state = { ...state, rows: ordered };

  const loadMore = () => {
    if (fromCache) setLocal({ key, limit: localLimit + NEXT_PAGE_SIZE });
    else void query.fetchNextPage();
  };
  return {
    state,
    loadingMore: query.isFetchingNextPage,
    // Offline nothing is being checked, whatever the query's retries say (issue 26 item 4: the
    // banner said "Checking for new results…" with no network).
    refreshing: fromCache && query.fetchStatus === 'fetching' && connectivity !== 'offline',
    loadMore,
  };
}

/**
 * The listing's data flow (architecture.md "Listings"): the infinite query fetches pages, which
 * render as they arrive and are saved to the device (Dexie) in the background. Until fresh data
 * arrives (a slow network, a stall, offline) it renders the device's copy, filtered and searched
 * locally, with its age; the refresh carries on behind it.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  buildJobQuery,
  INITIAL_PAGE_SIZE,
  NEXT_PAGE_SIZE,
  type DefaultFilters,
  type JobFilters,
} from '@/domain/filters';
import { useMatchOrder } from '@/features/match';
import type { JobRecord } from '@/lib/db';
import { useCachedListing, type CachedListingState } from '@/lib/ui/listing';
import type { JobPage } from './api/fetch-jobs';
import { jobQueries } from './api/job-queries';
import { listingKey } from './api/listing-key';

export type ListingState = CachedListingState<JobRecord>;

export interface JobListing {
  readonly state: ListingState;
  readonly loadingMore: boolean;
  readonly refreshing: boolean;
  readonly loadMore: () => void;
}

const NO_ROWS: JobRecord[] = [];

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
  const [local, setLocal] = useState({ key, limit: INITIAL_PAGE_SIZE });
  const localLimit = local.key === key ? local.limit : INITIAL_PAGE_SIZE;

  const listing = useCachedListing<JobRecord, JobPage>({
    query,
    readCache: async (db) => ({
      // One more than shown, to know whether "load more" has more to show.
      rows: await db.queryCachedJobs(buildJobQuery(filters, { defaults }), localLimit + 1),
      at: (await db.getListing(key))?.fetchedAt ?? (await db.newestFetch('jobs')),
    }),
    cacheDeps: [key, localLimit],
    enabled: ready,
    cacheLimit: localLimit,
    firstScreen: { kind: 'jobs', key },
  });

  // spec §9 order for a signed-in candidate with a profile; the server's order otherwise.
  const base = listing.state;
  const ordered = useMatchOrder(base.kind === 'rows' ? base.rows : NO_ROWS);
  // One object until the rows or their order change (the page defers it: useDeferredValue).
  const state = useMemo(
    () => (base.kind === 'rows' ? { ...base, rows: ordered } : base),
    [base, ordered],
  );

  const loadMore = () => {
    if (listing.fromCache) setLocal({ key, limit: localLimit + NEXT_PAGE_SIZE });
    else void query.fetchNextPage();
  };
  return { state, loadingMore: listing.loadingMore, refreshing: listing.refreshing, loadMore };
}

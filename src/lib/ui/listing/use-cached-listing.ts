/**
 * The listings' one data flow (architecture.md "Listings", issue 15): the infinite query fetches
 * pages and caches their rows in Dexie; the screen renders rows from Dexie. Until fresh data
 * arrives (a slow network, a stall, offline) it renders the cache, filtered and searched locally,
 * with its age; the refresh carries on behind it. The job listing and the company listing differ
 * only in what they read, so each passes its readers and keeps its own "load more".
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ApiError, useConnectivity } from '@/lib/api';
import { useDbQuery } from '@/lib/db';

export type CachedListingState<Row> =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'rows'; rows: Row[]; hasMore: boolean; cachedAt?: number; offline: boolean };

export interface CachedListingOptions<Row, Page extends { readonly ids: readonly string[] }> {
  /** The listing's infinite query: pages of ids whose rows it cached in Dexie. */
  readonly query: UseInfiniteQueryResult<InfiniteData<Page>, unknown>;
  /** The cached rows of the fetched ids, in that order. */
  readonly rowsById: (ids: string[]) => Promise<Row[]>;
  /** While no fresh page has arrived: the cached rows that match, and when they were fetched. */
  readonly readCache: () => Promise<{ rows: Row[]; at: number | undefined }>;
  /** What the cached rows depend on (the listing's key, the limit…). */
  readonly cacheDeps: readonly unknown[];
  /** false holds the cache read too (the job listing waits for the profile's defaults). */
  readonly enabled?: boolean;
  /** How many cached rows are shown (the cache read returns one more to know there are more). */
  readonly cacheLimit?: number;
}

export interface CachedListing<Row> {
  readonly state: CachedListingState<Row>;
  /** True while the rows come from the device, not from a fresh page. */
  readonly fromCache: boolean;
  readonly loadingMore: boolean;
  readonly refreshing: boolean;
}

export function useCachedListing<Row, Page extends { readonly ids: readonly string[] }>({
  query,
  rowsById,
  readCache,
  cacheDeps,
  enabled = true,
  cacheLimit,
}: CachedListingOptions<Row, Page>): CachedListing<Row> {
  const connectivity = useConnectivity();
  const ids = query.data?.pages.flatMap((page) => page.ids);
  const idsKey = ids?.join(',');
  const liveRows = useDbQuery(() => (ids ? rowsById(ids) : undefined), [idsKey]);

  const fromCache = !query.data;
  const cached = useDbQuery(
    () => (fromCache && enabled ? readCache() : undefined),
    [...cacheDeps, fromCache, enabled],
  );

  let state: CachedListingState<Row>;
  if (!fromCache && liveRows) {
    state = { kind: 'rows', rows: liveRows, hasMore: query.hasNextPage, offline: false };
  } else if (query.error instanceof ApiError && !query.error.network) {
    state = { kind: 'error' };
  } else if (
    fromCache &&
    cached &&
    (cached.rows.length > 0 || connectivity === 'offline' || query.isError)
  ) {
    const limit = cacheLimit ?? cached.rows.length;
    state = {
      kind: 'rows',
      rows: cached.rows.slice(0, limit),
      hasMore: cached.rows.length > limit,
      ...(cached.at !== undefined ? { cachedAt: cached.at } : {}),
      offline: connectivity === 'offline',
    };
  } else {
    state = { kind: 'loading' };
  }
  return {
    state,
    fromCache,
    loadingMore: query.isFetchingNextPage,
    // Offline nothing is being checked, whatever the query's retries say (issue 26 item 4: the
    // banner said "Checking for new results…" with no network).
    refreshing: fromCache && query.fetchStatus === 'fetching' && connectivity !== 'offline',
  };
}

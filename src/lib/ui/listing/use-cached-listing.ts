/**
 * The listings' one data flow (architecture.md "Listings", issue 15): the infinite query fetches
 * pages, which render as they arrive and are saved to the device (Dexie) in the background. Until
 * fresh data arrives (a slow network, a stall, offline) it renders the device's copy, filtered
 * and searched locally, with its age; the refresh carries on behind it. The job listing and the
 * company listing differ only in what they read, so each passes its reader and keeps its own
 * "load more".
 *
 * Issue 24: fresh pages render from the network answer, not from Dexie, and a device that never
 * saved a listing does not load the database code at all before its first page shows. A listing
 * opened before shows its kept first screen (first-screen.ts) on the first render. A page not
 * loaded by the service worker reads the device's copy only if the network is slow to answer.
 */
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, useConnectivity } from '@/lib/api';
import {
  firstScreenOf,
  useDeviceQuery,
  type DbModule,
  type FirstScreenKind,
} from '@/lib/db/device';

export type CachedListingState<Row> =
  | { kind: 'loading' }
  | { kind: 'error' }
  | { kind: 'rows'; rows: Row[]; hasMore: boolean; cachedAt?: number; offline: boolean };

export interface CachedListingOptions<Row, Page extends { readonly rows: readonly Row[] }> {
  /** The listing's infinite query: pages of rows (also saved to the device as they arrive). */
  readonly query: UseInfiniteQueryResult<InfiniteData<Page>, unknown>;
  /** While no fresh page has arrived: the device's rows that match, and when they were fetched. */
  readonly readCache: (db: DbModule) => Promise<CacheRead<Row>>;
  /** What the cached rows depend on (the listing's key, the limit…). */
  readonly cacheDeps: readonly unknown[];
  /** false holds the cache read too (the job listing waits for the profile's defaults). */
  readonly enabled?: boolean;
  /** How many cached rows are shown (the cache read returns one more to know there are more). */
  readonly cacheLimit?: number;
  /**
   * Which kept first screen is this listing's (src/lib/db/first-screen.ts): the first page as
   * kept at its last load, shown until fresh rows arrive, unless the device's copy has answered
   * with more rows to show (a "load more" before the network has answered).
   */
  readonly firstScreen?: { readonly kind: FirstScreenKind; readonly key: string };
}

interface CacheRead<Row> {
  readonly rows: Row[];
  readonly at: number | undefined;
}

/** What a device that never saved anything holds. */
const NOTHING_SAVED: CacheRead<never> = { rows: [], at: undefined };

export interface CachedListing<Row> {
  readonly state: CachedListingState<Row>;
  /** True while the rows come from the device, not from a fresh page. */
  readonly fromCache: boolean;
  readonly loadingMore: boolean;
  readonly refreshing: boolean;
}

/**
 * How long a listing waits for the network before reading the device's copy, when reading it
 * would download the database code first (deviceCodeIsRemote).
 */
export const DEVICE_READ_DELAY_MS = 1_000;

/**
 * True when this page was not loaded by the service worker (a first visit, a hard reload): the
 * database code (Dexie, ~31 KB) would then come over the network too. With a worker it comes from
 * the device, at no cost to the connection.
 */
function deviceCodeIsRemote(): boolean {
  return typeof navigator !== 'undefined' && navigator.serviceWorker?.controller === null;
}

/**
 * Whether the listing may read the device's copy now. At once when that costs the connection
 * nothing, when offline, or when the network failed. Otherwise (issue 24: a signed-in first visit
 * on slow 3G downloaded Dexie beside the listing's 3 KB answer, which then took a second) only
 * once the network has had DEVICE_READ_DELAY_MS to answer: network first with a timeout.
 */
function useDeviceReadAllowed(waitingForNetwork: boolean): boolean {
  const [remote] = useState(deviceCodeIsRemote);
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!remote || !waitingForNetwork || timedOut) return;
    const timer = setTimeout(() => setTimedOut(true), DEVICE_READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [remote, waitingForNetwork, timedOut]);
  return !remote || !waitingForNetwork || timedOut;
}

export function useCachedListing<Row, Page extends { readonly rows: readonly Row[] }>({
  query,
  readCache,
  cacheDeps,
  enabled = true,
  cacheLimit,
  firstScreen,
}: CachedListingOptions<Row, Page>): CachedListing<Row> {
  const connectivity = useConnectivity();
  // The same arrays and state object until something in them changes: the listing defers its
  // rows (useDeferredValue), which takes a value made during render for a new one.
  const fresh = useMemo(() => query.data?.pages.flatMap((page) => page.rows), [query.data]);

  const fromCache = !fresh;
  // Read when the listing changes, not on every render.
  const keptKind = firstScreen?.kind;
  const keptKey = firstScreen?.key;
  const kept = useMemo(
    () =>
      keptKind && keptKey !== undefined && enabled ? firstScreenOf<Row>(keptKind, keptKey) : null,
    [keptKind, keptKey, enabled],
  );
  const deviceReadAllowed = useDeviceReadAllowed(
    connectivity !== 'offline' && !query.isError && fromCache,
  );
  const cached = useDeviceQuery<CacheRead<Row>, CacheRead<Row>>(
    fromCache && enabled && deviceReadAllowed ? readCache : null,
    [...cacheDeps, fromCache, enabled, deviceReadAllowed],
    NOTHING_SAVED,
  );

  const offline = connectivity === 'offline';
  const state = useMemo((): CachedListingState<Row> => {
    if (fresh) {
      return { kind: 'rows', rows: fresh, hasMore: query.hasNextPage, offline: false };
    }
    if (query.error instanceof ApiError && !query.error.network) {
      return { kind: 'error' };
    }
    if (
      fromCache &&
      kept &&
      (!cached || Math.min(cached.rows.length, cacheLimit ?? Infinity) <= kept.rows.length)
    ) {
      // The cards shown last time, at once; "load more" waits for the device's copy.
      const limit = cacheLimit ?? kept.rows.length;
      return {
        kind: 'rows',
        rows: kept.rows.slice(0, limit),
        hasMore: cached ? cached.rows.length > limit : false,
        cachedAt: kept.at,
        offline,
      };
    }
    if (fromCache && cached && (cached.rows.length > 0 || offline || query.isError)) {
      const limit = cacheLimit ?? cached.rows.length;
      return {
        kind: 'rows',
        rows: cached.rows.slice(0, limit),
        hasMore: cached.rows.length > limit,
        ...(cached.at !== undefined ? { cachedAt: cached.at } : {}),
        offline,
      };
    }
    return { kind: 'loading' };
  }, [
    fresh,
    query.hasNextPage,
    query.error,
    query.isError,
    fromCache,
    kept,
    cached,
    cacheLimit,
    offline,
  ]);
  return {
    state,
    fromCache,
    loadingMore: query.isFetchingNextPage,
    // Offline nothing is being checked, whatever the query's retries say (issue 26 item 4: the
    // banner said "Checking for new results…" with no network).
    refreshing: fromCache && query.fetchStatus === 'fetching' && connectivity !== 'offline',
  };
}

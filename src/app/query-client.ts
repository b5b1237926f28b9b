/**
 * The one QueryClient and its persistence.
 *
 * Defaults from spec §9 ("Data-fetch caching"): 5-minute garbage collection, up to 3 retries with
 * exponential backoff capped at 30 seconds. `offlineFirst` lets a query try once even when the
 * browser claims to be offline (the service worker or cache may still answer), then pauses.
 *
 * Persistence: only queries that opt in with `meta: { persist: true }` are written to
 * localStorage through the sync storage persister (small things: profile, basic details). Lists
 * of jobs and companies live in Dexie instead (architecture.md, data flow). A persisted query
 * must set its own gcTime to at least PERSIST_MAX_AGE_MS, or it is collected after 5 minutes
 * and drops out of storage again.
 */
import { QueryClient, onlineManager, type Query } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientOptions, Persister } from '@tanstack/react-query-persist-client';
import { getConnectivity, subscribeConnectivity } from '@/lib/api/connectivity';

export const GC_TIME_MS = 5 * 60_000; // spec §9: 5-minute garbage collection
export const MAX_RETRIES = 3; // spec §9: up to 3 retries
export const RETRY_DELAY_CAP_MS = 30_000; // spec §9: backoff capped at 30 seconds
export const PERSIST_MAX_AGE_MS = 24 * 60 * 60_000;
/** Bump when the shape of persisted query data changes, to drop old entries. */
export const PERSIST_BUSTER = 'v1';

export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, RETRY_DELAY_CAP_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: GC_TIME_MS,
        retry: MAX_RETRIES,
        retryDelay,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst' },
    },
  });
}

/**
 * TanStack Query pauses and resumes with the app's real connectivity, not navigator.onLine. The
 * state already known is bound too: an app opened offline (a phone on a train) has often heard
 * the start's connection check fail before this runs, and a query manager that believed it was
 * online retried every query without a saved copy into an error, then never fetched again when
 * the connection came back (it had not seen it go). Bound, a query tries once, waits, and fills
 * in by itself on reconnect.
 */
export function bindQueryOnlineState() {
  onlineManager.setEventListener((setOnline) => {
    const sync = () => setOnline(getConnectivity() === 'online');
    sync();
    return subscribeConnectivity(sync);
  });
}

export function shouldPersistQuery(query: Query): boolean {
  return query.meta?.persist === true && query.state.status === 'success';
}

const PERSIST_KEY = 'referralhub.query-cache';

export function createPersistOptions(
  storage: Storage,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({ storage, key: PERSIST_KEY }),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: PERSIST_BUSTER,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  };
}

/**
 * The same save, written at once. The persister above writes at most once a second, so a page
 * hidden or left within a second of an answer (the phone's app switcher, a link that loads another
 * page) lost it: often the very screen opened to read later, offline. For the page's `pagehide`
 * and hidden `visibilitychange`, where a timer may never run. A full or refused storage loses
 * this save as it loses the throttled one.
 */
export function writeAtOnce(storage: Storage): Persister {
  return {
    persistClient: (client) => {
      try {
        storage.setItem(PERSIST_KEY, JSON.stringify(client));
      } catch {
        // Storage full or refused: the next throttled save tries again.
      }
    },
    restoreClient: () => undefined,
    removeClient: () => undefined,
  };
}

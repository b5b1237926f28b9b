import { useEffect, useState, useSyncExternalStore, type DependencyList } from 'react';
import { whenDbEvaluated } from './loaded-flag';
import { deviceMayHoldData, loadDb, type DbModule } from './loader';

/**
 * Watches a query over the device database, loaded on demand, until the returned function is
 * called. A device that never saved anything answers `nothing` without loading the database, and
 * starts watching once something else on the page loads it (the outbox's first write; a first
 * visit's background saves are the device-save worker's).
 */
function watchDeviceQuery<T, Nothing>(
  query: (db: DbModule) => Promise<T>,
  nothing: Nothing,
  onValue: (value: T | Nothing) => void,
  onError: (error: Error) => void,
): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  const publish = (value: T | Nothing) => {
    if (!cancelled) onValue(value);
  };
  const fail = (error: unknown) => {
    if (!cancelled) onError(error instanceof Error ? error : new Error(String(error)));
  };
  // The database code could not load (a chunk missing offline): the answer stays unknown, as the
  // screen's own data does not depend on it; the next watch tries the load again (loader.ts).
  const notLoaded = (error: unknown) => console.warn('The device database did not load:', error);
  const watch = async () => {
    const db = await loadDb();
    if (cancelled) return;
    stop = db.observeDbQuery(() => query(db), publish, fail);
  };
  void (async () => {
    if (await deviceMayHoldData()) return watch();
    publish(nothing);
    if (!cancelled) stop = whenDbEvaluated(() => void watch().catch(notLoaded));
  })().catch(notLoaded);
  return () => {
    cancelled = true;
    stop?.();
  };
}

/**
 * A live query over the device database, loaded on demand (`watchDeviceQuery`). `query` null:
 * nothing to read (the hook answers undefined at once). Like dexie-react-hooks' useLiveQuery,
 * the previous answer stays until the next one arrives, and an error is thrown to the nearest
 * error boundary.
 */
export function useDeviceQuery<T, Nothing = undefined>(
  query: ((db: DbModule) => Promise<T>) | null,
  deps: DependencyList,
  nothing?: Nothing,
): T | Nothing | undefined {
  const [answer, setAnswer] = useState<{ value: T | Nothing | undefined; error: Error | null }>({
    value: undefined,
    error: null,
  });
  const enabled = query !== null;

  useEffect(() => {
    if (!query) return;
    return watchDeviceQuery(
      query,
      nothing as Nothing,
      (value) => setAnswer({ value, error: null }),
      (error) => setAnswer((previous) => ({ value: previous.value, error })),
    );
    // The caller's deps decide when the query runs again, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);

  if (answer.error) throw answer.error;
  return enabled ? answer.value : undefined;
}

/** A shared device query's latest answer, for useSyncExternalStore: see `sharedDeviceQuery`. */
export interface SharedDeviceQuery<T> {
  readonly getSnapshot: () => T;
  readonly subscribe: (listener: () => void) => () => void;
}

/**
 * One device query shared by every component that reads it (`useSharedDeviceQuery`): it runs
 * while at least one of them is subscribed, and they all see the same answer. Where each
 * component ran a live query of its own, a listing ran the same read once per card (issue 24):
 * the match badges' stored profile and score buckets, the Save buttons' saved ids. Undefined
 * before the first answer (and once the last reader has gone); a failed read is logged and the
 * last answer stays.
 */
export function sharedDeviceQuery<T, Nothing>(
  query: (db: DbModule) => Promise<T>,
  nothing: Nothing,
): SharedDeviceQuery<T | Nothing | undefined> {
  let snapshot: T | Nothing | undefined;
  let stop: (() => void) | null = null;
  const listeners = new Set<() => void>();
  const publish = (value: T | Nothing) => {
    snapshot = value;
    for (const notify of listeners) notify();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      stop ??= watchDeviceQuery(query, nothing, publish, (error) =>
        console.error('A device query failed:', error),
      );
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
          snapshot = undefined;
        }
      };
    },
  };
}

/** A shared device query's latest answer; the component re-renders when it changes. */
export function useSharedDeviceQuery<T>(shared: SharedDeviceQuery<T>): T {
  return useSyncExternalStore(shared.subscribe, shared.getSnapshot, shared.getSnapshot);
}

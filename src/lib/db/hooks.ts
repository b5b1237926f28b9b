import { liveQuery } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';

/**
 * Re-renders when the rows a query read change (Dexie's live queries). Features use this instead
 * of importing dexie-react-hooks (Dexie stays inside src/lib/db).
 */
export const useDbQuery = useLiveQuery;

/**
 * Calls `onValue` with the query's result now and whenever the rows it read change, until the
 * returned function is called: one live query that several components can share (e.g. through
 * useSyncExternalStore), where each useDbQuery would be a query of its own.
 */
export function watchDbQuery<T>(query: () => Promise<T>, onValue: (value: T) => void): () => void {
  return observeDbQuery(query, onValue, (error) =>
    console.error('A live database query failed:', error),
  );
}

/**
 * `watchDbQuery` with the error handed to the caller: the device-query hook
 * (use-device-query.ts) subscribes through this once it has loaded the database.
 */
export function observeDbQuery<T>(
  query: () => Promise<T>,
  onValue: (value: T) => void,
  onError: (error: unknown) => void,
): () => void {
  const subscription = liveQuery(query).subscribe({ next: onValue, error: onError });
  return () => subscription.unsubscribe();
}

/** One live query's latest value, for useSyncExternalStore: see `sharedDbQuery`. */
export interface SharedDbQuery<T> {
  readonly getSnapshot: () => T;
  readonly subscribe: (listener: () => void) => () => void;
}

/**
 * One live query shared by every component that reads it (through useSyncExternalStore): it runs
 * while at least one of them is subscribed, and they all see the same snapshot. `empty` is the
 * value before the first answer (and once the last reader has gone). Where each component ran
 * its own useDbQuery, a listing ran the same read once per card (issue 24).
 */
export function sharedDbQuery<T>(query: () => Promise<T>, empty: T): SharedDbQuery<T> {
  let snapshot = empty;
  let stop: (() => void) | null = null;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      stop ??= watchDbQuery(query, (value) => {
        snapshot = value;
        for (const notify of listeners) notify();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
          snapshot = empty;
        }
      };
    },
  };
}

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

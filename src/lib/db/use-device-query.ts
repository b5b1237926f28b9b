import { useEffect, useState, type DependencyList } from 'react';
import { whenDbEvaluated } from './loaded-flag';
import { deviceMayHoldData, loadDb, type DbModule } from './loader';

/**
 * A live query over the device database, loaded on demand. `query` null: nothing to read (the
 * hook answers undefined at once). A device that never saved anything answers `nothing` without
 * loading the database, and starts watching once something else on the page loads it (the
 * outbox's first write; a first visit's background saves are the device-save worker's). Like
 * dexie-react-hooks' useLiveQuery, the previous answer stays until the next one arrives, and an
 * error is thrown to the nearest error boundary.
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
    let stop: (() => void) | undefined;
    let cancelled = false;
    const publish = (value: T | Nothing) => {
      if (!cancelled) setAnswer({ value, error: null });
    };
    const watch = async () => {
      const db = await loadDb();
      if (cancelled) return;
      stop = db.observeDbQuery(
        () => query(db),
        publish,
        (error) => {
          if (cancelled) return;
          const failure = error instanceof Error ? error : new Error(String(error));
          setAnswer((previous) => ({ value: previous.value, error: failure }));
        },
      );
    };
    void (async () => {
      if (await deviceMayHoldData()) return watch();
      publish(nothing as Nothing);
      if (!cancelled) stop = whenDbEvaluated(() => void watch());
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
    // The caller's deps decide when the query runs again, as with useLiveQuery.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, ...deps]);

  if (answer.error) throw answer.error;
  return enabled ? answer.value : undefined;
}

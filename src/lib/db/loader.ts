/**
 * The device database without Dexie in the first load (issue 24 item 2).
 *
 * Dexie and the stores over it are ~31 KB gzip. A page that can render from the network (the
 * listings, a job page) imports this module instead of `@/lib/db`: it loads the database code
 * when something is read or written, so a first visit on a slow network shows its first job
 * card without waiting for it, and saves what it showed in the background.
 *
 * - `useDeviceQuery` (use-device-query.ts): a live query (re-renders when the rows it read
 *   change) that loads the database first; when nothing was ever saved on this device it answers
 *   `nothing` without loading anything.
 * - `saveToDevice`: writes in the background, in the order they were asked for: after the next
 *   paint, when the page is idle (a first visit), or at once (the database is already loaded).
 */
import type * as DbIndex from './index';
import { dbEvaluated } from './loaded-flag';
import { DB_NAME } from './name';

export type DbModule = typeof DbIndex;

let loading: Promise<DbModule> | undefined;

/**
 * The database module, loaded on first use (at once when a page already imported it). A failed
 * load (a chunk missing offline) is not remembered: the next call tries again.
 */
export function loadDb(): Promise<DbModule> {
  loading ??= import('./index').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

let exists: Promise<boolean> | undefined;

/**
 * Whether this device may hold saved rows: the database code is loaded (it is then open or being
 * written), or the browser lists the database. Where the browser cannot list databases, assume
 * it may (and load Dexie, as before).
 */
export function deviceMayHoldData(): Promise<boolean> {
  if (dbEvaluated()) return Promise.resolve(true);
  exists ??= (async () => {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    try {
      return (await indexedDB.databases()).some((db) => db.name === DB_NAME);
    } catch {
      return true;
    }
  })();
  return exists;
}

let writes: Promise<void> = Promise.resolve();

/**
 * After the next paint, when the main thread is idle: the answer that asked for the save renders
 * first (its rows are on screen before the database code is even requested).
 */
function afterPaintWhenIdle(run: () => void): void {
  let started = false;
  const idle = () => {
    if (started) return;
    started = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2_000 });
    else setTimeout(run, 0);
  };
  // A task queued from a frame callback runs after that frame is painted. A hidden page paints
  // no frames: the timer saves it anyway.
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(idle, 0));
  setTimeout(idle, 1_000);
}

/**
 * Saves to the device in the background. Writes run one after another in the order asked, so a
 * listing's second page never lands before its first. A failure is logged (the screen already
 * shows the data; only the offline copy misses it).
 */
export function saveToDevice(write: (db: DbModule) => Promise<unknown>): Promise<void> {
  const run = async () => {
    try {
      await write(await loadDb());
    } catch (error) {
      console.warn('Could not save to this device:', error);
    }
  };
  writes = writes.then(() =>
    dbEvaluated()
      ? run()
      : new Promise<void>((resolve) => afterPaintWhenIdle(() => void run().then(resolve))),
  );
  return writes;
}

/** Resolves when every write asked for so far has finished (tests, and flushes before reads). */
export function deviceWritesSettled(): Promise<void> {
  return writes;
}

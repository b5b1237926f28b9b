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
 *   paint, when the page is idle, in a worker (a first visit), or at once (the database is
 *   already loaded).
 */
import type { DeviceSave, DeviceSaveReply, DeviceSaveRequest } from './device-save';
import { keepFirstScreen } from './first-screen';
import type * as DbIndex from './index';
import { databaseLoadsOnPage, dbEvaluated } from './loaded-flag';
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
 * first (its rows are on screen before the save is even posted).
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

/** Why a save failed where it ran; logged, not shown (the screen already shows the data). */
class DeviceSaveFailed extends Error {}

let worker: { post: (save: DeviceSave) => Promise<void> } | null | undefined;

/**
 * The device-save worker (src/workers/device-save-worker.ts), started on the first save; null
 * where there are no workers or it could not start (its script missing offline): the page then
 * writes itself.
 */
function saveWorker(): typeof worker {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  let next = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let instance: Worker;
  try {
    instance = new Worker(new URL('../../workers/device-save-worker.ts', import.meta.url), {
      type: 'module',
      name: 'device-save',
    });
  } catch {
    return (worker = null);
  }
  instance.addEventListener('message', (event: MessageEvent<DeviceSaveReply>) => {
    const { id, error } = event.data;
    const pending = waiting.get(id);
    waiting.delete(id);
    if (error === undefined) pending?.resolve();
    else pending?.reject(new DeviceSaveFailed(error));
  });
  // The script did not load or died: what it was given is written by the page, as is what follows.
  instance.addEventListener('error', (event) => {
    event.preventDefault();
    instance.terminate();
    worker = null;
    for (const pending of waiting.values()) pending.reject(new Error('device-save worker failed'));
    waiting.clear();
  });
  return (worker = {
    post: (save) =>
      new Promise<void>((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        instance.postMessage({ id, save } satisfies DeviceSaveRequest);
      }),
  });
}

/** Writes `save` on this thread (loading the database code if needed). */
async function saveHere(save: DeviceSave): Promise<void> {
  await (await loadDb()).applyDeviceSave(save);
}

/**
 * Off the main thread when the page has not loaded the database code and will not (a signed-out
 * first visit: Dexie's evaluation and the database's first open cost a slow phone ~0.2–0.4 s of
 * blocked main thread), here when it has or will (the write is then cheap, and the page's live
 * queries see it at once).
 */
async function write(save: DeviceSave): Promise<void> {
  const off = dbEvaluated() || databaseLoadsOnPage() ? null : saveWorker();
  try {
    if (!off) return await saveHere(save);
    try {
      await off.post(save);
    } catch (error) {
      if (error instanceof DeviceSaveFailed) throw error;
      await saveHere(save);
    }
    // Later reads on this page look at the device (the database exists now).
    exists = Promise.resolve(true);
  } catch (error) {
    console.warn('Could not save to this device:', error);
  }
}

/**
 * Saves a network answer to the device in the background (device-save.ts): after the next paint
 * when idle, or at once when the page has the database code already. Saves land one after
 * another in the order asked, so a listing's second page never lands before its first; a failure
 * is logged (the screen already shows the data; only the offline copy misses it). A listing's
 * first page is also kept as the next load's first screen (first-screen.ts).
 */
export function saveToDevice(deviceSave: DeviceSave): Promise<void> {
  const run = () => {
    const { listing } = deviceSave;
    if (listing?.first) keepFirstScreen<object>(deviceSave.kind, listing.key, deviceSave.rows);
    return write(deviceSave);
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

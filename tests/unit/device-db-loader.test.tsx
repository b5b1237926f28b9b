/**
 * The on-demand device database (src/lib/db/loader.ts, use-device-query.ts; issue 24): a device
 * that never saved anything is answered without loading the database code; writes asked for in
 * the background land in order, a failed one does not stop the next, and what was written is
 * read back live; on a first visit they are the device-save worker's, and the page writes them
 * itself when the worker cannot start or the page has the database code already.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '@/lib/db';
import type { DeviceSave, DeviceSaveReply, DeviceSaveRequest } from '@/lib/db/device-save';
import { firstScreenOf } from '@/lib/db/first-screen';
import type * as FlagModule from '@/lib/db/loaded-flag';
import type * as LoaderModule from '@/lib/db/loader';
import type * as HookModule from '@/lib/db/use-device-query';

type Loader = typeof LoaderModule;
type Flag = typeof FlagModule;
type Hook = typeof HookModule;

// Each test starts from modules never evaluated (as a first visit does) over its own
// IndexedDB: fake-indexeddb/auto installs a fresh factory per import of the setup file only, so
// the device database is deleted instead.
const job = (id: string, jobTitle = `Job ${id}`): JobRecord => ({
  id,
  jobTitle,
  companyName: 'Acme',
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** A page of the job listing 'jobs:all' with these jobs: the first page, or a later one. */
const listingPage = (ids: readonly string[], first: boolean): DeviceSave => ({
  kind: 'jobs',
  rows: ids.map((id) => job(id)),
  listing: { key: 'jobs:all', ids, lastKey: null, first },
});

let loader: Loader;
let flag: Flag;
let hook: Hook;
beforeEach(async () => {
  vi.resetModules();
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase('referralhub');
    request.onsuccess = () => resolve();
    request.onerror = () => reject(new Error('could not delete the device database'));
  });
  loader = await import('@/lib/db/loader');
  flag = await import('@/lib/db/loaded-flag');
  hook = await import('@/lib/db/use-device-query');
});

describe('a device that never saved anything', () => {
  it('answers the device query with `nothing` and does not load the database code', async () => {
    expect(await loader.deviceMayHoldData()).toBe(false);
    const query = vi.fn(() => Promise.resolve('rows'));
    const { result } = renderHook(() => hook.useDeviceQuery(query, ['k'], 'nothing saved'));
    await waitFor(() => expect(result.current).toBe('nothing saved'));
    expect(query).not.toHaveBeenCalled();
    expect(flag.dbEvaluated()).toBe(false);
  });

  it('starts watching when the page loads the database code (a Save tapped on a first visit)', async () => {
    const { result } = renderHook(() =>
      hook.useDeviceQuery(
        (db) => db.getCachedJob('a').then((row) => row?.jobTitle ?? null),
        ['a'],
        null,
      ),
    );
    await waitFor(() => expect(result.current).toBeNull());
    // The outbox's write loads the database code on the page.
    const db = await loader.loadDb();
    await db.upsertJobs([job('a', 'Saved offline')]);
    await waitFor(() => expect(result.current).toBe('Saved offline'));
  });

  it('a shared query answers every reader `nothing` at once, then the rows once the code loads', async () => {
    const shared = hook.sharedDeviceQuery(
      (db) => db.getCachedJob('a').then((row) => row?.jobTitle ?? null),
      'nothing saved',
    );
    const readers = [1, 2, 3].map(() => renderHook(() => hook.useSharedDeviceQuery(shared)));
    await waitFor(() => {
      for (const { result } of readers) expect(result.current).toBe('nothing saved');
    });
    expect(flag.dbEvaluated()).toBe(false);
    const db = await loader.loadDb();
    await db.upsertJobs([job('a', 'Saved offline')]);
    await waitFor(() => {
      for (const { result } of readers) expect(result.current).toBe('Saved offline');
    });
  });

  it('a null query answers undefined, whatever the device holds', async () => {
    const { result } = renderHook(() => hook.useDeviceQuery(null, ['k'], 'nothing saved'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBeUndefined();
  });
});

describe('saving in the background', () => {
  it('writes in the order asked, past a failed write, and reads them back live', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    void loader.saveToDevice(listingPage(['a'], true));
    // A row without its key: IndexedDB refuses the write.
    void loader.saveToDevice({ kind: 'jobs', rows: [{ ...job('x'), id: undefined as never }] });
    void loader.saveToDevice(listingPage(['b'], false));
    await loader.deviceWritesSettled();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(flag.dbEvaluated()).toBe(true);
    expect(await loader.deviceMayHoldData()).toBe(true);

    const { result } = renderHook(() =>
      hook.useDeviceQuery(async (db) => (await db.getListing('jobs:all'))?.ids, ['ab']),
    );
    // The second page extended the first: they landed in the order asked.
    await waitFor(() => expect(result.current).toEqual(['a', 'b']));
    // Live: a later save shows without asking again.
    await loader.saveToDevice(listingPage(['c'], true));
    await waitFor(() => expect(result.current).toEqual(['c']));
    warn.mockRestore();
  });

  it("keeps a listing's first page as the next load's first screen", async () => {
    await loader.saveToDevice(listingPage(['a', 'b'], true));
    await loader.saveToDevice(listingPage(['c'], false));
    const kept = firstScreenOf<JobRecord>('jobs', 'jobs:all');
    expect(kept?.rows.map((row) => row.id)).toEqual(['a', 'b']);
  });
});

/**
 * A stand-in for the device-save worker that runs the worker's own code (device-save.ts) over
 * this test's IndexedDB, answering as the worker does; `fail` makes it die (its script missing
 * offline) or refuse the write.
 */
function stubSaveWorker(fail?: 'start' | 'write') {
  const posted: DeviceSaveRequest[] = [];
  class FakeWorker extends EventTarget {
    postMessage(request: DeviceSaveRequest) {
      posted.push(request);
      setTimeout(() => {
        if (fail === 'start') {
          this.dispatchEvent(new Event('error', { cancelable: true }));
          return;
        }
        void (async () => {
          const reply: DeviceSaveReply =
            fail === 'write'
              ? { id: request.id, error: 'QuotaExceededError: full' }
              : (await (await import('@/lib/db/device-save')).applyDeviceSave(request.save),
                { id: request.id });
          this.dispatchEvent(new MessageEvent('message', { data: reply }));
        })();
      }, 0);
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return posted;
}

describe('saving on a first visit (the page has no database code)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands the save to the worker: the page never loads the database code', async () => {
    const posted = stubSaveWorker();
    await loader.saveToDevice(listingPage(['a', 'b'], true));
    expect(posted.map(({ save }) => save.rows.map((row) => row.id))).toEqual([['a', 'b']]);
    expect(flag.dbEvaluated()).toBe(false);
    // What the worker wrote is there for the page's next read.
    expect(await loader.deviceMayHoldData()).toBe(true);
    expect((await (await loader.loadDb()).getListing('jobs:all'))?.ids).toEqual(['a', 'b']);
  });

  it('writes on the page when the worker cannot start', async () => {
    const posted = stubSaveWorker('start');
    await loader.saveToDevice(listingPage(['a'], true));
    await loader.saveToDevice(listingPage(['b'], false));
    // The first went to the worker, which died; both were written here.
    expect(posted).toHaveLength(1);
    expect(flag.dbEvaluated()).toBe(true);
    expect((await (await loader.loadDb()).getListing('jobs:all'))?.ids).toEqual(['a', 'b']);
  });

  it('logs a write the worker could not make, and goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const posted = stubSaveWorker('write');
    await loader.saveToDevice(listingPage(['a'], true));
    await loader.saveToDevice(listingPage(['b'], true));
    expect(posted).toHaveLength(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(flag.dbEvaluated()).toBe(false);
    warn.mockRestore();
  });

  it("writes on a signed-in page, which loads the database code anyway: no worker's copy", async () => {
    const posted = stubSaveWorker();
    flag.setDatabaseLoadsOnPage(true);
    await loader.saveToDevice(listingPage(['a'], true));
    expect(posted).toHaveLength(0);
    expect(flag.dbEvaluated()).toBe(true);
    expect((await (await loader.loadDb()).getListing('jobs:all'))?.ids).toEqual(['a']);
  });

  it('writes on the page once it has the database code', async () => {
    const posted = stubSaveWorker();
    await loader.loadDb();
    await loader.saveToDevice(listingPage(['a'], true));
    expect(posted).toHaveLength(0);
    expect((await (await loader.loadDb()).getListing('jobs:all'))?.ids).toEqual(['a']);
  });
});

describe('loading the database code', () => {
  it('tries again after a failed load (a chunk missing offline) instead of failing for good', async () => {
    let attempts = 0;
    vi.doMock('@/lib/db/index', async () => {
      attempts++;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return vi.importActual('@/lib/db/index');
    });
    vi.resetModules();
    const fresh = await import('@/lib/db/loader');
    await expect(fresh.loadDb()).rejects.toThrow();
    const db = await fresh.loadDb();
    expect(typeof db.getCachedJob).toBe('function');
    expect(attempts).toBe(2);
    vi.doUnmock('@/lib/db/index');
  });
});

/**
 * The on-demand device database (src/lib/db/loader.ts, use-device-query.ts; issue 24): a device
 * that never saved anything is answered without loading the database code; writes asked for in
 * the background land in order, a failed one does not stop the next, and what was written is
 * read back live.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '@/lib/db';
import type * as FlagModule from '@/lib/db/loaded-flag';
import type * as LoaderModule from '@/lib/db/loader';
import type * as HookModule from '@/lib/db/use-device-query';

type Loader = typeof LoaderModule;
type Flag = typeof FlagModule;
type Hook = typeof HookModule;

// Each test starts from modules never evaluated (as a first visit does) over its own
// IndexedDB: fake-indexeddb/auto installs a fresh factory per import of the setup file only, so
// the device database is deleted instead.
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

  it('starts watching when the first save loads the database (a Save tapped on a first visit)', async () => {
    const { result } = renderHook(() =>
      hook.useDeviceQuery(
        (db) => db.getCachedJob('a').then((row) => row?.jobTitle ?? null),
        ['a'],
        null,
      ),
    );
    await waitFor(() => expect(result.current).toBeNull());
    await loader.saveToDevice((db) =>
      db.upsertJobs([
        { id: 'a', jobTitle: 'Saved offline', companyName: 'Acme', createdAt: '2026-11-01' },
      ]),
    );
    await waitFor(() => expect(result.current).toBe('Saved offline'));
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
    const job = (id: string): JobRecord => ({
      id,
      jobTitle: `Job ${id}`,
      companyName: 'Acme',
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const order: string[] = [];
    void loader.saveToDevice(async (db) => {
      order.push('first');
      await db.upsertJobs([job('a')]);
    });
    void loader.saveToDevice(() => {
      order.push('fails');
      return Promise.reject(new Error('quota'));
    });
    void loader.saveToDevice(async (db) => {
      order.push('third');
      await db.upsertJobs([job('b')]);
    });
    await loader.deviceWritesSettled();
    expect(order).toEqual(['first', 'fails', 'third']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(flag.dbEvaluated()).toBe(true);
    expect(await loader.deviceMayHoldData()).toBe(true);

    const { result } = renderHook(() =>
      hook.useDeviceQuery(
        async (db) => (await db.getCachedJobs(['a', 'b'])).map((row) => row.id),
        ['ab'],
      ),
    );
    await waitFor(() => expect(result.current).toEqual(['a', 'b']));
    // Live: a later write shows without asking again.
    await loader.saveToDevice((db) => db.getDb().jobs.delete('a'));
    await waitFor(() => expect(result.current).toEqual(['b']));
    warn.mockRestore();
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

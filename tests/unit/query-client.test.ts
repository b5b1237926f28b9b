import type { QueryClient } from '@tanstack/react-query';
import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GC_TIME_MS,
  createPersistOptions,
  createQueryClient,
  retryDelay,
} from '@/app/query-client';
import { startQueryLayer } from '@/app/query-layer';
import { reportNetworkOutcome, resetConnectivityForTests } from '@/lib/api/connectivity';

describe('query client defaults (spec §9 data-fetch caching)', () => {
  it('backs off exponentially and never waits more than 30 s between retries', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('collects unused query data after 5 minutes', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBe(GC_TIME_MS);
    expect(GC_TIME_MS).toBe(300_000);
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('tries a failing request 4 times (1 + 3 retries), then reports the error', async () => {
      const client = createQueryClient();
      const queryFn = vi.fn(() => Promise.reject(new Error('boom')));
      const observer = new QueryObserver(client, { queryKey: ['failing'], queryFn });
      const unsubscribe = observer.subscribe(() => undefined);

      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 100);
      expect(queryFn).toHaveBeenCalledTimes(4);
      expect(observer.getCurrentResult().status).toBe('error');

      await vi.advanceTimersByTimeAsync(60_000);
      expect(queryFn).toHaveBeenCalledTimes(4);
      unsubscribe();
    });

    it('drops an unobserved query after the 5-minute gc time', async () => {
      const client = createQueryClient();
      await client.prefetchQuery({ queryKey: ['x'], queryFn: () => 1 });
      await vi.advanceTimersByTimeAsync(GC_TIME_MS - 1000);
      expect(client.getQueryData(['x'])).toBe(1);
      await vi.advanceTimersByTimeAsync(2000);
      expect(client.getQueryData(['x'])).toBeUndefined();
    });
  });
});

describe('query persistence', () => {
  it('writes only queries that opt in with meta.persist to storage', async () => {
    window.localStorage.clear();
    const client: QueryClient = createQueryClient();
    await client.prefetchQuery({
      queryKey: ['profile'],
      queryFn: () => ({ fullName: 'Asha Rao' }),
      meta: { persist: true },
    });
    await client.prefetchQuery({ queryKey: ['jobs', 'page-1'], queryFn: () => ['job-1'] });

    const options = createPersistOptions(window.localStorage);
    await persistQueryClientSave({ queryClient: client, ...options });
    // The sync persister throttles writes (1 s); wait for it to flush.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const stored = window.localStorage.getItem('referralhub.query-cache') ?? '';
    expect(stored).toContain('Asha Rao');
    expect(stored).not.toContain('job-1');
  });
});

describe('the persisted answers when the page goes', () => {
  it.each([
    ['left (pagehide)', () => window.dispatchEvent(new Event('pagehide'))],
    [
      'hidden (the app switcher)',
      () => {
        vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        document.dispatchEvent(new Event('visibilitychange'));
      },
    ],
  ])('are written at once when the page is %s, not a second later', async (_when, go) => {
    window.localStorage.clear();
    const client = await startQueryLayer(window.localStorage);
    await client.prefetchQuery({
      queryKey: ['corporateJobs', 'u1', 'list'],
      queryFn: () => [{ title: 'Big Data Engineer' }],
      gcTime: 24 * 60 * 60_000,
      meta: { persist: true },
    });
    // The throttled save has not run yet: a page gone now would lose the answer.
    expect(window.localStorage.getItem('referralhub.query-cache') ?? '').not.toContain(
      'Big Data Engineer',
    );
    go();
    expect(window.localStorage.getItem('referralhub.query-cache') ?? '').toContain(
      'Big Data Engineer',
    );
    vi.restoreAllMocks();
  });
});

describe('the query layer and the connection', () => {
  // No binding of an earlier test may hear the connection go: only the one made at the start.
  beforeEach(() => resetConnectivityForTests());
  afterEach(() => {
    resetConnectivityForTests();
    onlineManager.setOnline(true);
  });

  it('starts offline when the first check has already failed, and fetches again when it is back', async () => {
    // The phone opened on a train: the start's connection check failed before the layer bound.
    reportNetworkOutcome(false);
    const client = await startQueryLayer(window.localStorage);
    expect(onlineManager.isOnline()).toBe(false);

    let online = false;
    const queryFn = vi.fn(() =>
      online ? Promise.resolve(['Ravi Kumar']) : Promise.reject(new TypeError('Failed to fetch')),
    );
    const observer = new QueryObserver(client, {
      queryKey: ['admin', 'users'],
      queryFn,
      retryDelay: 1,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // It tries once, then waits for the connection rather than retrying into an error.
    await vi.waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('paused'));
    expect(observer.getCurrentResult().status).toBe('pending');
    expect(queryFn).toHaveBeenCalledTimes(1);

    online = true;
    reportNetworkOutcome(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['Ravi Kumar']));
    unsubscribe();
  });
});

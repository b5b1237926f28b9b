/**
 * The listings' one data flow (src/lib/ui/listing/use-cached-listing.ts, issue 15): fresh pages
 * render from their rows; before they arrive the device's copy renders with its age and a limit;
 * a server refusal is an error; nothing cached while online is still loading.
 */
import { renderHook, waitFor } from '@testing-library/react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { createDb, setDbForTests } from '@/lib/db';
import { keepFirstScreen } from '@/lib/db/device';
import { DEVICE_READ_DELAY_MS, useCachedListing } from '@/lib/ui/listing';

type Row = { id: string; from: string };
type Page = { rows: Row[] };
type Query = UseInfiniteQueryResult<InfiniteData<Page>, unknown>;

/** The parts of an infinite query the hook reads. */
function query(overrides: Partial<Record<keyof Query, unknown>> = {}): Query {
  return {
    data: undefined,
    error: null,
    isError: false,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchStatus: 'idle',
    ...overrides,
  } as unknown as Query;
}

const fresh = (...ids: string[]): Page => ({ rows: ids.map((id) => ({ id, from: 'fresh' })) });
const cache =
  (count: number, at = 1_700_000_000_000) =>
  () =>
    Promise.resolve({
      rows: Array.from({ length: count }, (_, i) => ({ id: `c${i}`, from: 'cache' })),
      at,
    });

let counter = 0;
beforeEach(() => {
  counter += 1;
  setDbForTests(createDb(`cached-listing-${counter}-${Date.now()}`));
});
afterEach(() => setDbForTests(null));

describe('useCachedListing', () => {
  it('renders the fetched pages’ rows, with the query’s next page', async () => {
    const { result } = renderHook(() =>
      useCachedListing({
        query: query({
          data: { pages: [fresh('a', 'b'), fresh('c')], pageParams: [] },
          hasNextPage: true,
        }),
        readCache: cache(5),
        cacheDeps: ['k'],
      }),
    );
    await waitFor(() => expect(result.current.state.kind).toBe('rows'));
    expect(result.current.fromCache).toBe(false);
    expect(result.current.state).toEqual({
      kind: 'rows',
      rows: fresh('a', 'b', 'c').rows,
      hasMore: true,
      offline: false,
    });
  });

  it('gives the same state until its data changes (the listing defers it: useDeferredValue)', async () => {
    const data = { pages: [fresh('a', 'b')], pageParams: [] };
    const { result, rerender } = renderHook(
      ({ pages }: { pages: InfiniteData<Page> }) =>
        useCachedListing({ query: query({ data: pages }), readCache: cache(5), cacheDeps: ['k'] }),
      { initialProps: { pages: data } },
    );
    await waitFor(() => expect(result.current.state.kind).toBe('rows'));
    const first = result.current.state;
    rerender({ pages: data });
    expect(result.current.state).toBe(first);
    rerender({ pages: { pages: [fresh('a', 'b', 'c')], pageParams: [] } });
    expect(result.current.state).not.toBe(first);
  });

  it('before fresh data, renders the cache up to its limit, with its age, refreshing behind it', async () => {
    const { result } = renderHook(() =>
      useCachedListing({
        query: query({ fetchStatus: 'fetching' }),
        readCache: cache(4),
        cacheDeps: ['k'],
        cacheLimit: 3,
      }),
    );
    await waitFor(() => expect(result.current.state.kind).toBe('rows'));
    const state = result.current.state as Extract<typeof result.current.state, { kind: 'rows' }>;
    expect(state.rows.map((row) => row.id)).toEqual(['c0', 'c1', 'c2']);
    expect(state.hasMore).toBe(true);
    expect(state.cachedAt).toBe(1_700_000_000_000);
    expect(result.current.fromCache).toBe(true);
    expect(result.current.refreshing).toBe(true);
  });

  it('a refusal by the server is an error; an empty cache while online is still loading', async () => {
    const refused = renderHook(() =>
      useCachedListing({
        query: query({ error: new ApiError('HTTP error! status: 500', 500), isError: true }),
        readCache: cache(2),
        cacheDeps: ['k'],
      }),
    );
    expect(refused.result.current.state.kind).toBe('error');

    const empty = renderHook(() =>
      useCachedListing({ query: query(), readCache: cache(0), cacheDeps: ['k'] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(empty.result.current.state.kind).toBe('loading');
  });

  it('holds the cache read while not enabled', async () => {
    let reads = 0;
    const { result } = renderHook(() =>
      useCachedListing({
        query: query(),
        readCache: () => {
          reads += 1;
          return cache(3)();
        },
        cacheDeps: ['k'],
        enabled: false,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(0);
    expect(result.current.state.kind).toBe('loading');
  });

  it('shows the kept first screen until fresh rows come, and the device copy once it has more to show', async () => {
    const firstScreen = { rows: [{ id: 'k0', from: 'kept' }], at: 1_600_000_000_000 };
    keepFirstScreen('jobs', 'k', firstScreen.rows, firstScreen.at);
    const reads: ((value: { rows: Row[]; at: number }) => void)[] = [];
    const slowCache = () =>
      new Promise<{ rows: Row[]; at: number }>((resolve) => {
        reads.push(resolve);
      });
    type Props = { limit: number; data?: InfiniteData<Page> };
    const initialProps: Props = { limit: 1 };
    const { result, rerender } = renderHook(
      ({ limit, data }: Props) =>
        useCachedListing({
          query: query({ fetchStatus: 'fetching', data }),
          readCache: slowCache,
          cacheDeps: ['k', limit],
          cacheLimit: limit,
          firstScreen: { kind: 'jobs', key: 'k' },
        }),
      { initialProps },
    );
    // The first render, before the device copy has answered.
    expect(result.current.state).toEqual({
      kind: 'rows',
      rows: firstScreen.rows,
      hasMore: false,
      cachedAt: firstScreen.at,
      offline: false,
    });
    // "Load more" before the network: the device copy's rows past the kept screen.
    rerender({ limit: 3 });
    await waitFor(() => expect(reads.length).toBeGreaterThan(0));
    // Every read answers the same (a read the limit change cancelled is not used).
    for (const read of reads)
      read({ rows: [0, 1, 2, 3].map((i) => ({ id: `c${i}`, from: 'cache' })), at: 1 });
    await waitFor(() =>
      expect((result.current.state as { rows: Row[] }).rows.map((row) => row.id)).toEqual([
        'c0',
        'c1',
        'c2',
      ]),
    );
    rerender({ limit: 3, data: { pages: [fresh('a')], pageParams: [] } });
    expect((result.current.state as { rows: Row[] }).rows).toEqual(fresh('a').rows);
  });

  describe('on a page the service worker did not load (the database code would be downloaded)', () => {
    beforeEach(() => {
      Object.defineProperty(navigator, 'serviceWorker', {
        value: { controller: null },
        configurable: true,
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    });

    const counted = () => {
      const reads = { count: 0 };
      const readCache = () => {
        reads.count += 1;
        return cache(2)();
      };
      return { reads, readCache };
    };

    it('gives the network DEVICE_READ_DELAY_MS before reading the device copy', async () => {
      const { reads, readCache } = counted();
      const started = Date.now();
      const { result } = renderHook(() =>
        useCachedListing({
          query: query({ fetchStatus: 'fetching' }),
          readCache,
          cacheDeps: ['k'],
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, DEVICE_READ_DELAY_MS / 2));
      expect(reads.count).toBe(0);
      expect(result.current.state.kind).toBe('loading');
      await waitFor(() => expect(result.current.state.kind).toBe('rows'), { timeout: 3_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEVICE_READ_DELAY_MS - 20);
    });

    it('reads it at once when the network has failed', async () => {
      const { reads, readCache } = counted();
      const { result } = renderHook(() =>
        useCachedListing({
          query: query({ isError: true, error: new TypeError('Failed to fetch') }),
          readCache,
          cacheDeps: ['k'],
        }),
      );
      await waitFor(() => expect(result.current.state.kind).toBe('rows'), {
        timeout: DEVICE_READ_DELAY_MS / 2,
      });
      expect(reads.count).toBeGreaterThan(0);
    });

    it('never reads it when the network answers first', async () => {
      const { reads, readCache } = counted();
      const { result, rerender } = renderHook(
        ({ data }: { data?: InfiniteData<Page> }) =>
          useCachedListing({
            query: query({ fetchStatus: data ? 'idle' : 'fetching', data }),
            readCache,
            cacheDeps: ['k'],
          }),
        { initialProps: {} },
      );
      rerender({ data: { pages: [fresh('a')], pageParams: [] } });
      await new Promise((resolve) => setTimeout(resolve, DEVICE_READ_DELAY_MS + 200));
      expect(reads.count).toBe(0);
      expect((result.current.state as { rows: Row[] }).rows).toEqual(fresh('a').rows);
    });
  });
});

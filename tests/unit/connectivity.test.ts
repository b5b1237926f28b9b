import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  getConnectivity,
  probeConnectivity,
  reportNetworkOutcome,
  resetConnectivityForTests,
  startConnectivityMonitor,
  subscribeConnectivity,
} from '@/lib/api/connectivity';

// A narrow unit test: `fetch` is replaced so each case can decide what the network does.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  resetConnectivityForTests();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('connectivity', () => {
  it('goes offline when a request cannot reach the server, and tells subscribers', async () => {
    const listener = vi.fn();
    subscribeConnectivity(listener);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(probeConnectivity()).resolves.toBe('offline');
    expect(getConnectivity()).toBe('offline');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('counts any HTTP response, even a 503, as reaching the server', async () => {
    reportNetworkOutcome(false);
    fetchMock.mockResolvedValue(new Response('down', { status: 503 }));
    await expect(probeConnectivity()).resolves.toBe('online');
  });

  it('reads the answer, so the probe does not hold its request open until the timeout', async () => {
    const answer = new Response('{"status":"ok"}', { status: 200 });
    fetchMock.mockResolvedValue(answer);
    await probeConnectivity();
    expect(answer.bodyUsed).toBe(true);
  });

  it('keeps probing with backoff while offline and comes back online by itself', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    reportNetworkOutcome(false);
    expect(fetchMock).toHaveBeenCalledTimes(0);

    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchMock).toHaveBeenCalledTimes(1); // first retry after 2 s
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchMock).toHaveBeenCalledTimes(2); // then 4 s
    expect(getConnectivity()).toBe('offline');

    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    await vi.advanceTimersByTimeAsync(8_000);
    expect(getConnectivity()).toBe('online');

    // Online again: no more probes.
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
  });

  it('never waits more than 30 s between probes', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    reportNetworkOutcome(false);
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 + 16_000);
    const calls = fetchMock.mock.calls.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock.mock.calls.length).toBe(calls + 2);
  });

  it('trusts the browser offline event at once, and re-checks on online', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    startConnectivityMonitor();
    await vi.advanceTimersByTimeAsync(0);
    expect(getConnectivity()).toBe('online');

    window.dispatchEvent(new Event('offline'));
    expect(getConnectivity()).toBe('offline');

    const calls = fetchMock.mock.calls.length;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
    expect(getConnectivity()).toBe('online');
  });

  it('does not count an answer to a request sent before the browser went offline', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    startConnectivityMonitor();
    await vi.advanceTimersByTimeAsync(0);
    const sentASecondAgo = performance.now() - 1_000;
    window.dispatchEvent(new Event('offline'));

    // The phone dropped its connection while this request was out; its answer came after.
    reportNetworkOutcome(true, sentASecondAgo);
    expect(getConnectivity()).toBe('offline');

    // A request sent after the event that reaches the server is news: online again.
    reportNetworkOutcome(true);
    expect(getConnectivity()).toBe('online');
  });
});

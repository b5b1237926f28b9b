/**
 * Connectivity as the app experiences it: driven by real request outcomes, not by
 * `navigator.onLine` alone (stack-notes: after an offline reload the document can still report
 * onLine === true; a failed fetch is the real signal).
 *
 * - Any HTTP response (even a 5xx) proves the network reaches the server: online.
 * - A fetch that throws (no route, DNS, connection reset, our timeout) counts as offline.
 * - The browser's `offline` event is trusted in one direction only: it is definitely offline.
 *   An answer to a request sent before that event says nothing about now and is not counted
 *   (a phone that drops its connection while a request is out stays offline).
 * - While offline, a cheap probe of GET {api}/health runs with exponential backoff (capped at
 *   30 s like the data-fetch retries of spec §9), and at once on `online` or when the tab
 *   becomes visible again.
 */
import { config } from '../config';

export type Connectivity = 'online' | 'offline';

const PROBE_TIMEOUT_MS = 5_000;
const PROBE_BACKOFF_START_MS = 2_000;
const PROBE_BACKOFF_CAP_MS = 30_000; // spec §9: backoff capped at 30 seconds

let state: Connectivity = 'online';
const listeners = new Set<() => void>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = PROBE_BACKOFF_START_MS;
let started = false;
/** When the browser last said it went offline (performance.now() of its `offline` event). */
let wentOfflineAt = -Infinity;

function setState(next: Connectivity) {
  if (next === 'online') {
    retryDelay = PROBE_BACKOFF_START_MS;
    clearTimeout(retryTimer);
    retryTimer = undefined;
  } else {
    scheduleProbe();
  }
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function scheduleProbe() {
  if (retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    retryDelay = Math.min(retryDelay * 2, PROBE_BACKOFF_CAP_MS);
    void probeConnectivity();
  }, retryDelay);
}

/**
 * Record what a real request told us. Called by the API client for every request it makes, with
 * when that request was sent.
 */
export function reportNetworkOutcome(reachedServer: boolean, sentAt = performance.now()) {
  if (reachedServer && sentAt < wentOfflineAt) return;
  setState(reachedServer ? 'online' : 'offline');
}

/** Asks the server for its health; resolves to the state it established. */
export async function probeConnectivity(): Promise<Connectivity> {
  const sentAt = performance.now();
  try {
    const response = await fetch(`${config.apiUrl}/health`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    // Its few bytes are read: an answer whose body nobody reads stays open until the timeout
    // aborts it, 5 s of one of the browser's six connections to the server at every start.
    await response.arrayBuffer().catch(() => undefined);
    reportNetworkOutcome(true, sentAt);
  } catch {
    reportNetworkOutcome(false);
  }
  return state;
}

export function getConnectivity(): Connectivity {
  return state;
}

export function subscribeConnectivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wires the browser events and runs the first probe. Idempotent. */
export function startConnectivityMonitor() {
  if (started) return;
  started = true;
  window.addEventListener('offline', () => {
    wentOfflineAt = performance.now();
    setState('offline');
  });
  window.addEventListener('online', () => void probeConnectivity());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && state === 'offline') void probeConnectivity();
  });
  void probeConnectivity();
}

/** For tests: forget all state. */
export function resetConnectivityForTests() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelay = PROBE_BACKOFF_START_MS;
  state = 'online';
  wentOfflineAt = -Infinity;
  listeners.clear();
  started = false;
}

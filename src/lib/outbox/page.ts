/**
 * The page's side of the outbox (design/outbox.md "Wake-ups"): enqueue, and ask for a drain on
 * start, on `online`, when the tab becomes visible, right after enqueueing, and when the earliest
 * backoff ends. A service worker that controls the page does the sending (it also wakes on
 * Background Sync when no page is open); with none (first visit, dev server), or one that does
 * not answer in time (stopped mid-drain), the page drains itself. The Web Lock keeps the two from
 * sending at once.
 */
import { config } from '../config';
import { getDb } from '../db/instance';
import { publish, subscribe } from './channel';
import { DRAIN_MESSAGE, SYNC_TAG } from './constants';
import { drainOutbox, type DrainReport } from './drain';
import type { OutboxKind } from './kinds';
import { discardAction, enqueue, retryAction, wakeWaiting, type EnqueueInput } from './store';

/** How long the page waits for the worker's answer before draining itself. */
const WORKER_ANSWER_MS = 10_000;

function pageDeps() {
  return { db: getDb(), apiUrl: config.apiUrl, jobsApiUrl: config.jobsApiUrl };
}

function askWorker(worker: ServiceWorker): Promise<DrainReport | null> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    const timer = setTimeout(() => {
      port1.close();
      resolve(null);
    }, WORKER_ANSWER_MS);
    port1.onmessage = (event: MessageEvent<DrainReport>) => {
      clearTimeout(timer);
      port1.close();
      resolve(event.data);
    };
    worker.postMessage({ type: DRAIN_MESSAGE }, [port2]);
  });
}

async function registerBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
      ?.sync;
    await sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari) or not allowed: the other wake-ups still work.
  }
}

let draining: Promise<void> | null = null;

/** Asks for a drain now (worker first, the page itself as the fallback). */
export function requestDrain(): Promise<void> {
  draining ??= (async () => {
    try {
      const worker = navigator.serviceWorker?.controller;
      const report = worker ? await askWorker(worker) : null;
      if (!report) await drainOutbox(pageDeps());
    } catch {
      // A broken drain (storage gone) must not break the page; the next wake-up tries again.
    } finally {
      draining = null;
    }
  })();
  return draining;
}

let persistenceAsked = false;

/** stack-notes: ask for persistent storage on a user action that saves important data. */
function askForPersistentStorage() {
  if (persistenceAsked) return;
  persistenceAsked = true;
  void navigator.storage?.persist?.().catch(() => false);
}

/** Features queue the built-in kinds (typed payloads); a misspelt kind does not compile. */
export async function enqueueAction<K extends OutboxKind>(input: EnqueueInput<K>) {
  askForPersistentStorage();
  const result = await enqueue(getDb(), input);
  if (result.status !== 'cancelled') {
    const { action } = result;
    publish({
      type: 'changed',
      seq: action.seq!,
      kind: action.kind,
      subject: action.subject,
      state: action.state,
    });
  }
  void registerBackgroundSync();
  void requestDrain();
  return result;
}

export async function retryOutboxAction(seq: number) {
  await retryAction(getDb(), seq);
  void requestDrain();
}

export async function discardOutboxAction(seq: number) {
  const action = await discardAction(getDb(), seq);
  if (action) {
    publish({
      type: 'changed',
      seq,
      kind: action.kind,
      subject: action.subject,
      state: 'discarded',
    });
  }
}

let timer: ReturnType<typeof setTimeout> | undefined;

function scheduleWake(at: number | null) {
  clearTimeout(timer);
  if (at === null) return;
  timer = setTimeout(() => void requestDrain(), Math.max(0, at - Date.now()) + 50);
}

let started = false;

/**
 * Starts the wake-ups for this page. `onTokenNeeded` is asked to mirror a fresh access token when
 * a drainer found none or had one refused; it returns true when it mirrored one.
 */
export function startOutbox({ onTokenNeeded }: { onTokenNeeded: () => Promise<boolean> }) {
  if (started) return;
  started = true;
  let refreshing = false;
  subscribe((event) => {
    if (event.type === 'drained') scheduleWake(event.nextWakeAt);
    if (event.type === 'token-needed' && !refreshing) {
      refreshing = true;
      void onTokenNeeded()
        .then((mirrored) => (mirrored ? requestDrain() : undefined))
        .finally(() => {
          refreshing = false;
        });
    }
  });
  window.addEventListener('online', () => {
    void wakeWaiting(getDb()).then(requestDrain);
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void requestDrain();
  });
  void requestDrain();
}

/**
 * The service worker's side of the outbox: drain on Background Sync and when a page asks
 * (design/outbox.md). A sync that leaves actions waiting fails on purpose, so the browser
 * schedules another sync later even if no page is ever opened again.
 */
/// <reference lib="webworker" />
import { getDb } from '../db/instance';
import { drainOutbox, type DrainReport } from './drain';
import { DRAIN_MESSAGE, SYNC_TAG } from './constants';

export interface WorkerOutboxOptions {
  readonly apiUrl: string;
  readonly jobsApiUrl: string;
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export function registerOutboxWorker(
  scope: ServiceWorkerGlobalScope,
  options: WorkerOutboxOptions,
) {
  const drain = (): Promise<DrainReport> => drainOutbox({ db: getDb(), ...options });

  scope.addEventListener('sync', (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== SYNC_TAG) return;
    sync.waitUntil(
      drain().then((report) => {
        if (report.pending > 0 && !report.waitingForToken) {
          throw new Error(`${report.pending} actions still waiting`);
        }
      }),
    );
  });

  scope.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (!data || data.type !== DRAIN_MESSAGE) return;
    const port = event.ports[0];
    event.waitUntil(
      drain()
        .then((report) => port?.postMessage(report))
        .catch(() => port?.postMessage(null)),
    );
  });
}

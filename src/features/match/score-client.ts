/**
 * The one way the page talks to the scoring worker (style.md: one connection module).
 *
 * - The worker starts on the first request and is terminated after IDLE_SHUTDOWN_MS with
 *   nothing to do (phones keep no idle thread around).
 * - Requests coalesce: asking while a run is going for the same profile version queues exactly
 *   one follow-up run (incremental, so it only picks up jobs cached meanwhile); asking for a new
 *   profile version cancels the running one and starts over (its partial scores are stale).
 * - Progress is published for the UI (`subscribe`/`getStatus`), and every finished run is
 *   recorded as a User Timing measure `score:rescore` with the run's figures as `detail`
 *   (what `npm run bench:scoring` reads).
 */
import type { RescoreResult, ScoreReply, ScoreRequest } from '@/lib/scoring';

// Long enough that paging through a listing reuses the worker, short enough to free it soon.
export const IDLE_SHUTDOWN_MS = 15_000;
export const RESCORE_MEASURE = 'score:rescore';

export interface ScoreStatus {
  readonly running: boolean;
  readonly done: number;
  readonly total: number;
  readonly last: RescoreResult | null;
}

export interface WorkerLike {
  postMessage(message: ScoreRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ScoreReply>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface ScoreClient {
  /** Brings scores up to date for this profile version. */
  readonly request: (profileVersion: string) => void;
  /** Stops the running rescore, if any. */
  readonly cancel: () => void;
  readonly getStatus: () => ScoreStatus;
  readonly subscribe: (listener: () => void) => () => void;
  /** True while a worker is alive (for tests of the idle shutdown). */
  readonly isAlive: () => boolean;
}

const IDLE: ScoreStatus = { running: false, done: 0, total: 0, last: null };

export function createScoreClient(
  spawn: () => WorkerLike,
  { idleMs = IDLE_SHUTDOWN_MS }: { idleMs?: number } = {},
): ScoreClient {
  let worker: WorkerLike | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let nextRunId = 1;
  let running: { id: number; version: string; startMark: number } | null = null;
  let pending: string | null = null;
  let status: ScoreStatus = IDLE;
  const listeners = new Set<() => void>();

  const publish = (next: ScoreStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };

  const start = (version: string) => {
    clearTimeout(idleTimer);
    worker ??= connect();
    running = { id: nextRunId++, version, startMark: performance.now() };
    publish({ ...status, running: true, done: 0, total: 0 });
    worker.postMessage({ type: 'rescore', runId: running.id });
  };

  const settle = () => {
    running = null;
    if (pending !== null) {
      const version = pending;
      pending = null;
      start(version);
      return;
    }
    publish({ ...status, running: false });
    idleTimer = setTimeout(() => {
      worker?.terminate();
      worker = null;
    }, idleMs);
  };

  function connect(): WorkerLike {
    const created = spawn();
    created.addEventListener('message', ({ data }) => {
      if (!running || data.runId !== running.id) return; // a cancelled run's late reply
      if (data.type === 'progress') {
        publish({ ...status, running: true, done: data.done, total: data.total });
        return;
      }
      if (data.type === 'done') {
        performance.measure(RESCORE_MEASURE, { start: running.startMark, detail: data.result });
        publish({ ...status, last: data.result });
      } else {
        console.error('Scoring failed:', data.message);
      }
      settle();
    });
    // The worker could not start or crashed: drop it, so the next request starts a fresh one.
    created.addEventListener('error', (event) => {
      event.preventDefault();
      console.error('The scoring worker failed:', (event as ErrorEvent).message ?? event.type);
      created.terminate();
      if (worker === created) worker = null;
      if (running) {
        pending = null;
        settle();
      }
    });
    return created;
  }

  return {
    request: (version) => {
      if (!running) start(version);
      else if (running.version === version) pending = version;
      else {
        worker?.postMessage({ type: 'cancel', runId: running.id });
        running = null;
        pending = null;
        start(version);
      }
    },
    cancel: () => {
      if (!running) return;
      worker?.postMessage({ type: 'cancel', runId: running.id });
      pending = null;
      settle();
    },
    getStatus: () => status,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isAlive: () => worker !== null,
  };
}

let shared: ScoreClient | null = null;

/** The app's score client; the worker chunk loads only when the first rescore is requested. */
export function getScoreClient(): ScoreClient {
  shared ??= createScoreClient(
    () =>
      new Worker(new URL('../../workers/score-worker.ts', import.meta.url), {
        type: 'module',
        name: 'score-worker',
      }),
  );
  return shared;
}

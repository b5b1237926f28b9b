/**
 * Parses CVs off the server's main thread (issue 23 item 1: a 300 KB PDF inflating to 100 MB of
 * text operators stalled every request for ~24 s, a 1.8 MB one killed the process out of
 * memory). One worker thread runs parse-worker.ts, one CV at a time (2 cores, stack-notes), and
 * is reused until something goes wrong with it:
 *
 * - its heap is capped (`resourceLimits`): past it V8 stops the thread, not the process;
 * - each parse has a wall-clock limit, after which the thread is terminated;
 * - the parse itself refuses files past the limits of parse-limits.ts before they cost much.
 *
 * A worker that hit a limit, crashed or was terminated is dropped and the next parse starts a
 * fresh one. Limits give "tooComplex", any other error inside the worker "failed".
 *
 * Why a worker thread and not a child process: `resourceLimits` and `terminate()` give a heap
 * cap and a kill that work even inside a busy synchronous loop, a thread starts in the time it
 * takes to load pdf.js (a process would load Node, tsx and pdf.js again, and cost ~50 MB more
 * while idle), and the file moves to it without a copy. The price: array buffers (decoded
 * streams) sit outside the capped heap, which is why the inflated size is counted before pdf.js
 * reads the file (pdf-budget.ts), and a crash in native code would take the process with it
 * (pdf.js and zlib are the only code the worker runs; a child process is the step up if that
 * ever changes).
 */
import { Worker } from 'node:worker_threads';
import type { CvProfile } from './parse-cv';
import { CvParseFailure } from './parse-errors';
import {
  PARSE_LIMITS,
  PARSE_TIME_LIMIT_MS,
  PARSE_WORKER_HEAP_MB,
  type ParseLimits,
} from './parse-limits';
import type { ParseReply, ParseRequest } from './parse-protocol';

/**
 * The worker's entry: a few lines of plain JavaScript that load the TypeScript body through
 * tsx's scoped API (it affects this worker's imports only). Node cannot start a worker from a
 * .ts file itself, and the server runs both under the `tsx` CLI (npm start, npm run dev) and
 * inside vitest, whose loader a worker thread does not inherit; this works under both. Paths are
 * resolved here, so the worker does not depend on the current directory.
 * (A separate .mjs entry would do the same, but falls outside the typed lint and tsconfig.)
 */
const WORKER_ENTRY = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(
  ({ tsImport }) => tsImport('./parse-worker.ts', ${JSON.stringify(import.meta.url)}),
);`;
// Loading tsx and pdf.js in a new thread; generous, as the machine may be busy.
const START_TIME_LIMIT_MS = 60_000;

export interface CvParserOptions {
  limits?: ParseLimits;
  timeLimitMs?: number;
  heapMb?: number;
}

interface StartedWorker {
  worker: Worker;
  ready: Promise<void>;
}

export class CvParser {
  private current?: StartedWorker;
  private nextId = 1;
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly limits: ParseLimits;
  private readonly timeLimitMs: number;
  private readonly heapMb: number;

  constructor(options: CvParserOptions = {}) {
    this.limits = options.limits ?? PARSE_LIMITS;
    this.timeLimitMs = options.timeLimitMs ?? PARSE_TIME_LIMIT_MS;
    this.heapMb = options.heapMb ?? PARSE_WORKER_HEAP_MB;
  }

  /** Parses in the worker, one call after another. Rejects with CvParseFailure or an Error. */
  parse(bytes: Buffer, now: Date = new Date()): Promise<CvProfile> {
    const run = this.tail.then(() => this.parseNow(bytes, now));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Stops the worker; later parses are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    this.current = undefined;
    await current?.worker.terminate();
  }

  private spawn(): StartedWorker {
    const worker = new Worker(WORKER_ENTRY, {
      eval: true,
      // Not the parent's flags: vitest's and tsx's loaders are not meant for this thread; the
      // entry loads tsx itself.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.heapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.ceil(this.heapMb / 8)),
        stackSizeMb: 4,
      },
    });
    // An idle worker must not keep the process alive; a running parse's timer does.
    worker.unref();
    // An 'error' nobody listens to would be thrown in the server: the parse in flight (if any)
    // has its own listeners; otherwise a dead worker is just replaced on the next parse.
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      if (this.current?.worker === worker) this.current = undefined;
    });
    const ready = new Promise<void>((resolve, reject) => {
      const settle = (error?: Error) => {
        clearTimeout(timer);
        worker.off('message', onReady);
        worker.off('error', settle);
        worker.off('exit', onExit);
        if (error) reject(error);
        else resolve();
      };
      const onReady = () => settle();
      const onExit = (code: number) => settle(new Error(`CV parse worker exited (${code})`));
      const timer = setTimeout(
        () => settle(new Error('CV parse worker did not start in time')),
        START_TIME_LIMIT_MS,
      );
      worker.once('message', onReady);
      worker.once('error', settle);
      worker.once('exit', onExit);
    });
    return { worker, ready };
  }

  private discard(worker: Worker): void {
    if (this.current?.worker === worker) this.current = undefined;
    void worker.terminate().catch(() => undefined);
  }

  private async started(): Promise<Worker> {
    const current = (this.current ??= this.spawn());
    try {
      await current.ready;
    } catch (error) {
      this.discard(current.worker);
      throw error;
    }
    return current.worker;
  }

  private async parseNow(bytes: Buffer, now: Date): Promise<CvProfile> {
    if (this.closed) throw new Error('The CV parser is closed');
    const worker = await this.started();
    const id = this.nextId++;
    const copy = new Uint8Array(bytes); // the copy is transferred; the caller keeps its buffer
    return new Promise<CvProfile>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (failure: CvParseFailure) => {
        finish();
        this.discard(worker);
        reject(failure);
      };
      const onMessage = (reply: ParseReply) => {
        if (reply.id !== id) return;
        finish();
        if (reply.ok) resolve(reply.profile);
        else reject(new CvParseFailure(reply.code, reply.detail));
      };
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new CvParseFailure('tooComplex', 'heap limit')
            : new CvParseFailure('failed', `worker error: ${error.name}: ${error.message}`),
        );
      const onExit = (code: number) =>
        fail(new CvParseFailure('failed', `worker exited (${code})`));
      const timer = setTimeout(
        () => fail(new CvParseFailure('tooComplex', 'time limit')),
        this.timeLimitMs,
      );
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      const request: ParseRequest = { id, bytes: copy, now: now.getTime(), limits: this.limits };
      worker.postMessage(request, [copy.buffer]);
    });
  }
}

/**
 * Durable background work on Postgres (issue 25 item 1), through pg-boss 10 (docs/decisions.md:
 * why pg-boss). The queue's tables live in the `pgboss` schema of the app's own database, on the
 * embedded PGlite (one process) and on Postgres (many processes) alike, reached through the app's
 * client (boss-db.ts).
 *
 * - A job is created by the transaction of the write that causes it (`send(tx, …)`): rolled back,
 *   no job; committed, the job exists even if the process dies the next instant.
 * - Each kind is a pg-boss queue with the `short` policy: at most one job per dedupe key waits at
 *   a time (a second send with the same key is dropped and returns null).
 * - A handler that throws is retried with exponential backoff (pg-boss: `retryDelay · 2^n`, with
 *   jitter) up to `retryLimit` times; then the job stays `failed`: the dead-letter state, listed
 *   by `deadLetters()` for the admin route (routes.ts).
 * - A process killed while running a job leaves it `active`; after `expireInSeconds` pg-boss's
 *   maintenance (any live process, every MAINTENANCE_SECONDS) puts it back for a retry. Handlers
 *   must therefore be safe to run twice (each kind says how it is).
 *
 * Periodic work (`every`: the referral sweep, the payment reconciler) is a job per time slot:
 * every process's timer sends the slot's job with pg-boss's `singletonSeconds`, whose unique
 * index (name, slot, key) lets exactly one job exist per slot however many processes send it, and
 * a job is fetched by one worker only. So each tick runs once across all processes, is retried
 * like any job if its process dies, and a failed tick shows among the dead letters.
 *
 * Workers poll (pg-boss 10 has no LISTEN; PGlite's one connection could not hold one anyway).
 * A send in this process also wakes the local poller after its transaction commits (`nudge`),
 * so the embedded server does not wait a poll interval for work it created itself.
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { bossDbFor as bossDb, forTransaction } from './boss-db';

export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface JobKind<T> {
  /** The pg-boss queue name. */
  name: string;
  /** Extra runs after the first failure (pg-boss retryLimit). */
  retryLimit: number;
  /** Seconds before the first retry; doubled for each later one. */
  retryDelaySeconds: number;
  /** A run still active after this long is taken to be dead (its process killed) and retried. */
  expireInSeconds: number;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
  handler: (data: T, job: { id: string; retryCount: number }) => Promise<void>;
}

export interface DeadJob {
  id: string;
  kind: string;
  key: string | null;
  attempts: number;
  error: string | null;
  createdAt: string;
  failedAt: string | null;
}

export interface QueueOptions {
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  /** How often an idle worker looks for new jobs. */
  pollIntervalMs?: number;
  /** How often expired (abandoned) runs are put back; one process does it per interval. */
  maintenanceIntervalSeconds?: number;
}

export const QUEUE_SCHEMA = 'pgboss';
const DEFAULT_POLL_MS = 1000;
const MAINTENANCE_SECONDS = 15;

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

interface Schedule {
  kind: Pick<JobKind<never>, 'name'>;
  everyMs: number;
  data: object;
}

/** pg-boss slots are whole seconds. */
const slotSecondsOf = (schedule: Schedule) => Math.max(1, Math.round(schedule.everyMs / 1000));

interface Worker {
  kind: JobKind<never>;
  running: Set<Promise<void>>;
  pumping: Promise<void> | null;
  again: boolean;
}

export class JobQueue {
  readonly boss: PgBoss;
  private readonly workers = new Map<string, Worker>();
  private timer: NodeJS.Timeout | undefined;
  private readonly schedules: Schedule[] = [];
  private readonly scheduleTimers = new Set<NodeJS.Timeout>();
  private started = false;
  private stopping = false;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: QueueOptions,
  ) {
    this.boss = new PgBoss({
      db: bossDb(db),
      schema: QUEUE_SCHEMA,
      supervise: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? MAINTENANCE_SECONDS,
      schedule: false,
      // Failed jobs (the dead letters) stay a month in the job table for admins to see.
      archiveFailedAfterSeconds: 30 * 24 * 3600,
    });
    // pg-boss reports maintenance failures as events; without a listener Node would throw.
    this.boss.on('error', (error) => options.log.warn({ err: error }, 'job queue maintenance'));
  }

  /** Declares a kind; its handler runs in this process once the queue has started. */
  define<T>(kind: JobKind<T>): void {
    this.workers.set(kind.name, {
      kind,
      running: new Set(),
      pumping: null,
      again: false,
    });
  }

  /**
   * Declares a kind that runs once every `everyMs` across all processes (see the file comment).
   * The first run is one period after start, as a timer's would be. Handlers should still be
   * safe to overlap a previous run that outlasted its period.
   */
  every<T extends object>(kind: JobKind<T>, everyMs: number, data: T): void {
    this.define(kind);
    this.schedules.push({ kind, everyMs, data });
  }

  /**
   * Ticks in the middle of each slot (slots are aligned to the epoch on the database's clock),
   * at least `minDelayMs` from now. Every process thus sends at about the same moment: a clock
   * skew under half a period still lands in the same slot (one job), and two slots' jobs are
   * always about a period apart, never created a moment apart by two processes' timers.
   */
  private scheduleNext(schedule: Schedule, minDelayMs: number): void {
    if (this.stopping) return;
    const period = slotSecondsOf(schedule) * 1000;
    const now = Date.now();
    const nextMid = Math.ceil((now + minDelayMs - period / 2) / period) * period + period / 2;
    const timer = setTimeout(() => {
      this.scheduleTimers.delete(timer);
      this.tick(schedule);
      this.scheduleNext(schedule, period / 2);
    }, nextMid - now);
    timer.unref();
    this.scheduleTimers.add(timer);
  }

  /** Sends this slot's job of a periodic kind (a no-op when it already exists). */
  private tick(schedule: Schedule): void {
    const slotSeconds = slotSecondsOf(schedule);
    this.boss
      .send(schedule.kind.name, schedule.data, {
        db: forTransaction(this.db),
        singletonKey: schedule.kind.name,
        singletonSeconds: slotSeconds,
      })
      .then((id) => {
        if (id) this.nudge();
      })
      .catch((error: unknown) => {
        if (!this.stopping) this.options.log.warn({ err: error }, 'periodic job not sent');
      });
  }

  /** Creates the schema (first start only) and the queues, then starts polling. */
  async start(): Promise<void> {
    if (this.started || this.stopping) return;
    await this.boss.start();
    for (const { kind } of this.workers.values()) {
      const settings = {
        name: kind.name,
        policy: 'short' as const,
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: kind.expireInSeconds,
      };
      // Several processes start at once: creating an existing queue is refused, so update.
      try {
        await this.boss.createQueue(kind.name, settings);
      } catch (error) {
        if (!(await this.boss.getQueue(kind.name))) throw error;
      }
      await this.boss.updateQueue(kind.name, settings);
    }
    this.started = true;
    const interval = this.options.pollIntervalMs ?? DEFAULT_POLL_MS;
    this.timer = setInterval(() => this.nudge(), interval);
    this.timer.unref();
    for (const schedule of this.schedules) this.scheduleNext(schedule, schedule.everyMs);
    this.nudge();
  }

  /** Runs a periodic kind now, outside its schedule (tests, an admin's "run now"). */
  async runNow(name: string): Promise<string | null> {
    const schedule = this.schedules.find((candidate) => candidate.kind.name === name);
    if (!schedule) throw new Error(`No periodic job named ${name}`);
    const id = await this.boss.send(name, schedule.data, {
      db: forTransaction(this.db),
      singletonKey: `${name}:now`,
    });
    this.nudge();
    return id;
  }

  /**
   * Creates a job with `executor`: pass the transaction of the write that causes it. Returns the
   * job's id, or null when a job with the same `key` is already waiting (deduplicated).
   */
  async send<T extends object>(
    executor: Executor,
    kind: Pick<JobKind<T>, 'name'>,
    data: T,
    options: { key?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    return this.boss.send(kind.name, data, {
      db: forTransaction(executor),
      singletonKey: options.key,
      startAfter: options.startAfterSeconds,
    });
  }

  /** Looks for due jobs now (after a local send committed; on every poll). */
  nudge(): void {
    if (!this.started || this.stopping) return;
    for (const worker of this.workers.values()) void this.pump(worker);
  }

  private pump(worker: Worker): Promise<void> {
    if (worker.pumping) {
      worker.again = true;
      return worker.pumping;
    }
    worker.pumping = (async () => {
      do {
        worker.again = false;
        while (!this.stopping && worker.running.size < worker.kind.concurrency) {
          const batchSize = worker.kind.concurrency - worker.running.size;
          let jobs: PgBoss.Job<never>[];
          try {
            jobs = await this.boss.fetch<never>(worker.kind.name, {
              batchSize,
              includeMetadata: true,
            });
          } catch (error) {
            if (!this.stopping) this.options.log.warn({ err: error }, 'job queue fetch failed');
            return;
          }
          if (jobs.length === 0) break;
          for (const job of jobs) this.run(worker, job);
        }
      } while (worker.again && !this.stopping);
    })().finally(() => {
      worker.pumping = null;
    });
    return worker.pumping;
  }

  private run(worker: Worker, job: PgBoss.Job<never>): void {
    const { name } = worker.kind;
    const retryCount = (job as { retryCount?: number }).retryCount ?? 0;
    const running: Promise<void> = worker.kind
      .handler(job.data, { id: job.id, retryCount })
      .then(
        () => this.boss.complete(name, job.id),
        // The message only: job data and errors may name a person; ids are enough to find it.
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          this.options.log.warn({ job: name, jobId: job.id, message }, 'job failed');
          return this.boss.fail(name, job.id, { message });
        },
      )
      .then(
        () => undefined,
        (error: unknown) => this.options.log.error({ err: error, job: name }, 'job bookkeeping'),
      )
      .finally(() => {
        worker.running.delete(running);
        // A slot is free: take the next job without waiting for the poll.
        if (!this.stopping) void this.pump(worker);
      });
    worker.running.add(running);
  }

  /**
   * Runs due jobs until none is left or running (tests, shutdown of one-process use). Jobs waiting
   * for a retry's backoff are not due and are left alone.
   */
  async settle(): Promise<void> {
    for (;;) {
      await Promise.all([...this.workers.values()].map((worker) => this.pump(worker)));
      const running = [...this.workers.values()].flatMap((worker) => [...worker.running]);
      if (running.length === 0 && !(await this.hasDueJobs())) return;
      await Promise.all(running);
    }
  }

  /**
   * `<=`, where pg-boss's fetch has `<`: PGlite's clock counts milliseconds, so a job sent in the
   * same millisecond as the fetch is not fetched yet, and must still count as due here.
   */
  private async hasDueJobs(): Promise<boolean> {
    const names = [...this.workers.keys()];
    if (names.length === 0) return false;
    const { rows } = await bossDb(this.db).executeSql(
      `SELECT 1 FROM ${QUEUE_SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'active' AND start_after <= now() LIMIT 1`,
      [names],
    );
    return rows.length > 0;
  }

  /** Puts abandoned runs (active past their expiry) back now instead of at the next maintenance. */
  async expireAbandoned(): Promise<void> {
    await this.boss.expire();
    this.nudge();
  }

  /** Jobs that used up their retries (newest first): the dead letters. */
  async deadLetters(limit = 100): Promise<DeadJob[]> {
    const { rows } = await bossDb(this.db).executeSql(
      `SELECT id, name, singleton_key, retry_count, output->>'message' AS message, created_on, completed_on
         FROM ${QUEUE_SCHEMA}.job WHERE state = 'failed'
        ORDER BY completed_on DESC NULLS LAST, id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: String(row.id),
      kind: String(row.name),
      key: textOrNull(row.singleton_key),
      attempts: Number(row.retry_count) + 1,
      error: textOrNull(row.message),
      createdAt: new Date(row.created_on as string).toISOString(),
      failedAt: row.completed_on ? new Date(row.completed_on as string).toISOString() : null,
    }));
  }

  /** Job counts per kind and state (monitoring). */
  async counts(): Promise<Record<string, Record<string, number>>> {
    const { rows } = await bossDb(this.db).executeSql(
      `SELECT name, state::text AS state, count(*)::int AS n FROM ${QUEUE_SCHEMA}.job GROUP BY 1, 2`,
      [],
    );
    const counts: Record<string, Record<string, number>> = {};
    for (const row of rows) {
      (counts[String(row.name)] ??= {})[String(row.state)] = Number(row.n);
    }
    return counts;
  }

  /** Gives a dead job a fresh set of retries. */
  async retry(kind: string, id: string): Promise<void> {
    await this.boss.retry(kind, id);
    this.nudge();
  }

  /** Stops polling and waits for the runs in progress (their jobs complete or fail first).
   * Several callers may ask (the server's close, a feature that must outlive the runs): all
   * wait for the same stop. */
  stop(): Promise<void> {
    this.stopped ??= this.stopNow();
    return this.stopped;
  }

  private async stopNow(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    for (const timer of this.scheduleTimers) clearTimeout(timer);
    this.scheduleTimers.clear();
    if (!this.started) return;
    const workers = [...this.workers.values()];
    await Promise.all(workers.flatMap((worker) => (worker.pumping ? [worker.pumping] : [])));
    await Promise.all(workers.flatMap((worker) => [...worker.running]));
    await this.boss.stop({ graceful: false, close: false });
    this.started = false;
  }
}

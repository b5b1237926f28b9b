/**
 * Periodic work on the durable queue (issue 25): the referral sweep and the payment reconciler
 * are jobs, one per period across all server processes.
 * - Two queues on one database (two server processes: each has its own timer and workers, the
 *   database is what they share) run a periodic kind once per period, never twice.
 * - In the server, the sweep and the reconciler run through the queue and do their work.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { paymentOrders, referralRequests, users } from '../../server/db/schema';
import { PAYMENT_RECONCILE_JOB } from '../../server/payments/reconciler';
import { bossDbFor } from '../../server/queue/boss-db';
import { JobQueue, type JobKind } from '../../server/queue/job-queue';
import { REFERRAL_SWEEP_JOB } from '../../server/referrals/sweep';
import { createTestAuth } from './support/test-auth';
import { testConfig } from './support/test-config';
import { openTestDatabase } from './support/test-database';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function jobsOf(name: string) {
  const { rows } = await bossDbFor(database.db).executeSql(
    `SELECT state::text AS state, singleton_on::text AS slot FROM pgboss.job WHERE name = $1`,
    [name],
  );
  return rows as { state: string; slot: string | null }[];
}

describe('a periodic job', () => {
  it('runs once per period although two processes schedule it', async () => {
    const name = `periodic-${Math.random().toString(36).slice(2, 10)}`;
    const runs: { queue: number; at: number }[] = [];
    let running = 0;
    let overlapped = false;
    const queues = [0, 1].map((index) => {
      const queue = new JobQueue(database.db, { log: silent, pollIntervalMs: 100 });
      const kind: JobKind<object> = {
        name,
        retryLimit: 0,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        concurrency: 1,
        handler: async () => {
          running += 1;
          if (running > 1) overlapped = true;
          runs.push({ queue: index, at: Date.now() });
          await sleep(150);
          running -= 1;
        },
      };
      queue.every(kind, 1000, {});
      return queue;
    });
    try {
      // One after the other: on PGlite both share its one connection (start runs transactions).
      for (const queue of queues) await queue.start();
      await sleep(4_600);
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
    const jobs = await jobsOf(name);
    // Two timers a second each, the first tick at least a second after start: three or four
    // slots, one job and one run each.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(5);
    expect(jobs).toHaveLength(runs.length);
    expect(new Set(jobs.map((job) => job.slot)).size).toBe(jobs.length);
    expect(jobs.every((job) => job.state === 'completed')).toBe(true);
    expect(overlapped).toBe(false);
  }, 15_000);

  it('runs on demand (runNow) once, apart from its schedule', async () => {
    const name = `periodic-${Math.random().toString(36).slice(2, 10)}`;
    let runs = 0;
    const queue = new JobQueue(database.db, { log: silent, pollIntervalMs: 100 });
    queue.every(
      {
        name,
        retryLimit: 0,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        concurrency: 1,
        handler: () => {
          runs += 1;
          return Promise.resolve();
        },
      },
      3_600_000,
      {},
    );
    await queue.start();
    try {
      expect(await queue.runNow(name)).not.toBeNull();
      await queue.settle();
      expect(runs).toBe(1);
      await expect(queue.runNow('no-such-periodic-job')).rejects.toThrow();
    } finally {
      await queue.stop();
    }
  });
});

describe('the server’s periodic work', () => {
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-queue-periodic-'));
    app = await buildServer({
      config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      db: database.db,
      verifier: (await createTestAuth()).verifier,
      tuning: { jobs: { pollIntervalMs: 100 } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sweeps referrals through the queue: an offer past its deadline moves on', async () => {
    const [offered] = await database.db
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(eq(referralRequests.state, 'offered'))
      .limit(1);
    expect(offered, 'the demo data has an offered request').toBeDefined();
    await database.db
      .update(referralRequests)
      .set({ deadline: sql`now() - interval '1 minute'` })
      .where(eq(referralRequests.id, offered!.id));

    await app.jobs.runNow(REFERRAL_SWEEP_JOB);
    await app.jobs.settle();

    const [after] = await database.db
      .select({ state: referralRequests.state, deadline: referralRequests.deadline })
      .from(referralRequests)
      .where(eq(referralRequests.id, offered!.id));
    // Passed on to another referee (a new deadline) or expired: either way, no longer overdue.
    expect(after!.state === 'expired' || after!.deadline! > new Date()).toBe(true);
    expect((await jobsOf(REFERRAL_SWEEP_JOB)).map((job) => job.state)).toContain('completed');
  });

  it('reconciles payments through the queue: an old open order is asked about', async () => {
    const [user] = await database.db.select({ id: users.id }).from(users).limit(1);
    const id = `order-periodic-${Date.now()}`;
    await database.db.insert(paymentOrders).values({
      id,
      userId: user!.id,
      provider: 'local',
      providerOrderId: `local_${id}`,
      planId: 'starter',
      credits: 5,
      amount: 9900,
      fee: 0,
      createdAt: new Date(Date.now() - 10 * 60_000),
    });

    await app.jobs.runNow(PAYMENT_RECONCILE_JOB);
    await app.jobs.settle();

    const [order] = await database.db
      .select({ checkedAt: paymentOrders.checkedAt })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.id, id)));
    expect(order?.checkedAt).toBeInstanceOf(Date);
    expect((await jobsOf(PAYMENT_RECONCILE_JOB)).map((job) => job.state)).toContain('completed');
  });
});

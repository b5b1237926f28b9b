/**
 * The durable job queue (issue 25 item 1) on the engine the suite runs on (PGlite by default,
 * Postgres under `npm run test:server:postgres`): a job belongs to the transaction that created it,
 * a run abandoned by a dead process is retried, dedupe keys hold, and a job that keeps failing
 * ends in the dead-letter state with its retries spent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { bossDbFor } from '../../server/queue/boss-db';
import { JobQueue, type JobKind } from '../../server/queue/job-queue';
import { openTestDatabase } from './support/test-database';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let database: DatabaseHandle;
const queues: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
});
afterAll(async () => {
  await database.close();
});

interface Ran {
  data: { n: number };
  retryCount: number;
}

/** A started queue with one kind (a fresh name per test) recording what it ran. */
async function startQueue(
  overrides: Partial<JobKind<{ n: number }>> = {},
  name = `test-${Math.random().toString(36).slice(2, 10)}`,
) {
  const ran: Ran[] = [];
  const kind: JobKind<{ n: number }> = {
    name,
    retryLimit: 2,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    concurrency: 2,
    handler: (data, job) => {
      ran.push({ data, retryCount: job.retryCount });
      return Promise.resolve();
    },
    ...overrides,
  };
  const queue = new JobQueue(database.db, { log: silent, pollIntervalMs: 200 });
  queue.define(kind);
  await queue.start();
  queues.push(queue);
  return { queue, kind, ran };
}

async function jobStates(name: string): Promise<string[]> {
  const { rows } = await bossDbFor(database.db).executeSql(
    'SELECT state::text AS state FROM pgboss.job WHERE name = $1 ORDER BY created_on',
    [name],
  );
  return rows.map((row) => String(row.state));
}

describe('job queue', () => {
  it('runs a job created by a committed transaction, once', async () => {
    const { queue, kind, ran } = await startQueue();
    await database.db.transaction(async (tx) => {
      await queue.send(tx, kind, { n: 1 });
    });
    await queue.settle();
    expect(ran).toEqual([{ data: { n: 1 }, retryCount: 0 }]);
    expect(await jobStates(kind.name)).toEqual(['completed']);
  });

  it('never runs a job whose transaction rolled back', async () => {
    const { queue, kind, ran } = await startQueue();
    const rollback = new Error('the write failed');
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send(tx, kind, { n: 2 });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    // A committed job sent afterwards runs: the queue was working all along.
    await database.db.transaction(async (tx) => {
      await queue.send(tx, kind, { n: 3 });
    });
    await queue.settle();
    await new Promise((resolve) => setTimeout(resolve, 500)); // a few polls more
    await queue.settle();
    expect(ran.map((run) => run.data.n)).toEqual([3]);
    expect(await jobStates(kind.name)).toEqual(['completed']);
  });

  it('drops a second waiting job with the same dedupe key', async () => {
    const { queue, kind, ran } = await startQueue();
    await queue.stop(); // nothing runs while both sends happen
    const first = await queue.send(database.db, kind, { n: 4 }, { key: 'user-1:cv-a' });
    const second = await queue.send(database.db, kind, { n: 5 }, { key: 'user-1:cv-a' });
    const other = await queue.send(database.db, kind, { n: 6 }, { key: 'user-1:cv-b' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));

    const { queue: worker, ran: workerRan } = await startQueue({}, kind.name);
    await worker.settle();
    expect(ran).toEqual([]);
    expect(workerRan.map((run) => run.data.n).sort()).toEqual([4, 6]);
    // Once the first has run, the key is free again: a later change is new work.
    expect(await worker.send(database.db, kind, { n: 7 }, { key: 'user-1:cv-a' })).toEqual(
      expect.any(String),
    );
    await worker.settle();
    expect(workerRan.map((run) => run.data.n).sort()).toEqual([4, 6, 7]);
  });

  it('retries a job whose worker died while running it', async () => {
    const { queue: doomed, kind } = await startQueue({ expireInSeconds: 1 });
    await doomed.stop();
    await doomed.send(database.db, kind, { n: 8 });
    // The dying process took the job (it is active) and never finished it: no complete, no fail.
    // pg-boss fetches jobs whose start is before now(); PGlite's clock counts milliseconds, so a
    // fetch in the send's own millisecond finds nothing yet (a worker's next poll would take it).
    await expect
      .poll(async () => (await doomed.boss.fetch(kind.name)).length, { timeout: 2000, interval: 5 })
      .toBe(1);
    expect(await jobStates(kind.name)).toEqual(['active']);

    const { queue: survivor, ran } = await startQueue({ expireInSeconds: 1 }, kind.name);
    await survivor.settle();
    expect(ran).toEqual([]); // still within its expiry: another process may be running it
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await survivor.expireAbandoned(); // what pg-boss's maintenance does on its interval
    // Put back as a retry with backoff (≥ 1 s), then run by the surviving process.
    await expect.poll(() => ran.length, { timeout: 8000, interval: 100 }).toBe(1);
    expect(ran[0]).toEqual({ data: { n: 8 }, retryCount: 1 });
    await survivor.settle();
    expect(await jobStates(kind.name)).toEqual(['completed']);
  });

  it('retries a failing job with backoff, then keeps it as a dead letter', async () => {
    const attempts: number[] = [];
    const { queue, kind } = await startQueue({
      retryLimit: 1,
      handler: () => {
        attempts.push(Date.now());
        return Promise.reject(new Error('push service unreachable'));
      },
    });
    const id = await queue.send(database.db, kind, { n: 9 }, { key: 'job-9' });
    await expect.poll(() => attempts.length, { timeout: 8000, interval: 100 }).toBe(2);
    const [first = 0, second = 0] = attempts;
    expect(second - first).toBeGreaterThanOrEqual(900); // retryDelay 1 s, doubled, with jitter
    await expect.poll(() => jobStates(kind.name), { timeout: 5000 }).toEqual(['failed']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(attempts).toHaveLength(2); // retryLimit 1: the first run and one retry, no more

    const dead = (await queue.deadLetters()).filter((job) => job.kind === kind.name);
    expect(dead).toEqual([
      expect.objectContaining({
        id,
        key: 'job-9',
        attempts: 2,
        error: 'push service unreachable',
      }),
    ]);
    expect((await queue.counts())[kind.name]).toEqual({ failed: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { JOB_READS_KEPT_MS, jobsWritten, keptJobRead } from '../../server/jobs/kept-job-reads';

/** A stand-in database: the reads key on it and never touch it. */
const aDatabase = () => ({}) as Database;

/** A read that answers 1, 2, 3… and can be held open or made to fail. */
function counting() {
  let calls = 0;
  let hold: Promise<void> = Promise.resolve();
  let failNext = false;
  const read = keptJobRead(async () => {
    calls += 1;
    const n = calls;
    await hold;
    if (failNext) {
      failNext = false;
      throw new Error('the database is away');
    }
    return n;
  });
  return {
    read,
    calls: () => calls,
    holdUntil: (gate: Promise<void>) => {
      hold = gate;
    },
    failNext: () => (failNext = true),
  };
}

describe('keptJobRead', () => {
  it('computes once a minute per database, and once for requests that come together', async () => {
    const { read, calls } = counting();
    const [a, b] = [aDatabase(), aDatabase()];
    const together = await Promise.all([read(a, 0), read(a, 0), read(a, 10)]);
    expect(together.map((k) => k.value)).toEqual([1, 1, 1]);
    expect((await read(a, JOB_READS_KEPT_MS - 1)).value).toBe(1);
    expect((await read(b, 5)).value).toBe(2);
    expect((await read(a, JOB_READS_KEPT_MS)).value).toBe(3);
    expect(calls()).toBe(3);
  });

  it('does not keep a failure', async () => {
    const { read, failNext } = counting();
    const db = aDatabase();
    failNext();
    await expect(read(db, 0)).rejects.toThrow('the database is away');
    expect((await read(db, 1)).value).toBe(2);
  });

  it('drops every read of a database when its jobs are written, only that database', async () => {
    const first = counting();
    const second = counting();
    const [db, other] = [aDatabase(), aDatabase()];
    await Promise.all([first.read(db, 0), second.read(db, 0), first.read(other, 0)]);
    jobsWritten(db);
    expect((await first.read(db, 1)).value).toBe(3);
    expect((await second.read(db, 1)).value).toBe(2);
    expect((await first.read(other, 1)).value).toBe(2);
  });

  it('does not keep an answer computed from before a write', async () => {
    const { read, holdUntil } = counting();
    const db = aDatabase();
    let open!: () => void;
    holdUntil(new Promise((resolve) => (open = resolve)));
    const before = read(db, 0);
    jobsWritten(db);
    open();
    // The caller that asked before the write gets its answer; the next one computes again.
    expect((await before).value).toBe(1);
    expect((await read(db, 1)).value).toBe(2);
  });
});

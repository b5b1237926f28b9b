import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDb } from '@/lib/db';
import type { OutboxEntry } from '@/lib/db/types';
import { LEASE_MS } from '@/lib/outbox/model';
import {
  claimNext,
  discardAction,
  enqueue,
  pendingSummary,
  recordResult,
  retryAction,
  wakeWaiting,
  type EnqueueInput,
} from '@/lib/outbox/store';
import { OTHER_USER, T0, USER, applyPayload, freshDb } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let db: AppDb;
beforeEach(() => {
  db = freshDb();
});
afterEach(() => {
  db.close();
});

const applyInput = (jobId: string, userId = USER): EnqueueInput<'apply'> => ({
  kind: 'apply',
  userId,
  subject: jobId,
  payload: applyPayload(jobId),
});
const saveInput = (jobId: string, kind: 'save' | 'unsave' = 'save'): EnqueueInput => ({
  kind,
  userId: USER,
  subject: jobId,
  payload: { jobId },
});
const cvInput = (fileName: string): EnqueueInput<'cvUpload'> => ({
  kind: 'cvUpload',
  userId: USER,
  subject: fileName,
  payload: { email: 'a@example.com', userId: USER, file: new Blob(['%PDF']), fileName },
});

async function queued(input: EnqueueInput, now = T0): Promise<OutboxEntry> {
  const outcome = await enqueue(db, input, now);
  if (outcome.status !== 'queued') throw new Error(`expected queued, got ${outcome.status}`);
  return outcome.action;
}

async function rows() {
  return db.outbox.orderBy('seq').toArray();
}

async function patch(seq: number | undefined, changes: Partial<OutboxEntry>) {
  await db.outbox.update(seq, changes);
}

describe('enqueue', () => {
  it('writes a pending row with a uuid idempotency key before anything is sent', async () => {
    const outcome = await enqueue(db, applyInput('job-1'), T0);
    expect(outcome.status).toBe('queued');
    const [row] = await rows();
    expect(row).toMatchObject({
      kind: 'apply',
      userId: USER,
      subject: 'job-1',
      payload: applyPayload('job-1'),
      step: 'send',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      leaseUntil: 0,
      createdAt: T0,
      updatedAt: T0,
    });
    expect(row?.idempotencyKey).toMatch(UUID);
    expect(outcome.status === 'queued' && outcome.action).toEqual(row);
  });

  it('gives every action its own key', async () => {
    const a = await queued(applyInput('job-1'));
    const b = await queued(applyInput('job-2'));
    const c = await queued(saveInput('job-1'));
    expect(new Set([a.idempotencyKey, b.idempotencyKey, c.idempotencyKey]).size).toBe(3);
    expect([a.seq, b.seq, c.seq]).toEqual([...[a.seq, b.seq, c.seq]].sort((x, y) => x! - y!));
  });

  it('a cvUpload starts at the signedUrl step', async () => {
    expect((await queued(cvInput('cv.pdf'))).step).toBe('signedUrl');
  });

  it('a second apply for the same job returns the existing action', async () => {
    const first = await queued(applyInput('job-1'));
    const second = await enqueue(db, applyInput('job-1'), T0 + 5);
    expect(second).toEqual({ status: 'existing', action: first });
    expect(await rows()).toHaveLength(1);
  });

  it('a second apply while the first is being sent is still the same action', async () => {
    const first = await queued(applyInput('job-1'));
    await claimNext(db, USER, T0, false);
    const second = await enqueue(db, applyInput('job-1'), T0 + 5);
    expect(second.status).toBe('existing');
    expect(second.status !== 'cancelled' && second.action.seq).toBe(first.seq);
    expect(await rows()).toHaveLength(1);
  });

  it('the same job for another user, or another job, is a new action', async () => {
    await queued(applyInput('job-1'));
    await queued(applyInput('job-1', OTHER_USER));
    await queued(applyInput('job-2'));
    expect(await rows()).toHaveLength(3);
  });

  it('a failed apply asked again becomes a retry of the same row', async () => {
    const first = await queued(applyInput('job-1'));
    await patch(first.seq, {
      state: 'failed',
      attempts: 2,
      lastError: 'Application Failed',
      outcome: 'x',
      nextAttemptAt: T0 + 999,
    });
    const again = await enqueue(db, applyInput('job-1'), T0 + 100);
    expect(again.status).toBe('existing');
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      seq: first.seq,
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      outcome: null,
      updatedAt: T0 + 100,
    });
    expect(again.status !== 'cancelled' && again.action).toMatchObject({
      seq: first.seq,
      state: 'pending',
    });
  });

  it('a failed action asked again gets a fresh idempotency key (the server replays a stored 4xx for the old key)', async () => {
    // server/http/idempotency.ts stores every non-5xx answer for 24 h and replays it for the
    // same key: a retry under the old key can only get the same refusal back.
    const first = await queued(applyInput('job-1'));
    await patch(first.seq, { state: 'failed', attempts: 1, lastError: 'refused' });
    await enqueue(db, applyInput('job-1'), T0 + 100);
    const [row] = await rows();
    expect(row?.seq).toBe(first.seq);
    expect(row?.idempotencyKey).toMatch(UUID);
    expect(row?.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('save then unsave of the same job, neither sent, cancels both', async () => {
    await queued(saveInput('job-1'));
    await queued(saveInput('job-2'));
    expect(await enqueue(db, saveInput('job-1', 'unsave'), T0)).toEqual({ status: 'cancelled' });
    expect((await rows()).map((r) => [r.kind, r.subject])).toEqual([['save', 'job-2']]);
  });

  it('unsave then save, neither sent, cancels both', async () => {
    await queued(saveInput('job-1', 'unsave'));
    expect(await enqueue(db, saveInput('job-1'), T0)).toEqual({ status: 'cancelled' });
    expect(await rows()).toEqual([]);
  });

  it('a save already sent (attempts > 0) is not cancelled by an unsave', async () => {
    const save = await queued(saveInput('job-1'));
    await patch(save.seq, { attempts: 1, nextAttemptAt: T0 + 2_000, lastError: 'No connection' });
    const unsave = await enqueue(db, saveInput('job-1', 'unsave'), T0);
    expect(unsave.status).toBe('queued');
    expect((await rows()).map((r) => r.kind)).toEqual(['save', 'unsave']);
  });

  it('a save being sent right now is not cancelled by an unsave', async () => {
    await queued(saveInput('job-1'));
    await claimNext(db, USER, T0, false);
    expect((await enqueue(db, saveInput('job-1', 'unsave'), T0)).status).toBe('queued');
    expect((await rows()).map((r) => [r.kind, r.state])).toEqual([
      ['save', 'sending'],
      ['unsave', 'pending'],
    ]);
  });

  it('save (already sent) → unsave → save again leaves the job saved', async () => {
    const save = await queued(saveInput('job-1'));
    await patch(save.seq, { attempts: 1, nextAttemptAt: T0 + 2_000, lastError: 'No connection' });
    await enqueue(db, saveInput('job-1', 'unsave'), T0 + 1);
    await enqueue(db, saveInput('job-1'), T0 + 2);
    // Whatever is queued, the last open action for the job must be the user's last wish: save.
    const open = (await rows()).filter((r) => r.subject === 'job-1');
    expect(open.at(-1)?.kind).toBe('save');
  });

  it('a save with a newer note replaces an unsent save of the same job, not of others', async () => {
    const note = (jobId: string, text: string): EnqueueInput => ({
      ...saveInput(jobId),
      payload: { jobId, note: text },
    });
    await queued(note('job-1', ''));
    await queued(note('job-2', 'other job'));
    await queued(note('job-1', 'ask Priya'));
    expect((await rows()).map((r) => [r.subject, (r.payload as { note: string }).note])).toEqual([
      ['job-2', 'other job'],
      ['job-1', 'ask Priya'],
    ]);
  });

  it('a newer note replaces a save of the same job that was tried and waits to retry', async () => {
    // The panel would otherwise list the job twice; the PUT carries the whole state anyway.
    const tried = await queued(saveInput('job-1'));
    await patch(tried.seq, { attempts: 2, nextAttemptAt: T0 + 2_000, lastError: 'No connection' });
    const newer = await queued({
      ...saveInput('job-1'),
      payload: { jobId: 'job-1', note: 'newer' },
    });
    expect(
      (await rows()).map((r) => [r.seq, r.attempts, (r.payload as { note?: string }).note]),
    ).toEqual([[newer.seq, 0, 'newer']]);
  });

  it('a newer note queues behind a save of the same job that is being sent right now', async () => {
    const sending = await queued(saveInput('job-1'));
    await claimNext(db, USER, T0, false);
    await queued({ ...saveInput('job-1'), payload: { jobId: 'job-1', note: 'newer' } });
    expect((await rows()).map((r) => [r.seq === sending.seq, r.state])).toEqual([
      [true, 'sending'],
      [false, 'pending'],
    ]);
  });

  it('a newer note after an unsave that was tried keeps the unsave first in line', async () => {
    const save = await queued(saveInput('job-1'));
    await patch(save.seq, { attempts: 1, nextAttemptAt: T0 + 2_000 });
    const unsave = await queued(saveInput('job-1', 'unsave'));
    await patch(unsave.seq, { attempts: 1, nextAttemptAt: T0 + 2_000 });
    await queued({ ...saveInput('job-1'), payload: { jobId: 'job-1', note: 'again' } });
    // The last wish (saved, with its note) is the last action; the old save is gone.
    expect((await rows()).map((r) => r.kind)).toEqual(['unsave', 'save']);
  });

  it('a new CV upload supersedes an older one that has not started', async () => {
    await queued(cvInput('old.pdf'));
    const newer = await queued(cvInput('new.pdf'));
    expect((await rows()).map((r) => r.subject)).toEqual(['new.pdf']);
    expect((await rows())[0]?.seq).toBe(newer.seq);
  });

  it('a new CV upload keeps an older one that is being sent or has made progress', async () => {
    const sending = await queued(cvInput('a.pdf'));
    await claimNext(db, USER, T0, false);
    const progressed = await queued(cvInput('b.pdf'));
    await patch(progressed.seq, { step: 'put', stepData: { restarts: 0 } });
    const retried = await queued(cvInput('c.pdf'));
    await patch(retried.seq, { attempts: 1 });
    await queued(cvInput('d.pdf'));
    expect((await rows()).map((r) => r.subject)).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']);
    expect((await rows())[0]?.seq).toBe(sending.seq);
  });

  it("another user's unstarted CV upload is not superseded", async () => {
    await enqueue(db, { ...cvInput('theirs.pdf'), userId: OTHER_USER }, T0);
    await queued(cvInput('mine.pdf'));
    expect((await rows()).map((r) => r.subject)).toEqual(['theirs.pdf', 'mine.pdf']);
  });
});

describe('claimNext', () => {
  it('takes the oldest due action and marks it sending with a lease', async () => {
    const a = await queued(applyInput('job-1'));
    await queued(applyInput('job-2'));
    const claimed = await claimNext(db, USER, T0 + 10, false);
    expect(claimed).toMatchObject({ seq: a.seq, state: 'sending', leaseUntil: T0 + 10 + LEASE_MS });
    expect(await db.outbox.get(a.seq)).toMatchObject({
      state: 'sending',
      leaseUntil: T0 + 10 + LEASE_MS,
      updatedAt: T0 + 10,
    });
  });

  it('is FIFO per kind: the second apply waits while the first is sending', async () => {
    await queued(applyInput('job-1'));
    await queued(applyInput('job-2'));
    await claimNext(db, USER, T0, false);
    expect(await claimNext(db, USER, T0, false)).toBeNull();
  });

  it('returns null on an empty outbox', async () => {
    expect(await claimNext(db, USER, T0, true)).toBeNull();
  });

  it("never takes another user's actions", async () => {
    await queued(applyInput('job-1', OTHER_USER));
    expect(await claimNext(db, USER, T0, true)).toBeNull();
    const mine = await queued(applyInput('job-2'));
    expect((await claimNext(db, USER, T0, true))?.seq).toBe(mine.seq);
  });

  it('a backing-off head blocks only its own kind', async () => {
    const apply1 = await queued(applyInput('job-1'));
    await queued(applyInput('job-2'));
    const save = await queued(saveInput('job-3'));
    await patch(apply1.seq, { attempts: 1, nextAttemptAt: T0 + 1_000 });
    expect((await claimNext(db, USER, T0, false))?.seq).toBe(save.seq);
    // The second apply stays behind the first, even though it is due.
    expect(await claimNext(db, USER, T0, false)).toBeNull();
    expect((await claimNext(db, USER, T0 + 1_000, false))?.seq).toBe(apply1.seq);
  });

  it('skips failed actions (they wait for Retry) and takes the next of the kind', async () => {
    const a = await queued(applyInput('job-1'));
    const b = await queued(applyInput('job-2'));
    await patch(a.seq, { state: 'failed', attempts: 1 });
    expect((await claimNext(db, USER, T0, false))?.seq).toBe(b.seq);
    expect(await claimNext(db, USER, T0, false)).toBeNull();
    expect((await db.outbox.get(a.seq))?.state).toBe('failed');
  });

  it('takes an action left sending once its lease expired', async () => {
    const a = await queued(applyInput('job-1'));
    await claimNext(db, USER, T0, false);
    expect(await claimNext(db, USER, T0 + LEASE_MS - 1, false)).toBeNull();
    const again = await claimNext(db, USER, T0 + LEASE_MS, false);
    expect(again).toMatchObject({ seq: a.seq, state: 'sending', leaseUntil: T0 + 2 * LEASE_MS });
  });

  it('takes an action left sending at once when the caller holds the lock', async () => {
    const a = await queued(applyInput('job-1'));
    await claimNext(db, USER, T0, false);
    expect(await claimNext(db, USER, T0 + 1, false)).toBeNull();
    expect((await claimNext(db, USER, T0 + 1, true))?.seq).toBe(a.seq);
  });

  it('holding the lock does not make a backing-off action due', async () => {
    const a = await queued(applyInput('job-1'));
    await patch(a.seq, { attempts: 1, nextAttemptAt: T0 + 5_000 });
    expect(await claimNext(db, USER, T0, true)).toBeNull();
  });

  it('across kinds, the oldest due head goes first', async () => {
    const save = await queued(saveInput('job-1'));
    const apply = await queued(applyInput('job-2'));
    expect((await claimNext(db, USER, T0, false))?.seq).toBe(save.seq);
    expect((await claimNext(db, USER, T0, false))?.seq).toBe(apply.seq);
  });

  it('an unsave does not overtake an earlier save of the same job that is backing off', async () => {
    // Sent in the wrong order, DELETE then PUT would leave the job saved though the user unsaved it.
    const save = await queued(saveInput('job-1'));
    await patch(save.seq, { attempts: 1, nextAttemptAt: T0 + 2_000, lastError: 'No connection' });
    await queued(saveInput('job-1', 'unsave'));
    expect(await claimNext(db, USER, T0, false)).toBeNull();
    expect((await claimNext(db, USER, T0 + 2_000, false))?.seq).toBe(save.seq);
  });
});

describe('recordResult', () => {
  async function claimedApply(jobId = 'job-1') {
    await queued(applyInput(jobId));
    const claimed = await claimNext(db, USER, T0, false);
    if (!claimed) throw new Error('nothing claimed');
    return claimed;
  }

  it('advance moves to the next step, due at once, lease released', async () => {
    await queued(cvInput('cv.pdf'));
    const claimed = (await claimNext(db, USER, T0, false))!;
    const after = await recordResult(
      db,
      claimed,
      { type: 'advance', step: 'put', stepData: { restarts: 0, signed: { url: 'u' } } },
      T0 + 50,
      0.5,
    );
    const row = await db.outbox.get(claimed.seq);
    expect(row).toMatchObject({
      state: 'pending',
      step: 'put',
      stepData: { restarts: 0, signed: { url: 'u' } },
      nextAttemptAt: 0,
      leaseUntil: 0,
      lastError: null,
      attempts: 0,
      updatedAt: T0 + 50,
    });
    expect(after).toEqual(row);
  });

  it('done deletes the row and records the application (apply)', async () => {
    const claimed = await claimedApply();
    const after = await recordResult(
      db,
      claimed,
      { type: 'done', outcome: 'submitted' },
      T0 + 50,
      0.5,
    );
    expect(after).toMatchObject({ seq: claimed.seq, state: 'done', outcome: 'submitted' });
    expect(await rows()).toEqual([]);
    expect(await db.applications.get([USER, 'job-1'])).toEqual({
      userId: USER,
      jobId: 'job-1',
      kind: 'internal',
      state: 'submitted',
      appliedAt: T0 + 50,
      companyName: 'Acme',
      jobTitle: 'Engineer job-1',
      matchingScore: 72,
    });
  });

  it('done alreadySubmitted also records the application', async () => {
    const claimed = await claimedApply();
    await recordResult(db, claimed, { type: 'done', outcome: 'alreadySubmitted' }, T0, 0);
    expect(await db.applications.get([USER, 'job-1'])).toMatchObject({ state: 'submitted' });
  });

  it('done of an external apply records an external application', async () => {
    await queued({
      kind: 'externalApply',
      userId: USER,
      subject: 'ext-1',
      payload: { jobId: 'ext-1', jobPortal: 'LinkedIn', jobUrl: 'https://x.test/1' },
    });
    const claimed = (await claimNext(db, USER, T0, false))!;
    await recordResult(db, claimed, { type: 'done', outcome: 'submitted' }, T0, 0);
    expect(await db.applications.get([USER, 'ext-1'])).toMatchObject({
      kind: 'external',
      state: 'submitted',
      companyName: null,
      jobTitle: null,
      matchingScore: null,
    });
  });

  it('done of a save records no application', async () => {
    await queued(saveInput('job-1'));
    const claimed = (await claimNext(db, USER, T0, false))!;
    await recordResult(db, claimed, { type: 'done', outcome: 'saved' }, T0, 0);
    expect(await rows()).toEqual([]);
    expect(await db.applications.count()).toBe(0);
  });

  it('retry counts an attempt and backs off within the jitter band', async () => {
    const claimed = await claimedApply();
    const first = await recordResult(db, claimed, { type: 'retry', error: 'busy' }, T0 + 10, 0);
    expect(first).toMatchObject({
      state: 'pending',
      attempts: 1,
      nextAttemptAt: T0 + 10 + 500,
      lastError: 'busy',
      leaseUntil: 0,
    });
    const second = await recordResult(db, first!, { type: 'retry', error: 'busy' }, T0 + 20, 0.999);
    expect(second?.attempts).toBe(2);
    expect(second!.nextAttemptAt - (T0 + 20)).toBeGreaterThanOrEqual(1_000);
    expect(second!.nextAttemptAt - (T0 + 20)).toBeLessThanOrEqual(2_000);
    expect(await db.outbox.get(claimed.seq)).toEqual(second);
  });

  it('retry backoff never exceeds 30 s however many attempts', async () => {
    const claimed = await claimedApply();
    await patch(claimed.seq, { attempts: 40 });
    const after = await recordResult(db, claimed, { type: 'retry', error: 'x' }, T0, 0.999);
    expect(after?.attempts).toBe(41);
    expect(after!.nextAttemptAt - T0).toBeLessThanOrEqual(30_000);
    expect(after!.nextAttemptAt - T0).toBeGreaterThanOrEqual(15_000);
  });

  it('auth keeps the action pending and does not count an attempt', async () => {
    const claimed = await claimedApply();
    const after = await recordResult(
      db,
      claimed,
      { type: 'auth', error: 'Waiting for you to sign in again' },
      T0 + 10,
      0.5,
    );
    expect(after).toMatchObject({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      leaseUntil: 0,
      lastError: 'Waiting for you to sign in again',
    });
    expect(await db.outbox.get(claimed.seq)).toEqual(after);
  });

  it('fail keeps the action visible as failed with the error and outcome', async () => {
    const claimed = await claimedApply();
    const after = await recordResult(
      db,
      claimed,
      { type: 'fail', error: 'Scores still processing', outcome: 'scoresProcessing' },
      T0 + 10,
      0.5,
    );
    expect(after).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: 'Scores still processing',
      outcome: 'scoresProcessing',
      leaseUntil: 0,
    });
    expect(await db.outbox.get(claimed.seq)).toEqual(after);
    expect(await db.applications.count()).toBe(0);
  });

  it('returns null and writes nothing for an action discarded meanwhile', async () => {
    const claimed = await claimedApply();
    await discardAction(db, claimed.seq!);
    expect(await recordResult(db, claimed, { type: 'retry', error: 'x' }, T0, 0.5)).toBeNull();
    expect(
      await recordResult(db, claimed, { type: 'done', outcome: 'submitted' }, T0, 0.5),
    ).toBeNull();
    expect(await rows()).toEqual([]);
  });
});

describe('retryAction, discardAction, wakeWaiting, pendingSummary', () => {
  it('retryAction puts a failed action back in line with a fresh count', async () => {
    const a = await queued(applyInput('job-1'));
    await patch(a.seq, { state: 'failed', attempts: 3, lastError: 'bad', outcome: 'x' });
    await retryAction(db, a.seq!, T0 + 5);
    expect(await db.outbox.get(a.seq)).toMatchObject({
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      outcome: null,
      leaseUntil: 0,
      updatedAt: T0 + 5,
    });
    expect((await claimNext(db, USER, T0 + 5, false))?.seq).toBe(a.seq);
  });

  it('retryAction of a failed CV upload starts it over from a fresh signed URL', async () => {
    // Failed after MAX_RESTARTS: retried at the same step with restarts 3, it can only fail again.
    const cv = await queued(cvInput('cv.pdf'));
    await patch(cv.seq, {
      state: 'failed',
      attempts: 1,
      step: 'put',
      stepData: {
        restarts: 3,
        signed: { url: 'https://storage.test/x', tag: '', cloudFileName: 'x' },
      },
    });
    await retryAction(db, cv.seq!, T0 + 5);
    const row = await db.outbox.get(cv.seq);
    expect(row?.step).toBe('signedUrl');
    expect(row?.stepData?.restarts ?? 0).toBe(0);
  });

  it('discardAction deletes and returns the action; unknown seq → undefined', async () => {
    const a = await queued(applyInput('job-1'));
    expect(await discardAction(db, a.seq!)).toEqual(a);
    expect(await rows()).toEqual([]);
    expect(await discardAction(db, 9_999)).toBeUndefined();
  });

  it('wakeWaiting makes backing-off actions due now, and leaves the rest', async () => {
    const a = await queued(applyInput('job-1'));
    const b = await queued(saveInput('job-2'));
    const c = await queued(applyInput('job-3', OTHER_USER));
    const failed = await queued(saveInput('job-4', 'unsave'));
    await patch(a.seq, { attempts: 2, nextAttemptAt: T0 + 20_000, updatedAt: T0 });
    await patch(c.seq, { attempts: 1, nextAttemptAt: T0 + 1_000, updatedAt: T0 });
    await patch(failed.seq, { state: 'failed', nextAttemptAt: T0 + 9_000, updatedAt: T0 });
    await wakeWaiting(db, T0 + 100);
    expect(await db.outbox.get(a.seq)).toMatchObject({
      nextAttemptAt: T0 + 100,
      updatedAt: T0 + 100,
      attempts: 2,
    });
    expect(await db.outbox.get(b.seq)).toMatchObject({ nextAttemptAt: 0, updatedAt: T0 });
    expect(await db.outbox.get(c.seq)).toMatchObject({ nextAttemptAt: T0 + 100 });
    expect(await db.outbox.get(failed.seq)).toMatchObject({ nextAttemptAt: T0 + 9_000 });
    expect((await claimNext(db, USER, T0 + 100, false))?.seq).toBe(a.seq);
  });

  it("pendingSummary counts this user's pending and sending actions and the earliest wait", async () => {
    expect(await pendingSummary(db, USER)).toEqual({ pending: 0, nextWakeAt: null });
    const a = await queued(applyInput('job-1'));
    const b = await queued(saveInput('job-2'));
    const c = await queued(saveInput('job-3', 'unsave'));
    await queued(applyInput('job-4', OTHER_USER));
    await patch(a.seq, { attempts: 1, nextAttemptAt: T0 + 4_000 });
    await patch(b.seq, { attempts: 1, nextAttemptAt: T0 + 2_000 });
    await patch(c.seq, { state: 'failed' });
    expect(await pendingSummary(db, USER)).toEqual({ pending: 2, nextWakeAt: T0 + 2_000 });
    expect(await pendingSummary(db, OTHER_USER)).toEqual({ pending: 1, nextWakeAt: 0 });
  });

  it('pendingSummary counts a sending action but takes no wake time from it', async () => {
    await queued(applyInput('job-1'));
    await claimNext(db, USER, T0, false);
    expect(await pendingSummary(db, USER)).toEqual({ pending: 1, nextWakeAt: null });
  });

  it('pendingSummary wakes when the blocking head is due, not at once for an action queued behind it', async () => {
    // An apply due "now" but stuck behind a backing-off apply cannot be sent before the head:
    // a wake time of 0 would make the page drain in a loop every 50 ms until then.
    const head = await queued(applyInput('job-1'));
    await queued(applyInput('job-2'));
    await patch(head.seq, { attempts: 1, nextAttemptAt: T0 + 8_000 });
    expect(await claimNext(db, USER, T0, false)).toBeNull();
    expect(await pendingSummary(db, USER)).toEqual({ pending: 2, nextWakeAt: T0 + 8_000 });
  });
});

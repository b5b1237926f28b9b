/**
 * The corporate job kinds (issue 20): a new job is posted under the device's id and later saves
 * of it are edits; publish/unpublish/close/delete send what the server expects; pressing Publish
 * twice before it is sent queues one action; every corporate job action waits in one line; the
 * toasts say whether a publish went live or to review.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDb } from '@/lib/db';
import { OUTBOX_KINDS, actionTitle, corporateJobSubject } from '@/lib/outbox/kinds';
import { enqueue } from '@/lib/outbox/store';
import { JOBS_API, USER, freshDb, makeAction, recordingContext, result } from './helpers';

const JOB_ID = 'job-0b6f3a52-1c1d-4e3e-9d55-3b1f0e7c2a11';
const job = {
  jobTitle: 'Platform Engineer',
  department: 'Engineering',
  jobDescription: '<p>Run it.</p>',
  location: { city: 'Pune', fullLocation: ['Pune'] },
  workMode: 'Hybrid' as const,
  typeofEmployment: 'Full-time' as const,
  salaryRange: { min: 20, max: 25 },
  status: 'PUBLISHED' as const,
};
const answer = (status: string) =>
  result(200, { data: { ...job, id: JOB_ID, companyName: 'Acme', createdAt: 'x', status } });

describe('corporate job kinds: what they send', () => {
  it('posts a new job under its device id, and edits a known one', async () => {
    const { context, calls } = recordingContext([result(201, null), answer('PUBLISHED')]);
    const save = OUTBOX_KINDS.corporateJobSave;
    await save.execute(
      makeAction({ kind: 'corporateJobSave', payload: { jobId: JOB_ID, create: true, job } }),
      context,
    );
    await save.execute(
      makeAction({ kind: 'corporateJobSave', payload: { jobId: JOB_ID, create: false, job } }),
      context,
    );
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', `${JOBS_API}/job/`],
      ['PATCH', `${JOBS_API}/job/${JOB_ID}`],
    ]);
    expect(calls[0]!.body).toEqual({ ...job, id: JOB_ID });
    expect(calls[1]!.body).toEqual(job);
  });

  it('publishes, unpublishes and closes by status; a delete already done is delivered', async () => {
    const { context, calls } = recordingContext([
      answer('PUBLISHED'),
      answer('DRAFT'),
      answer('CLOSED'),
      result(404, null, 'Job not found'),
    ]);
    const payload = { jobId: JOB_ID, jobTitle: 'Platform Engineer' };
    const outcomes = [];
    for (const kind of [
      'corporateJobPublish',
      'corporateJobUnpublish',
      'corporateJobClose',
      'corporateJobDelete',
    ] as const) {
      outcomes.push(await OUTBOX_KINDS[kind].execute(makeAction({ kind, payload }), context));
    }
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['PATCH', { status: 'PUBLISHED' }],
      ['PATCH', { status: 'DRAFT' }],
      ['PATCH', { status: 'CLOSED' }],
      ['DELETE', undefined],
    ]);
    expect(outcomes.map((o) => o.type)).toEqual(['done', 'done', 'done', 'done']);
  });

  it('says whether a publish went live or waits for review, and fails a refusal with its words', async () => {
    const { context } = recordingContext([
      answer('PENDING_REVIEW'),
      result(403, null, 'Your role cannot close or unpublish jobs'),
    ]);
    const publish = OUTBOX_KINDS.corporateJobPublish;
    const payload = { jobId: JOB_ID };
    const inReview = await publish.execute(
      makeAction({ kind: 'corporateJobPublish', payload }),
      context,
    );
    expect(inReview).toMatchObject({ type: 'done', outcome: 'inReview' });
    expect(publish.toast?.done?.('inReview')?.text).toMatch(/review/);
    expect(publish.toast?.done?.('published')?.text).toBe('Job published.');
    const refused = await OUTBOX_KINDS.corporateJobClose.execute(
      makeAction({ kind: 'corporateJobClose', payload }),
      context,
    );
    expect(refused).toEqual({ type: 'fail', error: 'Your role cannot close or unpublish jobs' });
  });
});

describe('corporate job kinds: in the pending-actions panel', () => {
  const title = (payload: object) =>
    actionTitle(makeAction({ kind: 'corporateJobSave', payload: { jobId: JOB_ID, ...payload } }));

  it('names the button pressed, never a candidate’s "Save job"', () => {
    expect(title({ create: true, job })).toBe('Publish job: Platform Engineer');
    expect(title({ create: true, job: { ...job, status: 'DRAFT' } })).toBe(
      'Save draft: Platform Engineer',
    );
    // Save changes of a listed job sends it as published again; of a closed one, no status.
    expect(title({ create: false, job, changes: true })).toBe(
      'Save job changes: Platform Engineer',
    );
    expect(title({ create: false, job: { ...job, status: undefined }, changes: true })).toBe(
      'Save job changes: Platform Engineer',
    );
  });

  it('reads a save queued before the form said which button (no `changes`)', () => {
    expect(title({ create: false, job })).toBe('Publish job: Platform Engineer');
    expect(title({ create: false, job: { ...job, status: undefined } })).toBe(
      'Save job changes: Platform Engineer',
    );
  });
});

describe('corporate job kinds: queueing', () => {
  let db: AppDb;
  beforeEach(() => {
    db = freshDb();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('queues a second Publish of the same job once, and every job action in one line', async () => {
    const subject = corporateJobSubject(JOB_ID);
    const payload = { jobId: JOB_ID, jobTitle: 'Platform Engineer' };
    const first = await enqueue(db, {
      kind: 'corporateJobPublish',
      userId: USER,
      subject,
      payload,
    });
    const again = await enqueue(db, {
      kind: 'corporateJobPublish',
      userId: USER,
      subject,
      payload,
    });
    expect(first.status).toBe('queued');
    expect(again.status).toBe('existing');
    expect(await db.outbox.count()).toBe(1);
    const lines = new Set(
      Object.entries(OUTBOX_KINDS)
        .filter(([name]) => name.startsWith('corporateJob'))
        .map(([, spec]) => spec.line),
    );
    expect([...lines]).toEqual(['corporateJobs']);
  });
});

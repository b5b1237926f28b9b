/**
 * "Report this job" (issue 21 item 1) through the real API on a real database: job seekers only
 * (spec §6 apply_jobs), one report per user and job (a repeat answers with the first), an
 * Idempotency-Key replay sends nothing twice, reports show in the admins' queue with their
 * reasons and notes, and a moderator's action closes them.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { jobReports, jobs } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import {
  ReportErrors,
  ReportLimits,
  type AdminJobPage,
  type JobReportAnswer,
} from '../../src/domain/contract/admin-jobs';
import { createTestAuth } from './support/test-auth';
import { testConfig } from './support/test-config';
import { openTestDatabase } from './support/test-database';

type Who = 'candidate' | 'newcandidate' | 'admin' | 'evaluator' | 'corpAdmin' | 'recruiter';
let database: DatabaseHandle;
let app: FastifyInstance;
const tokens = {} as Record<Who, string>;
let listedIds: string[] = [];

const report = (who: Who | null, jobId: string, body: object, headers: object = {}) =>
  app.inject({
    method: 'POST',
    url: `/jobs-api/job/${jobId}/report`,
    payload: body,
    headers: { ...headers, ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
  });
const queue = async (query: string) =>
  (
    await app.inject({
      url: `/api/admin/job-posts${query}`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    })
  ).json<AdminJobPage>();
const reportsOf = (jobId: string) =>
  database.db.select().from(jobReports).where(eq(jobReports.jobId, jobId));

beforeAll(async () => {
  database = await openTestDatabase();
  const auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    }),
    db: database.db,
    verifier: auth.verifier,
  });
  for (const [who, email] of [
    ['candidate', 'candidate@example.com'],
    ['newcandidate', 'newcandidate@example.com'],
    ['admin', 'admin@example.com'],
    ['evaluator', 'evaluator@example.com'],
    ['corpAdmin', 'corp-admin@example.com'],
    ['recruiter', 'recruiter@example.com'],
  ] as const) {
    const account = demoAccount(email);
    tokens[who] = await auth.accessToken({ sub: account.sub, groups: [account.group] });
  }
  const rows = await database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(eq(jobs.status, 'PUBLISHED'))
    .limit(200);
  listedIds = rows.map((row) => row.id).slice(100);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('POST /jobs-api/job/{id}/report', () => {
  it('takes one report per user and job; a repeat answers with the first', async () => {
    const jobId = listedIds[0]!;
    const first = await report('candidate', jobId, { reason: 'scam', note: 'Asked me for ₹2000' });
    expect(first.statusCode).toBe(201);
    expect(first.json<JobReportAnswer>().data).toMatchObject({
      jobId,
      reason: 'scam',
      alreadyReported: false,
    });
    const again = await report('candidate', jobId, { reason: 'expired' });
    expect(again.statusCode).toBe(200);
    expect(again.json<JobReportAnswer>().data).toMatchObject({
      reason: 'scam',
      alreadyReported: true,
    });
    expect(await reportsOf(jobId)).toHaveLength(1);
  });

  it('sends an outbox replay (same Idempotency-Key) once', async () => {
    const jobId = listedIds[1]!;
    const headers = { 'idempotency-key': 'report-key-0001' };
    const first = await report('newcandidate', jobId, { reason: 'misleading' }, headers);
    const replay = await report('newcandidate', jobId, { reason: 'misleading' }, headers);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect(await reportsOf(jobId)).toHaveLength(1);
  });

  it('is for job seekers: companies and evaluators are refused, nobody gets 401', async () => {
    const jobId = listedIds[2]!;
    for (const who of ['corpAdmin', 'recruiter', 'evaluator'] as const) {
      const res = await report(who, jobId, { reason: 'scam' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ errorMsg: ReportErrors.seekersOnly });
    }
    expect((await report(null, jobId, { reason: 'scam' })).statusCode).toBe(401);
    // spec §6: admins apply too, so they may report.
    expect((await report('admin', jobId, { reason: 'duplicate' })).statusCode).toBe(201);
    expect(await reportsOf(jobId)).toHaveLength(1);
  });

  it('refuses unknown and unlisted jobs and bad input in words', async () => {
    const [draft] = await database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.status, 'DRAFT'))
      .limit(1);
    for (const id of ['job-nope', draft!.id]) {
      const res = await report('candidate', id, { reason: 'scam' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ errorMsg: ReportErrors.notFound });
    }
    const jobId = listedIds[3]!;
    expect((await report('candidate', jobId, { reason: 'boring' })).statusCode).toBe(400);
    expect((await report('candidate', jobId, {})).statusCode).toBe(400);
    const long = 'x'.repeat(ReportLimits.noteMax + 1);
    expect((await report('candidate', jobId, { reason: 'other', note: long })).statusCode).toBe(
      400,
    );
    expect(await reportsOf(jobId)).toHaveLength(0);
  });

  it('shows reports in the queue until a moderator acts; a bad job can no longer be reported', async () => {
    const jobId = listedIds[4]!;
    await report('candidate', jobId, { reason: 'scam', note: 'Wants a deposit on WhatsApp' });
    await report('newcandidate', jobId, { reason: 'scam' });
    await report('admin', jobId, { reason: 'misleading', note: 'Wrong city' });
    const before = await queue('?queue=reported');
    const row = before.data.find((job) => job.id === jobId);
    expect(row?.reports).toEqual({
      open: 3,
      byReason: { scam: 2, misleading: 1 },
      notes: ['Wrong city', 'Wants a deposit on WhatsApp'],
    });
    const moderated = await app.inject({
      method: 'POST',
      url: `/api/admin/job-posts/${jobId}/moderate`,
      payload: { action: 'markBad', reason: 'Deposit scam' },
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(moderated.statusCode).toBe(200);
    const after = await queue('?queue=reported');
    expect(after.data.some((job) => job.id === jobId)).toBe(false);
    expect(after.queues.reported).toBe(before.queues.reported - 1);
    expect((await reportsOf(jobId)).every((r) => r.resolvedAt !== null)).toBe(true);
    expect((await report('recruiter', jobId, { reason: 'scam' })).statusCode).toBe(403);
    const late = await report('candidate', listedIds[4]!, { reason: 'scam' });
    expect(late.statusCode).toBe(404);
  });
});

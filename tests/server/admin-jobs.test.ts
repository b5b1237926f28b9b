/**
 * The admins' jobs console (issue 21 item 1) through the real API on a real database: the spec §6
 * matrix for every call (a site admin may; an evaluator, a company's admin or recruiter, a
 * candidate may not; nobody gets 401), the queues (in review, flagged by the rules), each action's
 * effect on the public listing (GET /jobs-api/job/), on the company's dashboard and in the audit
 * log, and a job a moderator held back asking for review again when its company republishes it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { adminAudit, companies, jobs } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import {
  AdminJobErrors,
  type AdminJob,
  type AdminJobPage,
} from '../../src/domain/contract/admin-jobs';
import { startApiServer, type ApiTestServer } from './support/api-server';
import { corporateCallers } from './support/corporate-callers';
import { namedDemoTokens } from './support/demo-tokens';
import { injectSettled } from './support/inject-settled';
import { jobPostBody, listedJobIds } from './support/job-posts';

type Who = 'admin' | 'evaluator' | 'corpAdmin' | 'recruiter' | 'candidate' | 'other';
const REFUSED: readonly Who[] = ['evaluator', 'corpAdmin', 'recruiter', 'candidate', 'other'];
const OTHER_SUB = '00000000-0000-4000-8000-00000000ad01';

let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
const tokens = {} as Record<Who, string>;

const call = (who: Who | null, options: InjectOptions) =>
  injectSettled(app, who && tokens[who], options);
const list = (who: Who | null, query = '') =>
  call(who, { method: 'GET', url: `/api/admin/job-posts${query}` });
const listPage = async (query: string) => (await list('admin', query)).json<AdminJobPage>();
const moderate = (who: Who | null, id: string, body: object) =>
  call(who, { method: 'POST', url: `/api/admin/job-posts/${id}/moderate`, payload: body });
const remove = (who: Who | null, id: string, body?: object) =>
  call(who, {
    method: 'DELETE',
    url: `/api/admin/job-posts/${id}`,
    ...(body ? { payload: body } : {}),
  });
const post = async (who: Who, body: object) => {
  const res = await call(who, { method: 'POST', url: '/jobs-api/job/', payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string; status: string } }>().data;
};
const republish = (who: Who, id: string) =>
  call(who, { method: 'PATCH', url: `/jobs-api/job/${id}`, payload: { status: 'PUBLISHED' } });
const companyJob = async (who: Who, id: string) =>
  (await call(who, { method: 'GET', url: `/jobs-api/corporate/job/${id}` })).json<{
    data: { status: string; badJob: boolean; moderationReason: string | null };
  }>().data;
const publicStatus = async (id: string) =>
  (await app.inject({ url: `/jobs-api/job/${id}` })).statusCode;
const listed = (title: string) => listedJobIds(app, title);
const auditOf = (id: string) =>
  database.db
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.subjectType, 'job'), eq(adminAudit.subjectId, id)))
    .orderBy(adminAudit.id);

/** A unique title per test, so searches find only that test's jobs. */
const title = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;

function jobBody(overrides: Record<string, unknown> = {}) {
  return jobPostBody({
    jobTitle: title('Moderation Probe'),
    jobDescription: '<p>Build the <strong>platform</strong> that runs our warehouses.</p>',
    coreSkills: ['Go'],
    status: 'PUBLISHED',
    ...overrides,
  });
}

beforeAll(async () => {
  server = await startApiServer({ env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000' } });
  ({ database, app } = server);
  const { auth } = server;
  const callers = await corporateCallers(database.db, auth, {
    id: 'admin-jobs-test-other',
    sub: OTHER_SUB,
    email: 'other-admin@monsoon.example.com',
    companyName: 'Monsoon Learning',
  });
  Object.assign(
    tokens,
    callers.tokens,
    await namedDemoTokens(auth, { admin: 'admin@example.com', evaluator: 'evaluator@example.com' }),
  );
});
afterAll(async () => {
  await server.close();
});

describe('who may use the console (spec §6)', () => {
  it('lets site admins read every job and refuses everyone else', async () => {
    const res = await list('admin');
    expect(res.statusCode).toBe(200);
    const page = res.json<AdminJobPage>();
    expect(page.total).toBeGreaterThan(1000);
    // Across companies and portals.
    expect(new Set(page.data.map((job) => job.companyId)).size).toBeGreaterThan(1);
    for (const who of REFUSED) {
      const refused = await list(who);
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json()).toEqual({ errorMsg: AdminJobErrors.adminsOnly });
    }
    expect((await list(null)).statusCode).toBe(401);
  });

  it('refuses every action to everyone but site admins, leaving the job as it was', async () => {
    const job = await post('corpAdmin', jobBody({ salaryRange: { min: null, max: null } }));
    expect(job.status).toBe('PENDING_REVIEW');
    for (const who of REFUSED) {
      for (const body of [
        { action: 'approve' },
        { action: 'reject', reason: 'No' },
        { action: 'markBad', reason: 'Scam' },
      ]) {
        expect((await moderate(who, job.id, body)).statusCode, `${who} ${body.action}`).toBe(403);
      }
      expect((await remove(who, job.id)).statusCode, `${who} delete`).toBe(403);
    }
    expect((await moderate(null, job.id, { action: 'approve' })).statusCode).toBe(401);
    expect((await remove(null, job.id)).statusCode).toBe(401);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: 'PENDING_REVIEW', badJob: false, moderationReason: null });
    expect(await auditOf(job.id)).toEqual([]);
  });

  it("never shows a company another company's moderation notes", async () => {
    const job = await post('other', jobBody({ salaryRange: { min: null, max: null } }));
    await moderate('admin', job.id, { action: 'reject', reason: 'Fake address' });
    const theirs = await call('corpAdmin', {
      method: 'GET',
      url: `/jobs-api/corporate/job/${job.id}`,
    });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain('Fake address');
    expect(await companyJob('other', job.id)).toMatchObject({
      status: 'REJECTED',
      moderationReason: 'Fake address',
    });
  });
});

describe('the queue and its actions', () => {
  it('a post without a salary waits in review, flagged; approving lists it and is audited', async () => {
    const body = jobBody({
      jobTitle: title('Salaryless Role'),
      salaryRange: { min: null, max: null },
    });
    const job = await post('corpAdmin', body);
    expect(job.status).toBe('PENDING_REVIEW');
    expect(await listed(body.jobTitle)).not.toContain(job.id);

    const pending = await listPage(`?queue=pending&q=${encodeURIComponent(body.jobTitle)}`);
    expect(pending.data.map((j) => j.id)).toEqual([job.id]);
    expect(pending.data[0]!.flags).toContain('noSalary');
    expect(pending.queues.pending).toBeGreaterThan(0);
    const flagged = await listPage(`?queue=flagged&q=${encodeURIComponent(body.jobTitle)}`);
    expect(flagged.data.map((j) => j.id)).toEqual([job.id]);

    const res = await moderate('admin', job.id, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminJob }>().data).toMatchObject({
      status: 'PUBLISHED',
      badJob: false,
    });
    expect(await listed(body.jobTitle)).toContain(job.id);
    expect(await publicStatus(job.id)).toBe(200);
    // Seen and let through: out of both queues until someone edits it.
    expect((await listPage(`?queue=pending&q=${encodeURIComponent(body.jobTitle)}`)).total).toBe(0);
    expect((await listPage(`?queue=flagged&q=${encodeURIComponent(body.jobTitle)}`)).total).toBe(0);

    const audit = await auditOf(job.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: demoAccount('admin@example.com').sub,
      actorRole: 'admin',
      action: 'job.approve',
      before: { status: 'PENDING_REVIEW', badJob: false },
      after: { status: 'PUBLISHED', badJob: false },
    });
  });

  it('rejecting needs a reason, which the company reads; republishing goes back to review', async () => {
    const job = await post('corpAdmin', jobBody({ salaryRange: { min: null, max: null } }));
    const noReason = await moderate('admin', job.id, { action: 'reject', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ errorMsg: AdminJobErrors.reasonRequired });

    const res = await moderate('admin', job.id, {
      action: 'reject',
      reason: 'Add the salary range',
    });
    expect(res.statusCode).toBe(200);
    expect(await publicStatus(job.id)).toBe(404);
    expect(await companyJob('corpAdmin', job.id)).toMatchObject({
      status: 'REJECTED',
      moderationReason: 'Add the salary range',
    });
    // The company fixes the salary and publishes: a moderator looks again (the demo company
    // would otherwise publish straight away).
    const fixed = await call('corpAdmin', {
      method: 'PATCH',
      url: `/jobs-api/job/${job.id}`,
      payload: { salaryRange: { min: 10, max: 14 }, status: 'PUBLISHED' },
    });
    expect(fixed.json<{ data: { status: string } }>().data.status).toBe('PENDING_REVIEW');
    // Rejecting a listed job is not what reject means.
    const listedJob = await post('corpAdmin', jobBody());
    expect(listedJob.status).toBe('PUBLISHED');
    const wrong = await moderate('admin', listedJob.id, { action: 'reject', reason: 'x' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ errorMsg: AdminJobErrors.notInReview });

    const audit = await auditOf(job.id);
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['job.reject', 'Add the salary range'],
    ]);
    expect(audit[0]!.after).toEqual({ status: 'REJECTED', badJob: false });
  });

  it('marking a job bad takes it off the listing and its page, and the company is told why', async () => {
    const body = jobBody({ jobTitle: title('Too Good Offer') });
    const job = await post('corpAdmin', body);
    expect(await listed(body.jobTitle)).toContain(job.id);
    const res = await moderate('admin', job.id, {
      action: 'markBad',
      reason: 'Asks candidates for a deposit',
    });
    expect(res.statusCode).toBe(200);
    expect(await listed(body.jobTitle)).not.toContain(job.id);
    expect(await publicStatus(job.id)).toBe(404);
    expect(await companyJob('corpAdmin', job.id)).toMatchObject({
      badJob: true,
      moderationReason: 'Asks candidates for a deposit',
    });
    // The company cannot put it back by republishing.
    await republish('corpAdmin', job.id);
    expect(await listed(body.jobTitle)).not.toContain(job.id);
    expect((await listPage(`?status=bad&q=${encodeURIComponent(body.jobTitle)}`)).total).toBe(1);
    const [audit] = await auditOf(job.id);
    expect(audit).toMatchObject({
      action: 'job.markBad',
      before: { status: 'PUBLISHED', badJob: false },
      after: { status: 'PUBLISHED', badJob: true },
      reason: 'Asks candidates for a deposit',
    });
  });

  it('unpublishing returns a listed job to a draft; deleting removes it; both audited', async () => {
    const body = jobBody({ jobTitle: title('Unpublish Me') });
    const job = await post('corpAdmin', body);
    expect(await listed(body.jobTitle)).toContain(job.id);
    expect((await moderate('admin', job.id, { action: 'unpublish' })).statusCode).toBe(400);
    const res = await moderate('admin', job.id, { action: 'unpublish', reason: 'Filled already' });
    expect(res.statusCode).toBe(200);
    expect(await listed(body.jobTitle)).not.toContain(job.id);
    expect(await companyJob('corpAdmin', job.id)).toMatchObject({
      status: 'DRAFT',
      moderationReason: 'Filled already',
    });
    expect((await moderate('admin', job.id, { action: 'unpublish', reason: 'x' })).statusCode).toBe(
      409,
    );

    expect((await remove('admin', job.id, { reason: 'Spam company' })).statusCode).toBe(204);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row?.status).toBe('DELETED');
    expect((await moderate('admin', job.id, { action: 'approve' })).statusCode).toBe(409);
    expect((await remove('admin', job.id)).statusCode).toBe(409);
    expect((await remove('admin', 'job-does-not-exist')).statusCode).toBe(404);
    expect((await auditOf(job.id)).map((a) => [a.action, a.reason])).toEqual([
      ['job.unpublish', 'Filled already'],
      ['job.delete', 'Spam company'],
    ]);
  });

  it('flags fee requests and duplicates among live posts', async () => {
    const scamTitle = title('Data Entry Operator');
    const scam = await post(
      'corpAdmin',
      jobBody({
        jobTitle: scamTitle,
        jobDescription:
          '<p>Work from home. A registration fee of Rs. 1500 is payable before the interview.</p>',
      }),
    );
    const dupTitle = title('Warehouse Lead');
    const description =
      '<p>Lead the night shift of our Pune warehouse: receiving, dispatch, safety rounds and a team of twelve.</p>';
    const first = await post(
      'corpAdmin',
      jobBody({ jobTitle: dupTitle, jobDescription: description }),
    );
    const second = await post(
      'corpAdmin',
      jobBody({ jobTitle: dupTitle.toUpperCase(), jobDescription: description }),
    );
    const scamRow = (await listPage(`?queue=flagged&q=${encodeURIComponent(scamTitle)}`)).data;
    expect(scamRow.map((j) => [j.id, j.flags])).toEqual([[scam.id, ['feeRequest']]]);
    const dupRows = (await listPage(`?queue=flagged&q=${encodeURIComponent(dupTitle)}`)).data;
    expect(dupRows.map((j) => [j.id, j.flags, j.duplicateOf])).toEqual([
      [second.id, ['duplicate'], first.id],
    ]);
    // Deleting the duplicate: the queue no longer holds it.
    await remove('admin', second.id);
    expect((await listPage(`?queue=flagged&q=${encodeURIComponent(dupTitle)}`)).total).toBe(0);
  });

  it('filters by text, source, company and status', async () => {
    const external = await listPage('?source=external');
    expect(external.total).toBeGreaterThan(0);
    expect(external.data.every((job) => job.isExternal)).toBe(true);
    const own = await listPage('?source=company');
    expect(own.data.every((job) => !job.isExternal)).toBe(true);

    const [monsoon] = await database.db
      .select()
      .from(companies)
      .where(eq(companies.name, 'Monsoon Learning'));
    const byCompany = await listPage(`?companyId=${monsoon!.id}`);
    expect(byCompany.total).toBeGreaterThan(0);
    expect(byCompany.data.every((job) => job.companyId === monsoon!.id)).toBe(true);

    const drafts = await listPage('?status=DRAFT');
    expect(drafts.data.every((job) => job.status === 'DRAFT')).toBe(true);
    const page2 = await listPage('?page=2');
    const page1 = await listPage('?page=1');
    expect(page2.data[0]!.id).not.toBe(page1.data[0]!.id);
    // A percent sign is a character, not a wildcard.
    expect((await listPage('?q=%25')).total).toBe(0);
    expect((await list('admin', '?status=NOPE')).statusCode).toBe(400);
    expect((await list('admin', '?page=0')).statusCode).toBe(400);
  });
});

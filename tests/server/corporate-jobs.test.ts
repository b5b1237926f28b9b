/**
 * Issue 20 items 1 and 4 through the real API on a real database: a company's own job list and
 * job (every status, applicant counts), delete, publish/unpublish/close, offline posts with the
 * client's id, moderation (a new company's first posts and posts without a salary wait for
 * review and are not listed) and the description's HTML sanitised before it is stored. Each call
 * is made as every spec §6 role it concerns: corporate admin, recruiter, another company's
 * admin, a candidate, a platform admin, nobody.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { companies, corporateUsers, jobApplications, jobs } from '../../server/db/schema';
import { ModerationRules } from '../../src/domain/contract/corporate-jobs';
import { startApiServer, type ApiTestServer } from './support/api-server';
import { corporateCallers } from './support/corporate-callers';
import { namedDemoTokens } from './support/demo-tokens';
import { injectSettled } from './support/inject-settled';
import { jobPostBody, listedJobIds } from './support/job-posts';

interface JobDto {
  id: string;
  jobTitle: string;
  companyId: string;
  status: string;
  jobDescription: string;
  salaryRange: { min: number | null; max: number | null };
  applicants: { total: number; byStatus: Record<string, number> };
}
type Who = 'corpAdmin' | 'recruiter' | 'other' | 'newcomer' | 'candidate' | 'admin';

const OTHER_SUB = '00000000-0000-4000-8000-00000000c0a1';
const NEWCOMER_SUB = '00000000-0000-4000-8000-00000000c0a2';

let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let ourCompanyId: string;
let newCompanyId: string;
const tokens = {} as Record<Who, string>;

// Answers after the push jobs the writes queued (issue 25) have run.
const call = (who: Who | null, options: InjectOptions) =>
  injectSettled(app, who && tokens[who], options);
const list = (who: Who | null, query = '') =>
  call(who, { method: 'GET', url: `/jobs-api/corporate/job/${query}` });
const ownJob = (who: Who | null, id: string) =>
  call(who, { method: 'GET', url: `/jobs-api/corporate/job/${id}` });
const post = (who: Who | null, body: object) =>
  call(who, { method: 'POST', url: '/jobs-api/job/', payload: body });
const patch = (who: Who | null, id: string, body: object) =>
  call(who, { method: 'PATCH', url: `/jobs-api/job/${id}`, payload: body });
const remove = (who: Who | null, id: string) =>
  call(who, { method: 'DELETE', url: `/jobs-api/job/${id}` });
const publicJob = (id: string) => app.inject({ url: `/jobs-api/job/${id}` });
const searchIds = (text: string) => listedJobIds(app, text);
const dataOf = (res: { json: <T>() => T }) => res.json<{ data: JobDto }>().data;

function jobBody(overrides: Record<string, unknown> = {}) {
  return jobPostBody({
    jobTitle: 'Zephyr Platform Engineer',
    jobDescription: '<p>Run the <strong>platform</strong>.</p>',
    coreSkills: ['Go', 'Kubernetes'],
    status: 'DRAFT',
    ...overrides,
  });
}

beforeAll(async () => {
  server = await startApiServer({
    env: {
      // These tests make dozens of writes from one address.
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    },
  });
  ({ database, app } = server);
  const { auth } = server;
  const callers = await corporateCallers(database.db, auth, {
    id: 'corp-jobs-test-other',
    sub: OTHER_SUB,
    email: 'other-admin@monsoon.example.com',
    // A seeded company with listed jobs: its admin sees those, never ours.
    companyName: 'Monsoon Learning',
  });
  ourCompanyId = callers.ourCompany.id;
  newCompanyId = `cmp-newcomer-${randomUUID().slice(0, 8)}`;
  await database.db
    .insert(companies)
    .values({ id: newCompanyId, name: 'Newcomer Labs', industry: 'IT' });
  await database.db.insert(corporateUsers).values({
    id: 'corp-jobs-test-newcomer',
    cognitoUserId: NEWCOMER_SUB,
    email: 'admin@newcomer.example.com',
    corporateUserType: 'corporate-admin',
    companyId: newCompanyId,
  });
  Object.assign(
    tokens,
    callers.tokens,
    await namedDemoTokens(auth, { admin: 'admin@example.com' }),
  );
  tokens.newcomer = await auth.accessToken({ sub: NEWCOMER_SUB, groups: ['corporate-admin'] });
});
afterAll(async () => {
  await server.close();
});

describe("the company's job list (GET /corporate/job/)", () => {
  it('shows both corporate roles every job of their own company, drafts included, with applicant counts', async () => {
    const draft = dataOf(await post('recruiter', jobBody({ jobTitle: 'Listed Draft Probe' })));
    await database.db.insert(jobApplications).values([
      {
        id: `app-${randomUUID()}`,
        jobId: draft.id,
        userEmail: 'a@example.com',
        companyName: 'x',
        jobPortal: 'ReferralHub',
      },
      {
        id: `app-${randomUUID()}`,
        jobId: draft.id,
        userEmail: 'b@example.com',
        companyName: 'x',
        jobPortal: 'ReferralHub',
        status: 'SHORTLISTED',
      },
      {
        id: `app-${randomUUID()}`,
        jobId: draft.id,
        userEmail: 'c@example.com',
        companyName: 'x',
        jobPortal: 'ReferralHub',
        status: 'SHORTLISTED',
      },
    ]);
    for (const who of ['corpAdmin', 'recruiter'] as const) {
      const res = await list(who, '?pageSize=100');
      expect(res.statusCode).toBe(200);
      const page = res.json<{ data: JobDto[]; pagination: { lastKey: string | null } }>();
      expect(page.data.every((job) => job.companyId === ourCompanyId)).toBe(true);
      // Newest first: the draft just posted leads.
      expect(page.data[0]).toMatchObject({ id: draft.id, status: 'DRAFT' });
      expect(page.data[0]!.applicants).toMatchObject({
        total: 3,
        byStatus: { APPLIED: 1, SHORTLISTED: 2, HIRED: 0 },
      });
    }
    // The other company's admin sees its own jobs only.
    const theirs = (await list('other')).json<{ data: JobDto[] }>().data;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((job) => job.companyId === ourCompanyId)).toBe(false);
  });

  it('pages with lastKey without repeating or skipping a job', async () => {
    const all = (await list('corpAdmin', '?pageSize=100')).json<{ data: JobDto[] }>().data;
    const seen: string[] = [];
    let lastKey: string | null = null;
    do {
      const query: string = `?pageSize=7${lastKey ? `&lastKey=${encodeURIComponent(lastKey)}` : ''}`;
      const page = (await list('corpAdmin', query)).json<{
        data: JobDto[];
        pagination: { lastKey: string | null };
      }>();
      seen.push(...page.data.map((job) => job.id));
      lastKey = page.pagination.lastKey;
    } while (lastKey && seen.length < 500);
    expect(seen).toEqual(all.slice(0, seen.length).map((job) => job.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect((await list('corpAdmin', '?lastKey=not-a-key')).statusCode).toBe(400);
  });

  it('refuses a candidate, a platform admin (no company) and anonymous callers', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await list('candidate')).statusCode).toBe(403);
    expect((await list('admin')).statusCode).toBe(403);
  });

  it("opens one of its own jobs in any status, and not another company's", async () => {
    const draft = dataOf(await post('corpAdmin', jobBody({ jobTitle: 'Own Draft Probe' })));
    for (const who of ['corpAdmin', 'recruiter'] as const) {
      const res = await ownJob(who, draft.id);
      expect(res.statusCode).toBe(200);
      expect(dataOf(res)).toMatchObject({ id: draft.id, status: 'DRAFT' });
    }
    expect((await ownJob('other', draft.id)).statusCode).toBe(403);
    expect((await ownJob('candidate', draft.id)).statusCode).toBe(403);
    expect((await ownJob('corpAdmin', 'job-no-such-job')).statusCode).toBe(404);
    // Drafts stay private to the company.
    expect((await publicJob(draft.id)).statusCode).toBe(404);
  });
});

describe('delete (DELETE /job/{id}, spec §6 delete_jobs)', () => {
  it('is refused to a recruiter, another company and a candidate, and done for the admin', async () => {
    const job = dataOf(
      await post('recruiter', jobBody({ jobTitle: 'Delete Probe', status: 'PUBLISHED' })),
    );
    expect(job.status).toBe('PUBLISHED');
    for (const who of ['recruiter', 'other', 'candidate'] as const) {
      expect((await remove(who, job.id)).statusCode).toBe(403);
    }
    expect((await remove(null, job.id)).statusCode).toBe(401);
    expect((await publicJob(job.id)).statusCode).toBe(200);

    expect((await remove('corpAdmin', job.id)).statusCode).toBe(204);
    expect((await publicJob(job.id)).statusCode).toBe(404);
    expect((await ownJob('corpAdmin', job.id)).statusCode).toBe(404);
    const ids = (await list('corpAdmin', '?pageSize=100')).json<{ data: JobDto[] }>().data;
    expect(ids.map((j) => j.id)).not.toContain(job.id);
    expect(await searchIds('Delete Probe')).not.toContain(job.id);
    expect((await remove('corpAdmin', job.id)).statusCode).toBe(404);
    expect((await patch('corpAdmin', job.id, { jobTitle: 'Back?' })).statusCode).toBe(404);
  });
});

describe('publish, unpublish and close', () => {
  it('lets a recruiter publish but only an admin unpublish or close; a draft cannot be closed', async () => {
    const job = dataOf(await post('recruiter', jobBody({ jobTitle: 'Lifecycle Probe' })));
    expect((await patch('corpAdmin', job.id, { status: 'CLOSED' })).statusCode).toBe(422);
    const published = await patch('recruiter', job.id, { status: 'PUBLISHED' });
    expect(dataOf(published).status).toBe('PUBLISHED');
    expect(await searchIds('Lifecycle Probe')).toContain(job.id);

    expect((await patch('recruiter', job.id, { status: 'DRAFT' })).statusCode).toBe(403);
    expect((await patch('recruiter', job.id, { status: 'CLOSED' })).statusCode).toBe(403);
    expect((await patch('other', job.id, { status: 'DRAFT' })).statusCode).toBe(403);

    expect(dataOf(await patch('corpAdmin', job.id, { status: 'DRAFT' })).status).toBe('DRAFT');
    expect(await searchIds('Lifecycle Probe')).not.toContain(job.id);
    await patch('corpAdmin', job.id, { status: 'PUBLISHED' });
    expect(dataOf(await patch('corpAdmin', job.id, { status: 'CLOSED' })).status).toBe('CLOSED');
    expect(await searchIds('Lifecycle Probe')).not.toContain(job.id);
  });
});

describe("a post made offline, with the client's id", () => {
  it('is created under that id once; the id is no other company’s to take', async () => {
    const id = `job-${randomUUID()}`;
    const body = jobBody({ id, jobTitle: 'Offline Id Probe' });
    const first = await post('corpAdmin', body);
    expect(first.statusCode).toBe(201);
    expect(dataOf(first).id).toBe(id);
    // Replayed after the idempotency window (no key): the same job, not a second one.
    const again = await post('recruiter', body);
    expect(again.statusCode).toBe(200);
    expect(dataOf(again).id).toBe(id);
    expect(await database.db.select().from(jobs).where(eq(jobs.id, id))).toHaveLength(1);
    const taken = await post('other', body);
    expect(taken.statusCode).toBe(409);
    expect(JSON.stringify(taken.json())).not.toContain('Offline Id Probe');
    expect((await post('corpAdmin', { ...body, id: 'job-1' })).statusCode).toBe(400);
  });
});

describe('moderation (issue 20 item 4)', () => {
  it('holds a post without a salary range for review: not listed, not public, seen by its company', async () => {
    const res = await post(
      'recruiter',
      jobBody({
        jobTitle: 'Unpaid Mystery Probe',
        salaryRange: { min: null, max: null },
        status: 'PUBLISHED',
      }),
    );
    expect(res.statusCode).toBe(201);
    const job = dataOf(res);
    expect(job.status).toBe('PENDING_REVIEW');
    expect(await searchIds('Unpaid Mystery Probe')).not.toContain(job.id);
    expect((await publicJob(job.id)).statusCode).toBe(404);
    expect(dataOf(await ownJob('recruiter', job.id)).status).toBe('PENDING_REVIEW');
    // Asking again does not get round it; adding the salary does (an established company).
    expect(dataOf(await patch('recruiter', job.id, { status: 'PUBLISHED' })).status).toBe(
      'PENDING_REVIEW',
    );
    const paid = await patch('recruiter', job.id, { salaryRange: { min: 12, max: 18 } });
    expect(dataOf(paid).status).toBe('PUBLISHED');
    expect(await searchIds('Unpaid Mystery Probe')).toContain(job.id);
    // Removing the salary from a listed job sends it back to review.
    const unpaid = await patch('recruiter', job.id, { salaryRange: { min: 12, max: null } });
    expect(dataOf(unpaid).status).toBe('PENDING_REVIEW');
    expect(await searchIds('Unpaid Mystery Probe')).not.toContain(job.id);
  });

  it("holds a new company's first posts until enough of them were listed", async () => {
    const posted: JobDto[] = [];
    for (let i = 0; i < ModerationRules.reviewedFirstPosts; i++) {
      const res = await post(
        'newcomer',
        jobBody({ jobTitle: `Newcomer Probe ${i}`, status: 'PUBLISHED' }),
      );
      expect(res.statusCode).toBe(201);
      posted.push(dataOf(res));
    }
    expect(posted.map((job) => job.status)).toEqual(posted.map(() => 'PENDING_REVIEW'));
    expect(await searchIds('Newcomer Probe')).toEqual([]);
    // The company cannot list one itself, but may withdraw it to a draft.
    expect(dataOf(await patch('newcomer', posted[0]!.id, { status: 'PUBLISHED' })).status).toBe(
      'PENDING_REVIEW',
    );
    expect((await patch('newcomer', posted[0]!.id, { status: 'CLOSED' })).statusCode).toBe(422);
    // A moderator lets them through (the admin queue's write, made here on the table).
    for (const job of posted) {
      await database.db.update(jobs).set({ status: 'PUBLISHED' }).where(eq(jobs.id, job.id));
    }
    const next = await post(
      'newcomer',
      jobBody({ jobTitle: 'Newcomer Probe next', status: 'PUBLISHED' }),
    );
    expect(dataOf(next).status).toBe('PUBLISHED');
    expect(await searchIds('Newcomer Probe next')).toContain(dataOf(next).id);
  });
});

describe('the description is sanitised on the server', () => {
  it('keeps the editor’s formatting and drops scripts, handlers, styles and unsafe links', async () => {
    const hostile = [
      '<h2>About</h2><p onclick="steal()">Build <strong>fast</strong> <em>apps</em> &amp; more</p>',
      '<script>alert(1)</script><style>p{display:none}</style><!-- note -->',
      '<img src=x onerror=alert(2)><iframe src="https://evil.example"></iframe>',
      '<ul><li>One</li><li>Two<a href="javascript:alert(3)">x</a></li></ul>',
      '<a href="jav&#x61;script:alert(4)">y</a><a href="https://ok.example/a?b=1&c=2" onmouseover="x()">z</a>',
      '<p>1 < 2 and <b>bold',
    ].join('');
    const res = await post(
      'corpAdmin',
      jobBody({ jobTitle: 'Sanitise Probe', jobDescription: hostile }),
    );
    expect(res.statusCode).toBe(201);
    const expected =
      '<h2>About</h2><p>Build <strong>fast</strong> <em>apps</em> &amp; more</p>' +
      '<ul><li>One</li><li>Two<a>x</a></li></ul>' +
      '<a>y</a><a href="https://ok.example/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">z</a>' +
      '<p>1 &lt; 2 and <b>bold</b></p>';
    expect(dataOf(res).jobDescription).toBe(expected);
    const [row] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, dataOf(res).id));
    expect(row?.jobDescription).toBe(expected);

    const edited = await patch('corpAdmin', dataOf(res).id, {
      jobDescription: '<p>Now <svg onload=alert(5)><u>safe</u></svg></p>',
    });
    expect(dataOf(edited).jobDescription).toBe('<p>Now <u>safe</u></p>');
  });
});

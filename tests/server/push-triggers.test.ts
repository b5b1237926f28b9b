/**
 * What sends the Web Push notifications of issue 8, through the real API: corporate job posting
 * and editing (POST/PATCH /jobs-api/job), application state changes (PATCH
 * /jobs-api/job-application/{jobid}/{email}) and the daily "a new job matches you" digest. Each
 * message is caught by a local push service on loopback and decrypted as a browser would
 * (tests/server/support/push-service.ts). Notifications go out after the response
 * (app.backgroundTasks); the tests settle those tasks before looking, so "nothing sent" means
 * nothing was sent, not "not yet".
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import {
  companies,
  corporateUsers,
  jobs,
  matchDigests,
  pushSubscriptions,
  savedJobs,
  users,
} from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { scoreMatch } from '../../src/domain/score';
import {
  readPush,
  startPushService,
  subscribeThroughApi,
  type BrowserKeys,
  type LocalPushService,
} from './support/push-service';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

type JobRow = typeof jobs.$inferSelect;
interface JobDto {
  id: string;
  jobTitle: string;
  companyId: string;
  companyName: string;
  status: string;
  salaryRange: { min: number | null; max: number | null };
  department: string;
}

const candidate = demoAccount('candidate@example.com');
const newCandidate = demoAccount('newcandidate@example.com');
const corpAdmin = demoAccount('corp-admin@example.com');
const recruiter = demoAccount('recruiter@example.com');
const admin = demoAccount('admin@example.com');
const OTHER_ADMIN_SUB = '00000000-0000-4000-8000-0000000000aa';

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let pushService: LocalPushService;
let dataDir: string;
const tokens: Record<
  'candidate' | 'newCandidate' | 'corpAdmin' | 'recruiter' | 'admin' | 'other',
  string
> = { candidate: '', newCandidate: '', corpAdmin: '', recruiter: '', admin: '', other: '' };
let ourCompany: typeof companies.$inferSelect;
/** Published internal jobs of the demo corporate users' company, one per test that edits one. */
let ourJobs: JobRow[];

/** The in-app path the notification must open (the app's rule: spaces become underscores). */
const expectedPath = (job: { id: string; companyName: string }) =>
  `/jobs/${encodeURIComponent(job.companyName.replace(/\s+/g, '_'))}/${job.id}`;

async function call(who: keyof typeof tokens | null, options: InjectOptions) {
  const res = await app.inject({
    ...options,
    headers: {
      ...options.headers,
      ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}),
    },
  });
  // Let the notifications the request started finish before anything is checked.
  await app.backgroundTasks.settle();
  await app.jobs.settle(); // the push jobs the writes queued (issue 25)
  return res;
}

const patchJob = (who: keyof typeof tokens | null, id: string, payload: unknown) =>
  call(who, { method: 'PATCH', url: `/jobs-api/job/${id}`, payload: payload as object });
const postJob = (who: keyof typeof tokens | null, payload: unknown, headers = {}) =>
  call(who, { method: 'POST', url: '/jobs-api/job/', payload: payload as object, headers });

const subscribe = (who: 'candidate' | 'newCandidate', device: string) =>
  subscribeThroughApi(app, tokens[who], `${pushService.origin}/push/${device}`);

/** A job the demo candidate (React, TypeScript…, 4 years) matches well, or not at all. */
function jobBody(kind: 'match' | 'mismatch', overrides: Record<string, unknown> = {}) {
  const base =
    kind === 'match'
      ? {
          jobTitle: 'Frontend Engineer',
          department: 'Engineering',
          coreSkills: ['React', 'TypeScript', 'JavaScript'],
          softSkills: ['Communication', 'Teamwork'],
          technicalSkills: ['Git', 'Jest'],
          experienceRange: { min: 3, max: 6 },
        }
      : {
          jobTitle: 'Senior Mainframe Engineer',
          department: 'Engineering',
          coreSkills: ['COBOL', 'JCL', 'DB2'],
          softSkills: ['Negotiation'],
          technicalSkills: [],
          experienceRange: { min: 12, max: 20 },
        };
  return {
    ...base,
    jobDescription: '<p>Build <strong>fast</strong> interfaces.</p>',
    location: { city: 'Bengaluru', fullLocation: ['Bengaluru', 'Karnataka', 'India'] },
    workMode: 'Hybrid',
    typeofEmployment: 'Full-time',
    salaryRange: { min: 20, max: 35 },
    ...overrides,
  };
}

beforeAll(async () => {
  pushService = await startPushService();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-push-triggers-'));
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      // More writes a minute than a person makes: these tests make dozens from one address.
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    }),
    db: database.db,
    verifier: auth.verifier,
    testPushService: { agent: pushService.agent },
  });
  const { db } = database;

  const [member] = await db
    .select()
    .from(corporateUsers)
    .where(eq(corporateUsers.cognitoUserId, corpAdmin.sub));
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.id, member?.companyId ?? ''));
  if (!company) throw new Error('the demo corporate users have no company');
  ourCompany = company;
  ourJobs = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, company.id),
        eq(jobs.status, 'PUBLISHED'),
        eq(jobs.isExternal, false),
        eq(jobs.badJob, false),
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(4);
  if (ourJobs.length < 4) throw new Error('not enough seeded jobs for the demo company');

  // A corporate admin of another company.
  const [other] = await db
    .select()
    .from(companies)
    .where(sql`${companies.id} <> ${company.id}`)
    .limit(1);
  await db.insert(corporateUsers).values({
    id: 'corp-other-admin',
    cognitoUserId: OTHER_ADMIN_SUB,
    email: 'other-admin@example.com',
    corporateUserType: 'corporate-admin',
    companyId: other!.id,
  });

  const token = (sub: string, group: string) => auth.accessToken({ sub, groups: [group] });
  tokens.candidate = await token(candidate.sub, candidate.group);
  tokens.newCandidate = await token(newCandidate.sub, newCandidate.group);
  tokens.corpAdmin = await token(corpAdmin.sub, corpAdmin.group);
  tokens.recruiter = await token(recruiter.sub, recruiter.group);
  tokens.admin = await token(admin.sub, admin.group);
  tokens.other = await token(OTHER_ADMIN_SUB, 'corporate-admin');
});
afterAll(async () => {
  await app.close();
  await database.close();
  await pushService.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  pushService.received.length = 0;
  await database.db.delete(pushSubscriptions);
  await database.db.delete(matchDigests);
});

describe('PATCH /jobs-api/job/{id}: a saved job changed', () => {
  let keys: BrowserKeys;
  beforeEach(async () => {
    keys = await subscribe('candidate', 'saved-1');
  });

  it('tells whoever saved the job about a new salary; other edits send nothing', async () => {
    const job = ourJobs[0]!;
    const saved = await call('candidate', { method: 'PUT', url: `/api/saved-jobs/${job.id}` });
    expect(saved.statusCode).toBe(201);

    const salaryRange = { min: (job.salaryMin ?? 0) + 1, max: (job.salaryMax ?? 0) + 10 };
    const res = await patchJob('recruiter', job.id, { salaryRange });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: JobDto }>().data).toMatchObject({ id: job.id, salaryRange });
    expect(pushService.received).toHaveLength(1);
    expect(pushService.received[0]?.path).toBe('/push/saved-1');
    expect(readPush(pushService.received[0], keys)).toEqual({
      title: 'Salary updated',
      body: `${job.jobTitle} at ${job.companyName} has a new salary range.`,
      url: expectedPath(job),
      jobId: job.id,
      icon: ourCompany.logoUrl,
      tag: `job-${job.id}`,
    });

    // Nothing a follower cares about: the department, or the same salary again.
    for (const change of [{ department: 'Platform Engineering' }, { salaryRange }]) {
      const again = await patchJob('corpAdmin', job.id, change);
      expect(again.statusCode, JSON.stringify(change)).toBe(200);
    }
    expect(pushService.received).toHaveLength(1);

    // The description (HTML, stored as given) is one of the changes that matter.
    const description = '<p>New <em>scope</em>.</p>';
    const described = await patchJob('recruiter', job.id, { jobDescription: description });
    expect(described.json<{ data: { jobDescription: string } }>().data.jobDescription).toBe(
      description,
    );
    expect(pushService.received).toHaveLength(2);
    expect(readPush(pushService.received[1], keys)).toMatchObject({
      title: 'Job description updated',
    });
  });

  it('says "closed" when the company closes it; a recruiter may not close', async () => {
    const job = ourJobs[1]!;
    await database.db.insert(savedJobs).values({ userId: candidate.sub, jobId: job.id });

    const refused = await patchJob('recruiter', job.id, { status: 'CLOSED' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ errorMsg: string }>().errorMsg).toMatch(/cannot close/);
    expect(pushService.received).toHaveLength(0);

    const closed = await patchJob('corpAdmin', job.id, { status: 'CLOSED' });
    expect(closed.statusCode).toBe(200);
    expect(pushService.received).toHaveLength(1);
    expect(readPush(pushService.received[0], keys)).toMatchObject({
      title: 'A saved job has closed',
      body: `${job.jobTitle} at ${job.companyName} is no longer open.`,
      url: expectedPath(job),
    });
    // A closed job still opens by id (the saved job can say so) and leaves the listing.
    const detail = await app.inject({ url: `/jobs-api/job/${job.id}` });
    expect(detail.json<{ data: JobDto }>().data.status).toBe('CLOSED');
  });

  it('refuses other companies, candidates and bad bodies, and sends nothing', async () => {
    const job = ourJobs[2]!;
    await database.db.insert(savedJobs).values({ userId: candidate.sub, jobId: job.id });
    const change = { salaryRange: { min: 1, max: 2 } };

    const other = await patchJob('other', job.id, change);
    expect(other.statusCode).toBe(403);
    expect(other.json<{ errorMsg: string }>().errorMsg).toBe('This job belongs to another company');
    for (const who of ['candidate', 'admin'] as const) {
      const res = await patchJob(who, job.id, change);
      expect(res.statusCode, who).toBe(403);
      expect(res.json<{ errorMsg: string }>().errorMsg, who).toBeTruthy();
    }
    expect((await patchJob(null, job.id, change)).statusCode).toBe(401);
    const missing = await patchJob('corpAdmin', 'job-does-not-exist', change);
    expect(missing.statusCode).toBe(404);

    for (const payload of [
      {},
      { salaryRange: { min: 10, max: 5 } },
      { salaryRange: { min: 'ten', max: 20 } },
      { salaryRange: { min: 10 } },
      { status: 'ARCHIVED' },
      { companyId: 'cmp-someone-else' },
      { workMode: 'On the moon' },
      { jobTitle: '   ' },
      { coreSkills: 'React' },
      { experienceRange: { min: -1, max: 3 } },
    ]) {
      const res = await patchJob('corpAdmin', job.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/^Invalid job: /);
    }
    const notJson = await call('corpAdmin', {
      method: 'PATCH',
      url: `/jobs-api/job/${job.id}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"salaryRange":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<{ errorMsg: string }>().errorMsg).toBeTruthy();

    expect(pushService.received).toHaveLength(0);
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([row?.salaryMin, row?.salaryMax]).toEqual([job.salaryMin, job.salaryMax]);
  });
});

describe('PATCH /jobs-api/job-application/{jobid}/{email}: an application changed state', () => {
  it('tells the applicant, once per change', async () => {
    const job = ourJobs[3]!;
    const keys = await subscribe('candidate', 'applicant-1');
    const applied = await call('candidate', {
      method: 'POST',
      url: '/jobs-api/job-application/',
      payload: { jobId: job.id, companyName: job.companyName, jobPortal: 'ReferralHub' },
    });
    expect(applied.statusCode).toBe(201);

    const url = `/jobs-api/job-application/${job.id}/${encodeURIComponent(candidate.email)}`;
    const res = await call('recruiter', {
      method: 'PATCH',
      url,
      payload: { status: 'SHORTLISTED' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { status: string } }>().data.status).toBe('SHORTLISTED');
    expect(pushService.received).toHaveLength(1);
    expect(readPush(pushService.received[0], keys)).toMatchObject({
      title: 'Application update',
      body: `Your application for ${job.jobTitle} at ${job.companyName} is now shortlisted.`,
      url: expectedPath(job),
      jobId: job.id,
    });

    // The same state again: nothing changes, nobody is told.
    const same = await call('corpAdmin', {
      method: 'PATCH',
      url,
      payload: { status: 'SHORTLISTED' },
    });
    expect(same.statusCode).toBe(200);
    expect(pushService.received).toHaveLength(1);

    const underReview = await call('corpAdmin', {
      method: 'PATCH',
      url,
      payload: { status: 'UNDER_REVIEW' },
    });
    expect(underReview.statusCode).toBe(200);
    expect(readPush(pushService.received[1], keys)).toMatchObject({
      body: expect.stringContaining('is now under review') as unknown,
    });

    // The candidate sees the state in "My applications".
    const mine = await call('candidate', { url: '/jobs-api/applications/mine' });
    const entry = mine
      .json<{ data: { jobId: string; status: string }[] }>()
      .data.find((a) => a.jobId === job.id);
    expect(entry?.status).toBe('UNDER_REVIEW');
  });

  it('answers 404 without an application, and refuses others without sending', async () => {
    await subscribe('candidate', 'applicant-2');
    const job = ourJobs[3]!;
    const patch = (who: keyof typeof tokens, jobId: string, email: string, payload: object) =>
      call(who, {
        method: 'PATCH',
        url: `/jobs-api/job-application/${jobId}/${encodeURIComponent(email)}`,
        payload,
      });
    const rejected = { status: 'REJECTED' };

    const none = await patch('recruiter', job.id, newCandidate.email, rejected);
    expect(none.statusCode).toBe(404);
    expect(none.json<{ errorMsg: string }>().errorMsg).toBe('No application');
    expect((await patch('recruiter', 'job-nope', candidate.email, rejected)).statusCode).toBe(404);
    expect((await patch('other', job.id, candidate.email, rejected)).statusCode).toBe(403);
    expect((await patch('candidate', job.id, candidate.email, rejected)).statusCode).toBe(403);
    for (const payload of [{}, { status: 'ACCEPTED' }, { status: 'REJECTED', note: 'x' }]) {
      const res = await patch('recruiter', job.id, candidate.email, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/^Invalid application: /);
    }
    expect((await patch('recruiter', job.id, 'not-an-email', rejected)).statusCode).toBe(400);
    expect(pushService.received).toHaveLength(0);
  });
});

describe('publishing: the daily digest of new matching jobs', () => {
  it('sends one digest for a job scoring ≥ 75, none for a second that day, none below 75', async () => {
    const keys = await subscribe('candidate', 'digest-1');
    // A subscriber without a profile (no CV, no skills) is never scored.
    await subscribe('newCandidate', 'digest-no-profile');
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.cognitoSub, candidate.sub));
    const profile = {
      coreSkills: user!.coreSkills,
      softSkills: user!.softSkills,
      technicalSkills: user!.technicalSkills,
      yearsOfExperience: user!.yoe,
    };
    const scoreOf = (body: ReturnType<typeof jobBody>) =>
      scoreMatch(profile, { ...body, experienceRange: body.experienceRange }).finalScore;
    expect(scoreOf(jobBody('match'))).toBeGreaterThanOrEqual(75);
    expect(scoreOf(jobBody('mismatch'))).toBeLessThan(75);

    const low = await postJob('recruiter', jobBody('mismatch'));
    expect(low.statusCode).toBe(201);
    expect(pushService.received).toHaveLength(0);

    const first = await postJob('recruiter', jobBody('match'));
    expect(first.statusCode).toBe(201);
    const job = first.json<{ data: JobDto }>().data;
    expect(pushService.received.map((m) => m.path)).toEqual(['/push/digest-1']);
    expect(readPush(pushService.received[0], keys)).toEqual({
      title: 'A new job that matches you',
      body: expect.stringMatching(
        new RegExp(`^Frontend Engineer at ${job.companyName}: a \\d+% match for your profile\\.$`),
      ) as unknown,
      url: expectedPath(job),
      jobId: job.id,
      icon: ourCompany.logoUrl,
      tag: 'match-digest',
    });

    // A second matching job the same day: no second digest.
    const second = await postJob('corpAdmin', jobBody('match', { jobTitle: 'React Developer' }));
    expect(second.statusCode).toBe(201);
    expect(pushService.received).toHaveLength(1);
    const [digest] = await database.db
      .select()
      .from(matchDigests)
      .where(eq(matchDigests.userId, candidate.sub));
    expect(digest?.jobId).toBe(job.id);

    // A day later, a draft that becomes PUBLISHED is a new job for the digest.
    await database.db
      .update(matchDigests)
      .set({ sentAt: sql`now() - interval '25 hours'` })
      .where(eq(matchDigests.userId, candidate.sub));
    const draft = await postJob('recruiter', jobBody('match', { status: 'DRAFT' }));
    expect(draft.statusCode).toBe(201);
    expect(pushService.received).toHaveLength(1);
    const draftId = draft.json<{ data: JobDto }>().data.id;
    const published = await patchJob('recruiter', draftId, { status: 'PUBLISHED' });
    expect(published.statusCode).toBe(200);
    expect(pushService.received).toHaveLength(2);
    expect(readPush(pushService.received[1], keys)).toMatchObject({ jobId: draftId });
  });
});

describe('POST /jobs-api/job/', () => {
  it('posts a job for the caller’s company: GET /job/{id}, search and facets show it', async () => {
    // Fill the facets cache first: the post must drop it.
    expect((await app.inject({ url: '/jobs-api/job/facets?limit=500' })).statusCode).toBe(200);
    const body = jobBody('mismatch', {
      jobTitle: 'Quasar Telemetry Engineer',
      department: 'Deep Space Operations',
      coreSkills: ['reactjs', 'Kubernetes'],
      displaySalaryRange: false,
    });
    const headers = { 'idempotency-key': 'post-job-quasar-1' };
    const res = await postJob('recruiter', body, headers);
    expect(res.statusCode).toBe(201);
    const job = res.json<{ data: JobDto & Record<string, unknown> }>().data;
    expect(job).toMatchObject({
      jobTitle: 'Quasar Telemetry Engineer',
      companyId: ourCompany.id,
      companyName: ourCompany.name,
      companyDetails: { name: ourCompany.name, logoUrl: ourCompany.logoUrl },
      coreSkills: ['React', 'Kubernetes'], // canonical names, as profiles store them
      location: { city: 'Bengaluru', fullLocation: ['Bengaluru', 'Karnataka', 'India'] },
      salaryRange: { min: 20, max: 35 },
      displaySalaryRange: false,
      experienceRange: { min: 12, max: 20 },
      typeofEmployment: 'Full-time',
      workMode: 'Hybrid',
      industry: ourCompany.industry,
      status: 'PUBLISHED',
      jobDescription: body.jobDescription,
    });

    const detail = await app.inject({ url: `/jobs-api/job/${job.id}` });
    expect(detail.statusCode).toBe(200);
    // The salary is hidden (displaySalaryRange false): only the company sees its numbers.
    expect(detail.json<{ data: unknown }>().data).toEqual({
      ...job,
      salaryRange: { min: null, max: null },
    });

    // The same request again with its key: replayed, not posted twice.
    const replay = await postJob('recruiter', body, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const rows = await database.db.select().from(jobs).where(eq(jobs.jobTitle, body.jobTitle));
    expect(rows).toHaveLength(1);

    const search = await app.inject({ url: '/jobs-api/job/?searchText=quasar%20telemetry' });
    expect(search.json<{ data: { id: string }[] }>().data.map((j) => j.id)).toContain(job.id);
    const facets = await app.inject({ url: '/jobs-api/job/facets?limit=500' });
    expect(
      facets.json<{ data: { department: { value: string; count: number }[] } }>().data.department,
    ).toContainEqual({ value: 'Deep Space Operations', count: 1 });

    // A draft is stored but not public.
    const draft = await postJob('corpAdmin', {
      ...body,
      jobTitle: 'Quasar Draft',
      status: 'DRAFT',
    });
    expect(draft.statusCode).toBe(201);
    const draftJob = draft.json<{ data: JobDto }>().data;
    expect(draftJob.status).toBe('DRAFT');
    expect((await app.inject({ url: `/jobs-api/job/${draftJob.id}` })).statusCode).toBe(404);
  });

  it('refuses callers without a company and bad bodies with a 4xx, never a 500', async () => {
    const body = jobBody('mismatch');
    expect((await postJob(null, body)).statusCode).toBe(401);
    for (const who of ['candidate', 'admin'] as const) {
      const res = await postJob(who, body);
      expect(res.statusCode, who).toBe(403);
      expect(res.json<{ errorMsg: string }>().errorMsg, who).toBeTruthy();
    }
    const withoutTitle = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'jobTitle'));
    const countBefore = await database.db.$count(jobs);
    for (const payload of [
      withoutTitle,
      { ...body, workMode: 'Sometimes' },
      { ...body, typeofEmployment: 'Gig' },
      { ...body, salaryRange: { min: 40, max: 30 } },
      { ...body, experienceRange: { min: 0, max: 100_000 } },
      { ...body, companyId: 'cmp-someone-else' },
      { ...body, status: 'CLOSED' },
      { ...body, location: { fullLocation: ['Pune'] } },
      { ...body, jobDescription: 'x'.repeat(50_001) },
      { ...body, coreSkills: ['x'.repeat(61)] },
      [],
    ]) {
      const res = await postJob('recruiter', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/^Invalid job: /);
    }
    expect(await database.db.$count(jobs)).toBe(countBefore);
  });
});

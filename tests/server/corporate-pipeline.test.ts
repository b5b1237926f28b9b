/**
 * The applicant pipeline (issue 20 item 2) through the real API on a real PGlite: the §6 matrix
 * of every call (corporate admin, recruiter, another company's admin, a candidate, nobody), the
 * applicant list (score parts, profile, source, sorted by score), moving one or many applicants
 * with the candidate's state following and a push notification per change (caught by a local
 * push service and decrypted), notes, evaluations, custom stages, and the CV link.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import {
  companies,
  corporateUsers,
  jobApplications,
  jobs,
  pushSubscriptions,
  users,
} from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import type { Applicant, Pipeline } from '../../src/domain/contract/corporate-pipeline';
import { scoreMatch } from '../../src/domain/score';
import { candidateProfileOf, scorableJob } from '../../server/jobs/match-score';
import { createLocalObjectStore } from '../../server/storage/local-object-store';
import { startApiServer, type ApiTestServer } from './support/api-server';
import {
  readPush,
  startPushService,
  subscribeThroughApi,
  type LocalPushService,
} from './support/push-service';
import type { TestAuth } from './support/test-auth';

const candidate = demoAccount('candidate@example.com');
const newCandidate = demoAccount('newcandidate@example.com');
const corpAdmin = demoAccount('corp-admin@example.com');
const recruiter = demoAccount('recruiter@example.com');
const OTHER_ADMIN_SUB = '00000000-0000-4000-8000-0000000000ab';

type Who = 'candidate' | 'newCandidate' | 'corpAdmin' | 'recruiter' | 'other';

let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let pushService: LocalPushService;
const tokens = {} as Record<Who, string>;
let job: typeof jobs.$inferSelect;
let otherJob: typeof jobs.$inferSelect;

async function call(who: Who | null, options: InjectOptions) {
  const res = await app.inject({
    ...options,
    headers: { ...options.headers, ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}) },
  });
  // Let the notifications the request started finish before anything is checked.
  await app.backgroundTasks.settle();
  await app.jobs.settle(); // the push jobs the writes queued (issue 25)
  return res;
}

const pipelineOf = async (who: Who, jobId = job.id) => {
  const res = await call(who, { url: `/api/corporate/jobs/${jobId}/applicants` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Pipeline }>().data;
};
const applicantOf = (pipeline: Pipeline, email: string): Applicant => {
  const found = pipeline.applicants.find((a) => a.candidate.email === email);
  if (!found) throw new Error(`no applicant ${email}`);
  return found;
};
const move = (who: Who | null, applicationIds: string[], stage: string, jobId = job.id) =>
  call(who, {
    method: 'POST',
    url: `/api/corporate/jobs/${jobId}/applicants/move`,
    payload: { applicationIds, stage },
  });

async function apply(who: 'candidate' | 'newCandidate', target = job) {
  const res = await call(who, {
    method: 'POST',
    url: '/jobs-api/job-application/',
    payload: { jobId: target.id, companyName: target.companyName, jobPortal: 'ReferralHub' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  pushService = await startPushService();
  server = await startApiServer({
    dataDirPrefix: 'rh-pipeline-',
    env: { RATE_LIMIT_WRITES_PER_MINUTE: '1000' },
    testPushService: { agent: pushService.agent },
  });
  ({ database, auth, app } = server);
  const { db } = database;
  const [member] = await db
    .select()
    .from(corporateUsers)
    .where(eq(corporateUsers.cognitoUserId, corpAdmin.sub));
  const ours = member!.companyId!;
  const internal = (companyId: string) =>
    db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, companyId),
          eq(jobs.status, 'PUBLISHED'),
          eq(jobs.isExternal, false),
        ),
      )
      .orderBy(asc(jobs.id))
      .limit(1);
  [job] = (await internal(ours)) as [typeof jobs.$inferSelect];
  const [other] = await db
    .select()
    .from(companies)
    .where(
      sql`${companies.id} <> ${ours} and exists (select 1 from jobs j where j.company_id = ${companies.id} and j.is_external = false and j.status = 'PUBLISHED')`,
    )
    .limit(1);
  [otherJob] = (await internal(other!.id)) as [typeof jobs.$inferSelect];
  await db.insert(corporateUsers).values({
    id: 'corp-pipeline-other',
    cognitoUserId: OTHER_ADMIN_SUB,
    email: 'pipeline-other-admin@example.com',
    corporateUserType: 'corporate-admin',
    companyId: other!.id,
  });
  const token = (sub: string, group: string) => auth.accessToken({ sub, groups: [group] });
  tokens.candidate = await token(candidate.sub, candidate.group);
  tokens.newCandidate = await token(newCandidate.sub, newCandidate.group);
  tokens.corpAdmin = await token(corpAdmin.sub, corpAdmin.group);
  tokens.recruiter = await token(recruiter.sub, recruiter.group);
  tokens.other = await token(OTHER_ADMIN_SUB, 'corporate-admin');

  await apply('candidate');
  await apply('newCandidate');
  await apply('candidate', otherJob);
});
afterAll(async () => {
  await server.close();
  await pushService.close();
});
beforeEach(async () => {
  pushService.received.length = 0;
  await database.db.delete(pushSubscriptions);
});

describe('GET /api/corporate/jobs/{jobId}/applicants', () => {
  it("lists the job's applicants with the §9 score and its parts, best first", async () => {
    const pipeline = await pipelineOf('recruiter');
    expect(pipeline.job).toMatchObject({ id: job.id, jobTitle: job.jobTitle });
    expect(pipeline.stages.map((s) => s.key)).toEqual([
      'applied',
      'shortlisted',
      'interview',
      'offer',
      'hired',
      'rejected',
    ]);
    expect(pipeline.applicants).toHaveLength(2);
    const [user] = await database.db.select().from(users).where(eq(users.email, candidate.email));
    const expected = scoreMatch(candidateProfileOf(user!), scorableJob(job));
    const priya = applicantOf(pipeline, candidate.email);
    expect(priya.score).toEqual({
      finalScore: expected.finalScore,
      coreSkills: expected.coreSkills,
      softSkills: expected.softSkills,
      experience: expected.experience,
      roleAndResponsibilities: expected.roleAndResponsibilities,
    });
    expect(priya).toMatchObject({
      stage: 'applied',
      status: 'APPLIED',
      source: { kind: 'direct' },
      candidate: { name: user!.name, coreSkills: user!.coreSkills, hasCv: true },
    });
    // The candidate without a CV has nothing to score: listed after the scored one.
    const rahul = pipeline.applicants[1]!;
    expect(rahul.candidate.email).toBe(newCandidate.email);
    expect(rahul.score).toBeNull();
  });

  it('is refused to another company, a candidate and nobody', async () => {
    const url = `/api/corporate/jobs/${job.id}/applicants`;
    expect((await call('other', { url })).statusCode).toBe(403);
    expect((await call('candidate', { url })).statusCode).toBe(403);
    expect((await call(null, { url })).statusCode).toBe(401);
    expect(
      (await call('corpAdmin', { url: '/api/corporate/jobs/job-nope/applicants' })).statusCode,
    ).toBe(404);
    // The other company sees its own applicant, not ours.
    const theirs = await pipelineOf('other', otherJob.id);
    expect(theirs.applicants.map((a) => a.candidate.email)).toEqual([candidate.email]);
  });
});

describe('POST /api/corporate/jobs/{jobId}/applicants/move', () => {
  it("moves an applicant; the candidate's state follows and they are notified once", async () => {
    const keys = await subscribeThroughApi(
      app,
      tokens.candidate,
      `${pushService.origin}/push/pipeline-1`,
    );
    const priya = applicantOf(await pipelineOf('corpAdmin'), candidate.email);
    const res = await move('recruiter', [priya.applicationId], 'shortlisted');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: { moved: [{ id: priya.applicationId, stage: 'shortlisted', status: 'SHORTLISTED' }] },
    });
    expect(pushService.received).toHaveLength(1);
    expect(readPush(pushService.received[0], keys)).toMatchObject({
      title: 'Application update',
      body: `Your application for ${job.jobTitle} at ${job.companyName} is now shortlisted.`,
      jobId: job.id,
    });
    const mine = await call('candidate', { url: '/jobs-api/applications/mine' });
    const entry = mine
      .json<{ data: { jobId: string; status: string }[] }>()
      .data.find((a) => a.jobId === job.id);
    expect(entry?.status).toBe('SHORTLISTED');
    expect(applicantOf(await pipelineOf('recruiter'), candidate.email).stage).toBe('shortlisted');

    // A replay (the outbox after a lost answer) changes nothing and tells nobody again.
    const again = await move('corpAdmin', [priya.applicationId], 'shortlisted');
    expect(again.statusCode).toBe(200);
    expect(pushService.received).toHaveLength(1);
  });

  it('moves many at once, all or nothing', async () => {
    const pipeline = await pipelineOf('corpAdmin');
    const ids = pipeline.applicants.map((a) => a.applicationId);
    const [theirs] = await database.db
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(eq(jobApplications.jobId, otherJob.id));
    // Another job's application in the selection: nothing moves.
    const mixed = await move('corpAdmin', [...ids, theirs!.id], 'interview');
    expect(mixed.statusCode).toBe(404);
    expect((await pipelineOf('corpAdmin')).applicants.some((a) => a.stage === 'interview')).toBe(
      false,
    );

    const res = await move('corpAdmin', ids, 'interview');
    expect(res.statusCode).toBe(200);
    const after = await pipelineOf('corpAdmin');
    expect(after.applicants.map((a) => [a.stage, a.status])).toEqual([
      ['interview', 'INTERVIEWING'],
      ['interview', 'INTERVIEWING'],
    ]);
  });

  it('refuses unknown stages, other companies, candidates and nobody', async () => {
    const priya = applicantOf(await pipelineOf('corpAdmin'), candidate.email);
    const before = priya.stage;
    expect((await move('corpAdmin', [priya.applicationId], 'no-such-stage')).statusCode).toBe(400);
    expect((await move('other', [priya.applicationId], 'hired')).statusCode).toBe(403);
    expect((await move('candidate', [priya.applicationId], 'hired')).statusCode).toBe(403);
    expect((await move(null, [priya.applicationId], 'hired')).statusCode).toBe(401);
    expect((await move('corpAdmin', [], 'hired')).statusCode).toBe(400);
    expect(applicantOf(await pipelineOf('corpAdmin'), candidate.email).stage).toBe(before);
  });
});

describe('notes and evaluations', () => {
  it('keeps notes and one evaluation per company user, for the company only', async () => {
    const priya = applicantOf(await pipelineOf('corpAdmin'), candidate.email);
    const url = `/api/corporate/applicants/${priya.applicationId}/notes`;
    const note = await call('recruiter', {
      method: 'POST',
      url,
      payload: { text: '  Strong React answers.  ' },
    });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({ data: { text: 'Strong React answers.' } });
    expect(
      (await call('recruiter', { method: 'POST', url, payload: { text: ' ' } })).statusCode,
    ).toBe(400);
    expect((await call('other', { method: 'POST', url, payload: { text: 'x' } })).statusCode).toBe(
      403,
    );
    expect(
      (await call('candidate', { method: 'POST', url, payload: { text: 'x' } })).statusCode,
    ).toBe(403);

    const evalUrl = `/api/corporate/applicants/${priya.applicationId}/evaluation`;
    const body = {
      ratings: { skills: 5, experience: 4, communication: 4, cultureFit: 3 },
      recommendation: 'yes',
      summary: 'Hire for the platform team.',
    };
    const saved = await call('corpAdmin', { method: 'PUT', url: evalUrl, payload: body });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await call('corpAdmin', {
      method: 'PUT',
      url: evalUrl,
      payload: { ...body, recommendation: 'strong-yes' },
    });
    expect(changed.statusCode).toBe(200);
    const bad = { ...body, ratings: { ...body.ratings, skills: 6 } };
    expect(
      (await call('corpAdmin', { method: 'PUT', url: evalUrl, payload: bad })).statusCode,
    ).toBe(400);
    expect((await call('other', { method: 'PUT', url: evalUrl, payload: body })).statusCode).toBe(
      403,
    );

    const asRecruiter = applicantOf(await pipelineOf('recruiter'), candidate.email);
    expect(asRecruiter.notes.map((n) => n.text)).toContain('Strong React answers.');
    expect(asRecruiter.evaluations).toEqual([
      expect.objectContaining({ recommendation: 'strong-yes', mine: false }) as unknown,
    ]);
    const asAdmin = applicantOf(await pipelineOf('corpAdmin'), candidate.email);
    expect(asAdmin.evaluations[0]?.mine).toBe(true);
  });
});

describe('GET /api/corporate/applicants/{id}/cv', () => {
  it("gives the company a short link to the applicant's CV, nobody else", async () => {
    const [user] = await database.db
      .select({ key: users.cvObjectKey })
      .from(users)
      .where(eq(users.email, candidate.email));
    // The demo CV's bytes are written at start-up by main.ts; this server has its own folder.
    const pdf = Buffer.from('%PDF-1.4\n% pipeline test CV\n%%EOF\n');
    const store = createLocalObjectStore(path.join(server.dataDir!, 'objects'));
    await store.put(user!.key!, pdf, 'application/pdf');

    const priya = applicantOf(await pipelineOf('corpAdmin'), candidate.email);
    const url = `/api/corporate/applicants/${priya.applicationId}/cv`;
    expect((await call('other', { url })).statusCode).toBe(403);
    expect((await call('candidate', { url })).statusCode).toBe(403);
    const res = await call('recruiter', { url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const link = new URL(res.json<{ data: { url: string } }>().data.url, 'http://localhost');
    const file = await app.inject({ url: link.pathname + link.search });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const rahul = applicantOf(await pipelineOf('corpAdmin'), newCandidate.email);
    const none = await call('recruiter', {
      url: `/api/corporate/applicants/${rahul.applicationId}/cv`,
    });
    expect(none.statusCode).toBe(404);
  });
});

describe('PUT /api/corporate/stages', () => {
  it('lets an admin rename and add stages; a recruiter, another company and a candidate cannot change them', async () => {
    const stages = [
      { key: 'applied', label: 'New', status: 'APPLIED' },
      { label: 'Phone screen', status: 'UNDER_REVIEW' },
      { key: 'shortlisted', label: 'Shortlisted', status: 'SHORTLISTED' },
      { key: 'interview', label: 'Interview', status: 'INTERVIEWING' },
      { key: 'offer', label: 'Offer', status: 'OFFERED' },
      { key: 'hired', label: 'Hired', status: 'HIRED' },
      { key: 'rejected', label: 'Not a fit', status: 'REJECTED' },
    ];
    const put = (who: Who, payload: unknown) =>
      call(who, { method: 'PUT', url: '/api/corporate/stages', payload: payload as object });
    expect((await put('recruiter', { stages })).statusCode).toBe(403);
    expect((await put('candidate', { stages })).statusCode).toBe(403);
    const res = await put('corpAdmin', { stages });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<{ data: { key: string; label: string }[] }>().data;
    expect(saved.map((s) => s.label)).toEqual(stages.map((s) => s.label));
    const screen = saved[1]!.key;
    expect(screen).toBe('phone-screen');

    // Another company still has the defaults.
    const theirs = await call('other', { url: '/api/corporate/stages' });
    expect(theirs.json<{ data: { label: string }[] }>().data[0]?.label).toBe('Applied');

    // The new stage works; the candidate sees the state it stands for.
    const priya = applicantOf(await pipelineOf('recruiter'), candidate.email);
    expect((await move('recruiter', [priya.applicationId], screen)).statusCode).toBe(200);
    const mine = await call('candidate', { url: '/jobs-api/applications/mine' });
    expect(
      mine
        .json<{ data: { jobId: string; status: string }[] }>()
        .data.find((a) => a.jobId === job.id)?.status,
    ).toBe('UNDER_REVIEW');

    // A stage holding applicants is not removed; the fixed ones always stay.
    const withoutScreen = stages.filter((s) => s.label !== 'Phone screen');
    expect((await put('corpAdmin', { stages: withoutScreen })).statusCode).toBe(409);
    const withoutHired = stages.filter((s) => s.key !== 'hired');
    expect((await put('corpAdmin', { stages: withoutHired })).statusCode).toBe(400);
  });
});

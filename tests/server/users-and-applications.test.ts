import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { makeServer } from './helpers';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;

const candidate = demoAccount('candidate@example.com');
const newcandidate = demoAccount('newcandidate@example.com');
const recruiter = demoAccount('recruiter@example.com');
const deactivated = demoAccount('deactivated@example.com');
const admin = demoAccount('admin@example.com');

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await makeServer('/nonexistent', database.db, auth.verifier);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const tokenOf = (account: { sub: string; group: string }) =>
  auth.accessToken({ sub: account.sub, groups: [account.group] });

async function get(url: string, token?: string) {
  const res = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.statusCode,
    body: res.json<Record<string, unknown> & { errorMsg?: string }>(),
    raw: res,
  };
}

async function post(url: string, payload: object, token?: string, key?: string) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
  return {
    status: res.statusCode,
    body: res.json<Record<string, unknown> & { errorMsg?: string }>(),
    raw: res,
  };
}

describe('authentication on the product API', () => {
  it('answers 401 without a token, with an expired one, a foreign client or a forged signature', async () => {
    expect((await get('/api/user/basic-details')).status).toBe(401);
    expect((await get('/api/user/basic-details', 'placeholder-token')).status).toBe(401);
    const expired = await auth.accessToken(
      { sub: candidate.sub },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    const res = await get('/api/user/basic-details', expired);
    expect(res.status).toBe(401);
    expect(res.body.errorMsg).toBe(
      'Access Denied: Your session has expired. Please log in again to continue.',
    );
    const foreign = await auth.accessToken({ sub: candidate.sub }, { clientId: 'someoneelse' });
    expect((await get('/api/user/basic-details', foreign)).status).toBe(401);
    const stranger = await createTestAuth();
    const forged = await stranger.accessToken({ sub: candidate.sub });
    expect((await get('/api/user/basic-details', forged)).status).toBe(401);
  });

  it('still serves public job browsing to anonymous callers and stale tokens', async () => {
    const expired = await auth.accessToken(
      { sub: candidate.sub },
      { expiresIn: Math.floor(Date.now() / 1000) - 60 },
    );
    expect((await get('/jobs-api/job/?pageSize=1')).status).toBe(200);
    expect((await get('/jobs-api/job/?pageSize=1', expired)).status).toBe(200);
  });
});

describe('user calls (spec §7)', () => {
  it('GET /user/basic-details gives the caller’s basic details (spec §3)', async () => {
    const { status, body } = await get('/api/user/basic-details', await tokenOf(candidate));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      email: 'candidate@example.com',
      fullName: candidate.name,
      isCvExtracted: true,
      cvParseError: null,
      location: 'Bengaluru',
      YOE: 4,
      CTC: 18,
      candidateExperience: { designation: 'Frontend Engineer' },
      coreSkills: expect.arrayContaining([{ skillName: 'React' }]) as unknown,
    });
    const fresh = await get('/api/user/basic-details', await tokenOf(newcandidate));
    expect(fresh.body.data).toMatchObject({ isCvExtracted: false, CTC: null });
  });

  it('GET /user/{email}/details returns a list with the user, and only to that user or an admin', async () => {
    const own = await app.inject({
      url: '/api/user/candidate@example.com/details',
      headers: { authorization: `Bearer ${await tokenOf(candidate)}` },
    });
    expect(own.statusCode).toBe(200);
    const [user] =
      own.json<{ emailList: { primary: string }; name: string; userType: string[] }[]>();
    expect(user).toMatchObject({
      emailList: { primary: 'candidate@example.com' },
      name: candidate.name,
      userType: ['general-user'],
    });

    expect(
      (await get('/api/user/candidate@example.com/details', await tokenOf(newcandidate))).status,
    ).toBe(403);
    expect(
      (await get('/api/user/candidate@example.com/details', await tokenOf(admin))).status,
    ).toBe(200);
    expect((await get('/api/user/not-an-email/details', await tokenOf(admin))).status).toBe(400);
  });

  it('GET /corporate-user/{id}/cognito shows the deactivated flag to its owner', async () => {
    const res = await app.inject({
      url: `/api/corporate-user/${deactivated.sub}/cognito`,
      headers: { authorization: `Bearer ${await tokenOf(deactivated)}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ isDeleted: boolean }[]>()[0]).toMatchObject({
      isDeleted: true,
      corporateUserType: 'corporate-admin',
    });
    expect(
      (await get(`/api/corporate-user/${deactivated.sub}/cognito`, await tokenOf(recruiter)))
        .status,
    ).toBe(403);
  });
});

describe('applications (spec §4 Application, §7)', () => {
  let jobId = '';
  let externalJob = { id: '', jobUrl: '' };
  beforeAll(async () => {
    const internal = (await get('/jobs-api/job/?dashboard=USER&pageSize=1')).body.data as {
      id: string;
    }[];
    const external = (await get('/jobs-api/job/?dashboard=EXTERNAL&pageSize=1')).body.data as {
      id: string;
      jobUrl: string;
    }[];
    jobId = internal[0]!.id;
    externalJob = external[0]!;
  });

  it('applies once; a second application is 403 "Already submitted"; the existence check follows', async () => {
    const token = await tokenOf(candidate);
    const url = `/jobs-api/job-application/${jobId}/candidate@example.com`;
    expect((await get(url, token)).status).toBe(404);

    const job = (await get(`/jobs-api/job/${jobId}`)).body.data as {
      companyName: string;
      isExternal: boolean;
    };
    expect(job.isExternal).toBe(false);
    const body = {
      jobId,
      companyName: job.companyName,
      jobPortal: 'referralhub',
      matchingScore: 72.5,
    };
    const first = await post('/jobs-api/job-application/', body, token);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      jobId,
      userEmail: 'candidate@example.com',
      matchingScore: 72.5,
    });

    const again = await post('/jobs-api/job-application/', body, token);
    expect(again.status).toBe(403);
    expect(again.body.errorMsg).toBe('Already submitted');
    expect((await get(url, token)).status).toBe(200);
  });

  it('answers 409 "scores still processing" while a new CV is being parsed (spec §8)', async () => {
    const token = await tokenOf(candidate);
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'candidate@example.com'));
    const body = { jobId, companyName: 'Any', jobPortal: 'referralhub' };
    await database.db
      .update(users)
      .set({ cvObjectKey: 'resumes/parsing.pdf', isCvExtracted: false, cvParseError: null })
      .where(eq(users.id, user!.id));
    try {
      const refused = await post('/jobs-api/job-application/', body, token);
      expect(refused.status).toBe(409);
      expect(refused.body.errorMsg).toBe(
        'Match scores are still processing. Please try again in a few minutes.',
      );
    } finally {
      await database.db
        .update(users)
        .set({
          cvObjectKey: user!.cvObjectKey,
          isCvExtracted: user!.isCvExtracted,
          cvParseError: user!.cvParseError,
        })
        .where(eq(users.id, user!.id));
    }
    // Parsed again: applying is judged on its merits (this job was applied to above).
    expect((await post('/jobs-api/job-application/', body, token)).status).toBe(403);
  });

  it('lists the caller’s own applications, internal and external, newest first', async () => {
    const token = await tokenOf(candidate);
    const before = await get('/jobs-api/applications/mine', token);
    expect(before.status).toBe(200);
    const list = before.body.data as { jobId: string; kind: string; jobTitle: string }[];
    // The internal application made above is there, with its job's title.
    const ours = list.filter((a) => a.jobId === jobId);
    expect(ours.map((a) => a.kind)).toEqual(['internal']);
    expect(ours[0]?.jobTitle.length).toBeGreaterThan(0);
    // Someone else's list does not include it; anonymous callers get none.
    const other = await get('/jobs-api/applications/mine', await tokenOf(newcandidate));
    expect((other.body.data as { jobId: string }[]).some((a) => a.jobId === jobId)).toBe(false);
    expect((await get('/jobs-api/applications/mine')).status).toBe(401);
  });

  it('replays the first response for a retry with the same Idempotency-Key', async () => {
    const token = await tokenOf(newcandidate);
    const job = (await get('/jobs-api/job/job-000002')).body.data as {
      companyName: string;
      isExternal: boolean;
      id: string;
    };
    const body = {
      jobId: job.id,
      companyName: job.companyName,
      jobPortal: 'referralhub',
      matchingScore: null,
    };
    const path = job.isExternal
      ? '/jobs-api/external-job-application/'
      : '/jobs-api/job-application/';
    const payload = job.isExternal
      ? { jobId: job.id, jobPortal: 'naukri', jobUrl: 'https://example.com/x', matchingScore: null }
      : body;
    const first = await post(path, payload, token, 'outbox-apply-0001');
    const retry = await post(path, payload, token, 'outbox-apply-0001');
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.raw.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
  });

  it('records an external application only for an external job', async () => {
    const token = await tokenOf(candidate);
    const external = externalJob;
    const res = await post(
      '/jobs-api/external-job-application/',
      { jobId: external.id, jobPortal: 'naukri', jobUrl: external.jobUrl, matchingScore: 40 },
      token,
    );
    expect(res.status).toBe(201);
    expect(
      (await get(`/jobs-api/external-job-application/${external.id}/candidate@example.com`, token))
        .status,
    ).toBe(200);
    const wrongKind = await post(
      '/jobs-api/external-job-application/',
      { jobId, jobPortal: 'naukri', jobUrl: 'https://example.com', matchingScore: 40 },
      token,
    );
    expect(wrongKind.status).toBe(400);
  });

  it('refuses roles without apply_jobs (spec §6), anonymous callers and bad bodies', async () => {
    const body = { jobId, companyName: 'X', jobPortal: 'referralhub', matchingScore: 10 };
    expect((await post('/jobs-api/job-application/', body, await tokenOf(recruiter))).status).toBe(
      403,
    );
    expect((await post('/jobs-api/job-application/', body)).status).toBe(401);
    const bad = await post(
      '/jobs-api/job-application/',
      { jobId, matchingScore: 'high' },
      await tokenOf(candidate),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errorMsg).toMatch(/companyName|matchingScore/);
    const missing = await post(
      '/jobs-api/job-application/',
      { ...body, jobId: 'job-999999' },
      await tokenOf(candidate),
    );
    expect(missing.status).toBe(404);
  });

  it('lets a user check only their own applications', async () => {
    const res = await get(
      `/jobs-api/job-application/${jobId}/candidate@example.com`,
      await tokenOf(newcandidate),
    );
    expect(res.status).toBe(403);
  });
});

describe('rate limits on writes', () => {
  it('answers 429 with errorMsg after 30 applications a minute from one client', async () => {
    const token = await tokenOf(newcandidate);
    let last = 0;
    let lastBody: { errorMsg?: string } = {};
    for (let i = 0; i < 32; i++) {
      const res = await post(
        '/jobs-api/job-application/',
        { jobId: 'job-999999', companyName: 'X', jobPortal: 'p' },
        token,
      );
      last = res.status;
      lastBody = res.body;
    }
    expect(last).toBe(429);
    expect(lastBody.errorMsg).toMatch(/Too many requests/);
  });
});

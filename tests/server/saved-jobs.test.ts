import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { jobs, savedJobs } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { makeServer } from './helpers';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let candidateToken: string;
let otherToken: string;
let jobIds: string[];

const candidate = demoAccount('candidate@example.com');
const other = demoAccount('newcandidate@example.com');

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await makeServer('/nonexistent', database.db, auth.verifier);
  candidateToken = await auth.accessToken({ sub: candidate.sub, groups: [candidate.group] });
  otherToken = await auth.accessToken({ sub: other.sub, groups: [other.group] });
  const rows = await database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'PUBLISHED'), eq(jobs.badJob, false)))
    .limit(3);
  jobIds = rows.map((row) => row.id);
  expect(jobIds).toHaveLength(3);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

interface Reply {
  status: number;
  body: { data?: unknown; errorMsg?: string } | undefined;
}

async function call(
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  options: { token?: string; payload?: unknown; key?: string; contentType?: string } = {},
): Promise<Reply> {
  const res = await app.inject({
    method,
    url,
    payload: options.payload as string | object | undefined,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
    },
  });
  return {
    status: res.statusCode,
    body: res.body ? res.json<{ data?: unknown; errorMsg?: string }>() : undefined,
  };
}

type SavedList = { jobId: string; note: string; savedAt: string; job: { id: string } | null }[];

describe('saved jobs API', () => {
  it('refuses callers without a valid token', async () => {
    expect((await call('GET', '/api/saved-jobs')).status).toBe(401);
    expect((await call('PUT', `/api/saved-jobs/${jobIds[0]}`, { payload: {} })).status).toBe(401);
    expect((await call('DELETE', `/api/saved-jobs/${jobIds[0]}`)).status).toBe(401);
    const stranger = await (await createTestAuth()).accessToken({ sub: candidate.sub });
    expect((await call('GET', '/api/saved-jobs', { token: stranger })).status).toBe(401);
  });

  it('saves idempotently, keeps the first savedAt, and lists the jobs with their rows', async () => {
    const [first, second] = jobIds as [string, string];
    const created = await call('PUT', `/api/saved-jobs/${first}`, {
      token: candidateToken,
      payload: { note: 'ask for a referral' },
    });
    expect(created.status).toBe(201);
    const savedAt = (created.body?.data as { savedAt: string }).savedAt;

    const again = await call('PUT', `/api/saved-jobs/${first}`, {
      token: candidateToken,
      payload: {},
    });
    expect(again.status).toBe(200);
    expect(again.body?.data).toEqual({ jobId: first, note: 'ask for a referral', savedAt });

    const renoted = await call('PUT', `/api/saved-jobs/${first}`, {
      token: candidateToken,
      payload: { note: 'applied on Monday' },
      key: 'save-note-0001',
    });
    expect(renoted.body?.data).toEqual({ jobId: first, note: 'applied on Monday', savedAt });

    // No body at all is a plain save.
    expect((await call('PUT', `/api/saved-jobs/${second}`, { token: candidateToken })).status).toBe(
      201,
    );

    const list = await call('GET', '/api/saved-jobs', { token: candidateToken });
    expect(list.status).toBe(200);
    const data = list.body?.data as SavedList;
    expect(data.map((row) => row.jobId)).toEqual([second, first]);
    expect(data[1]).toMatchObject({ note: 'applied on Monday', job: { id: first } });
    const rows = await database.db
      .select()
      .from(savedJobs)
      .where(eq(savedJobs.userId, candidate.sub));
    expect(rows).toHaveLength(2);
  });

  it("keeps each user's saved jobs apart", async () => {
    const list = await call('GET', '/api/saved-jobs', { token: otherToken });
    expect(list.body?.data).toEqual([]);
    expect(
      (await call('DELETE', `/api/saved-jobs/${jobIds[0]}`, { token: otherToken })).status,
    ).toBe(204);
    const mine = await call('GET', '/api/saved-jobs', { token: candidateToken });
    expect((mine.body?.data as SavedList).map((row) => row.jobId)).toContain(jobIds[0]);
  });

  it('unsaves idempotently', async () => {
    const url = `/api/saved-jobs/${jobIds[1]}`;
    expect((await call('DELETE', url, { token: candidateToken })).status).toBe(204);
    expect((await call('DELETE', url, { token: candidateToken, key: 'unsave-0001' })).status).toBe(
      204,
    );
    const list = await call('GET', '/api/saved-jobs', { token: candidateToken });
    expect((list.body?.data as SavedList).map((row) => row.jobId)).not.toContain(jobIds[1]);
  });

  it("takes the outbox's requests: JSON content type on a bodiless DELETE, a null note", async () => {
    const url = `/api/saved-jobs/${jobIds[2]}`;
    const headers = {
      authorization: `Bearer ${otherToken}`,
      'content-type': 'application/json',
      'idempotency-key': 'outbox-key-0001',
    };
    const saved = await app.inject({ method: 'PUT', url, headers, payload: { note: null } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json<{ data: { note: string } }>().data.note).toBe('');
    const removed = await app.inject({ method: 'DELETE', url, headers });
    expect(removed.statusCode).toBe(204);
    const list = await call('GET', '/api/saved-jobs', { token: otherToken });
    expect((list.body?.data as SavedList).map((row) => row.jobId)).not.toContain(jobIds[2]);
  });

  it('answers bad input with 4xx and errorMsg, never 500', async () => {
    const url = `/api/saved-jobs/${jobIds[2]}`;
    const cases: Reply[] = [
      await call('PUT', '/api/saved-jobs/no-such-job', { token: candidateToken, payload: {} }),
      await call('PUT', url, { token: candidateToken, payload: { note: 42 } }),
      await call('PUT', url, { token: candidateToken, payload: { note: 'x'.repeat(2001) } }),
      await call('PUT', url, { token: candidateToken, payload: { other: true } }),
      await call('PUT', url, { token: candidateToken, payload: [1, 2] }),
      await call('PUT', url, {
        token: candidateToken,
        payload: '{not json',
        contentType: 'application/json',
      }),
      await call('PUT', `/api/saved-jobs/${'x'.repeat(100)}`, { token: candidateToken }),
      await call('PUT', url, { token: candidateToken, payload: {}, key: 'bad key!' }),
      await call('DELETE', url, { token: candidateToken, key: 'short' }),
    ];
    for (const reply of cases) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(reply.body?.errorMsg, JSON.stringify(reply)).toEqual(expect.any(String));
    }
    expect(cases[0]?.status).toBe(404);
    const list = await call('GET', '/api/saved-jobs', { token: candidateToken });
    expect((list.body?.data as SavedList).map((row) => row.jobId)).not.toContain(jobIds[2]);
  });

  it('hides unpublished jobs: a draft cannot be saved, and a saved job turned draft lists as null', async () => {
    const [draft] = await database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(ne(jobs.id, jobIds[0] ?? ''))
      .limit(1);
    const id = draft?.id ?? '';
    await call('PUT', `/api/saved-jobs/${id}`, { token: otherToken, payload: {} });
    await database.db.update(jobs).set({ status: 'DRAFT' }).where(eq(jobs.id, id));
    expect(
      (await call('PUT', `/api/saved-jobs/${id}`, { token: candidateToken, payload: {} })).status,
    ).toBe(404);
    const list = await call('GET', '/api/saved-jobs', { token: otherToken });
    expect(list.body?.data).toEqual([expect.objectContaining({ jobId: id, job: null })]);
  });
});

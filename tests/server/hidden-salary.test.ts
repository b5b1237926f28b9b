/**
 * Issue 23 item 8: a job whose employer hides its salary (`displaySalaryRange: false`, spec §3)
 * must not give the numbers away, neither in its JSON nor through the salary filters. Only the
 * job's own company and platform admins read them (docs/decisions.md).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import { companies, corporateUsers, jobs, savedJobs } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

interface JobDto {
  id: string;
  salaryRange: { min: number | null; max: number | null };
  displaySalaryRange: boolean;
}

const TITLE = 'Hidden Salary Probe Engineer';
const OTHER_ADMIN_SUB = '00000000-0000-4000-8000-0000000000aa';
const candidate = demoAccount('candidate@example.com');
const corpAdmin = demoAccount('corp-admin@example.com');
const admin = demoAccount('admin@example.com');

let database: DatabaseHandle;
let app: FastifyInstance;
let hiddenId: string;
let shownId: string;
const tokens: Record<'candidate' | 'corpAdmin' | 'admin' | 'other', string> = {
  candidate: '',
  corpAdmin: '',
  admin: '',
  other: '',
};

beforeAll(async () => {
  database = await openTestDatabase();
  const auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    db: database.db,
    verifier: auth.verifier,
  });
  const { db } = database;
  const [member] = await db
    .select()
    .from(corporateUsers)
    .where(eq(corporateUsers.cognitoUserId, corpAdmin.sub));
  const companyId = member?.companyId;
  if (!companyId) throw new Error('the demo corporate admin has no company');
  // Two of the company's published jobs, made twins but for whether the salary shows.
  const twins = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.companyId, companyId), eq(jobs.status, 'PUBLISHED')))
    .orderBy(asc(jobs.id))
    .limit(2);
  if (twins.length < 2) throw new Error('not enough seeded jobs');
  [hiddenId, shownId] = twins.map((row) => row.id) as [string, string];
  for (const [id, displaySalaryRange] of [
    [hiddenId, false],
    [shownId, true],
  ] as const) {
    await db
      .update(jobs)
      .set({ jobTitle: TITLE, salaryMin: 31, salaryMax: 37, displaySalaryRange, badJob: false })
      .where(eq(jobs.id, id));
  }
  const [other] = await db
    .select()
    .from(companies)
    .where(sql`${companies.id} <> ${companyId}`)
    .limit(1);
  await db.insert(corporateUsers).values({
    id: 'corp-hidden-salary-other',
    cognitoUserId: OTHER_ADMIN_SUB,
    email: 'other-company-admin@example.com',
    corporateUserType: 'corporate-admin',
    companyId: other!.id,
  });
  tokens.candidate = await auth.accessToken({ sub: candidate.sub, groups: [candidate.group] });
  tokens.corpAdmin = await auth.accessToken({ sub: corpAdmin.sub, groups: [corpAdmin.group] });
  tokens.admin = await auth.accessToken({ sub: admin.sub, groups: [admin.group] });
  tokens.other = await auth.accessToken({ sub: OTHER_ADMIN_SUB, groups: ['corporate-admin'] });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function getJob(id: string, token?: string): Promise<JobDto> {
  const res = await app.inject({
    url: `/jobs-api/job/${id}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: JobDto }>().data;
}

async function searchIds(query: Record<string, string>): Promise<string[]> {
  const params = new URLSearchParams({ jobTitle: TITLE, pageSize: '50', ...query });
  const res = await app.inject({ url: `/jobs-api/job/?${params.toString()}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: JobDto[] }>().data.map((job) => job.id);
}

describe('a hidden salary', () => {
  it('is withheld from anonymous callers, candidates and other companies', async () => {
    for (const token of [undefined, tokens.candidate, tokens.other]) {
      const job = await getJob(hiddenId, token);
      expect(job.displaySalaryRange).toBe(false);
      expect(job.salaryRange).toEqual({ min: null, max: null });
    }
    // The twin that shows its salary still does.
    expect((await getJob(shownId)).salaryRange).toEqual({ min: 31, max: 37 });
  });

  it('is withheld in search results and saved jobs', async () => {
    const res = await app.inject({ url: `/jobs-api/job/?jobTitle=${encodeURIComponent(TITLE)}` });
    const listed = res.json<{ data: JobDto[] }>().data.find((job) => job.id === hiddenId);
    expect(listed?.salaryRange).toEqual({ min: null, max: null });

    await database.db
      .insert(savedJobs)
      .values({ userId: candidate.sub, jobId: hiddenId })
      .onConflictDoNothing();
    const saved = await app.inject({
      url: '/api/saved-jobs',
      headers: { authorization: `Bearer ${tokens.candidate}` },
    });
    expect(saved.statusCode).toBe(200);
    const entry = saved
      .json<{ data: { jobId: string; job: JobDto | null }[] }>()
      .data.find((row) => row.jobId === hiddenId);
    expect(entry?.job?.salaryRange).toEqual({ min: null, max: null });
  });

  it('is shown to its own company and to platform admins', async () => {
    expect((await getJob(hiddenId, tokens.corpAdmin)).salaryRange).toEqual({ min: 31, max: 37 });
    expect((await getJob(hiddenId, tokens.admin)).salaryRange).toEqual({ min: 31, max: 37 });
    // The company's own edit answers with what it set.
    const patched = await app.inject({
      method: 'PATCH',
      url: `/jobs-api/job/${hiddenId}`,
      headers: { authorization: `Bearer ${tokens.corpAdmin}` },
      payload: { department: 'Engineering' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json<{ data: JobDto }>().data.salaryRange).toEqual({ min: 31, max: 37 });
  });

  it('matches no salary filter, so narrowing the bands cannot find it out', async () => {
    // Unfiltered, the job is listed (as LinkedIn and Naukri do).
    expect(await searchIds({})).toEqual(expect.arrayContaining([hiddenId, shownId]));
    const bands: Record<string, string>[] = [
      { minSalary: '30', maxSalary: '40' },
      { minSalary: '31' },
      { maxSalary: '37' },
      { minSalary: '0', maxSalary: '9999' },
    ];
    for (const band of bands) {
      const ids = await searchIds(band);
      expect(ids, JSON.stringify(band)).toContain(shownId);
      expect(ids, JSON.stringify(band)).not.toContain(hiddenId);
    }
  });
});

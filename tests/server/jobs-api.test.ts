import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { makeServer } from './helpers';
import { openTestDatabase } from './support/test-database';

interface JobDto {
  id: string;
  jobTitle: string;
  status: string;
  badJob: boolean;
  coreSkills: string[];
  technicalSkills: string[];
  companyName: string;
  location: { city: string };
  salaryRange: { min: number | null; max: number | null };
  experienceRange: { min: number | null; max: number | null };
  workMode: string;
  isExternal: boolean;
  externalJobId: string | null;
  companyDetails?: { name: string; logoUrl: string | null };
  createdAt: string;
  applyStatus: string;
}
interface Page {
  data: JobDto[];
  pagination: { lastKey: string | null; s3VectorLastKey: null };
}

let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await makeServer('/nonexistent', database.db);
});
afterAll(async () => {
  await app.close();
  await database.close();
});

async function search(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await app.inject({ url: `/jobs-api/job/?${params.toString()}` });
  return { status: res.statusCode, body: res.json<Page & { errorMsg?: string }>() };
}

describe('GET /jobs-api/job/ (spec §7 job search)', () => {
  it('lists published, not-bad jobs newest first, 10 by default', async () => {
    const { status, body } = await search({});
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    for (const job of body.data) {
      expect(job.status).toBe('PUBLISHED');
      expect(job.badJob).toBe(false);
      expect(job.applyStatus).toBe('NOT_APPLIED');
    }
    const times = body.data.map((job) => Date.parse(job.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.pagination.lastKey).toEqual(expect.any(String));
    expect(body.pagination.s3VectorLastKey).toBeNull();
  });

  it('pages through every published job exactly once with lastKey', async () => {
    const seen = new Set<string>();
    let lastKey: string | null = null;
    let pages = 0;
    do {
      const { body } = await search({ pageSize: 100, ...(lastKey ? { lastKey } : {}) });
      for (const job of body.data) {
        expect(seen.has(job.id), `repeated ${job.id}`).toBe(false);
        seen.add(job.id);
      }
      lastKey = body.pagination.lastKey;
      pages++;
    } while (lastKey && pages < 100);
    const [row] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(sql`${jobs.status} = 'PUBLISHED' and not ${jobs.badJob}`);
    expect(seen.size).toBe(row?.n);
  });

  it('keeps paging stable when a new job is published between pages', async () => {
    const first = await search({ pageSize: 5 });
    await database.db.insert(jobs).values({
      id: 'job-inserted-mid-paging',
      jobTitle: 'Late Arrival Engineer',
      department: 'Engineering',
      companyName: 'Nobody',
      city: 'Pune',
      typeOfEmployment: 'Full-time',
      workMode: 'Remote',
    });
    const second = await search({ pageSize: 5, lastKey: first.body.pagination.lastKey ?? '' });
    const ids = [...first.body.data, ...second.body.data].map((job) => job.id);
    expect(new Set(ids).size).toBe(10);
    expect(ids).not.toContain('job-inserted-mid-paging');
    const fresh = await search({ pageSize: 1 });
    expect(fresh.body.data[0]?.id).toBe('job-inserted-mid-paging');
  });

  it('finds jobs by words in the title, skills or company, best matches first', async () => {
    const { body } = await search({ searchText: 'kubernetes', pageSize: 30 });
    expect(body.data.length).toBeGreaterThan(0);
    for (const job of body.data) {
      const text = JSON.stringify(job).toLowerCase();
      expect(text).toContain('kubernetes');
    }
    // Ranked on title + skills: jobs asking for the skill come before description-only matches.
    const asksForIt = body.data.map((job) =>
      [...job.coreSkills, ...job.technicalSkills].includes('Kubernetes'),
    );
    expect(asksForIt[0]).toBe(true);
    expect(
      asksForIt.indexOf(false) === -1 || asksForIt.lastIndexOf(true) < asksForIt.indexOf(false),
    ).toBe(true);
  });

  it('pages through ranked search results without repeats', async () => {
    const first = await search({ searchText: 'engineer', pageSize: 20 });
    const second = await search({
      searchText: 'engineer',
      pageSize: 20,
      lastKey: first.body.pagination.lastKey ?? '',
    });
    const ids = [...first.body.data, ...second.body.data].map((job) => job.id);
    expect(second.body.data.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ranks title matches, then skills or company, then description-only, across pages', async () => {
    // Created oldest-first in the opposite order of relevance: only the ranking can reorder them.
    const base = {
      department: 'Engineering',
      companyName: 'Tier Test Co',
      city: 'Pune',
      typeOfEmployment: 'Full-time',
      workMode: 'Remote',
    };
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await database.db.insert(jobs).values([
      { ...base, id: 'tier-title', jobTitle: 'Zephyrix Lead', createdAt: at(30) },
      {
        ...base,
        id: 'tier-skill',
        jobTitle: 'Platform Lead',
        coreSkills: ['Zephyrix'],
        createdAt: at(20),
      },
      {
        ...base,
        id: 'tier-description',
        jobTitle: 'Support Lead',
        jobDescription: 'You will run our zephyrix rollout.',
        createdAt: at(10),
      },
      { ...base, id: 'tier-none', jobTitle: 'Office Lead', createdAt: at(5) },
    ]);
    const all = await search({ searchText: 'zephyrix', pageSize: 10 });
    expect(all.body.data.map((job) => job.id)).toEqual([
      'tier-title',
      'tier-skill',
      'tier-description',
    ]);
    expect(all.body.pagination.lastKey).toBeNull();

    // One per page: every page boundary is a tier boundary. A better match published while
    // paging does not shift the pages already handed out.
    const first = await search({ searchText: 'zephyrix', pageSize: 1 });
    await database.db
      .insert(jobs)
      .values({ ...base, id: 'tier-title-late', jobTitle: 'Zephyrix Architect' });
    const second = await search({
      searchText: 'zephyrix',
      pageSize: 1,
      lastKey: first.body.pagination.lastKey ?? '',
    });
    const third = await search({
      searchText: 'zephyrix',
      pageSize: 1,
      lastKey: second.body.pagination.lastKey ?? '',
    });
    expect([first, second, third].map((page) => page.body.data[0]?.id)).toEqual([
      'tier-title',
      'tier-skill',
      'tier-description',
    ]);
    expect(third.body.pagination.lastKey).toBeNull();
  });

  it('pages through every match of a common word exactly once', async () => {
    const seen = new Set<string>();
    let lastKey: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await search({
        searchText: 'engineer',
        pageSize: 100,
        ...(lastKey ? { lastKey } : {}),
      });
      expect(status).toBe(200);
      for (const job of body.data) {
        expect(seen.has(job.id), `repeated ${job.id}`).toBe(false);
        seen.add(job.id);
      }
      lastKey = body.pagination.lastKey;
      pages++;
    } while (lastKey && pages < 200);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(jobs)
      .where(sql`${jobs.status} = 'PUBLISHED' and not ${jobs.badJob} and ${jobs.search} @@
        (websearch_to_tsquery('simple', 'engineer') || websearch_to_tsquery('english', 'engineer'))`);
    // More than one probe's worth, so the newest-first walk is exercised too.
    expect(row?.n).toBeGreaterThan(400);
    expect(seen.size).toBe(row?.n);
  });

  it('refuses a lastKey of a listing without text for a text search', async () => {
    const plain = await search({ pageSize: 1 });
    const { status, body } = await search({
      searchText: 'engineer',
      lastKey: plain.body.pagination.lastKey ?? '',
    });
    expect(status).toBe(400);
    expect(body.errorMsg).toMatch(/lastKey/);
  });

  it('applies each filter of spec §3', async () => {
    const city = await search({ location: 'bengaluru,Pune', pageSize: 50 });
    expect(city.body.data.length).toBeGreaterThan(0);
    for (const job of city.body.data) expect(['Bengaluru', 'Pune']).toContain(job.location.city);

    const skills = await search({ coreSkills: 'React', pageSize: 50 });
    expect(skills.body.data.length).toBeGreaterThan(0);
    for (const job of skills.body.data) expect(job.coreSkills).toContain('React');

    const salary = await search({ minSalary: 20, maxSalary: 25, pageSize: 50 });
    for (const job of salary.body.data) {
      expect(job.salaryRange.max!).toBeGreaterThanOrEqual(20);
      expect(job.salaryRange.min!).toBeLessThanOrEqual(25);
    }

    const yoe = await search({ YOE: 4, pageSize: 50 });
    for (const job of yoe.body.data) {
      expect(job.experienceRange.min!).toBeLessThanOrEqual(4);
      expect(job.experienceRange.max!).toBeGreaterThanOrEqual(4);
    }

    const remote = await search({ workMode: 'Remote', pageSize: 50 });
    for (const job of remote.body.data) expect(job.workMode).toBe('Remote');

    const external = await search({ dashboard: 'EXTERNAL', pageSize: 50 });
    for (const job of external.body.data) expect(job.externalJobId).toEqual(expect.any(String));
    const posted = await search({ dashboard: 'USER', pageSize: 50 });
    for (const job of posted.body.data) expect(job.isExternal).toBe(false);

    const title = await search({ jobTitle: 'data', pageSize: 50 });
    for (const job of title.body.data) expect(job.jobTitle.toLowerCase()).toContain('data');
  });

  it('includes company details only when asked', async () => {
    const without = await search({ pageSize: 1, location: 'Bengaluru' });
    expect(without.body.data[0]?.companyDetails).toBeUndefined();
    const withDetails = await search({
      pageSize: 1,
      location: 'Bengaluru',
      includeCompanyDetails: 'true',
    });
    expect(withDetails.body.data[0]?.companyDetails).toMatchObject({
      name: withDetails.body.data[0]?.companyName,
      logoUrl: expect.stringContaining('/api/company-logo/') as unknown,
    });
  });

  it.each([
    [{ pageSize: 0 }, 'pageSize'],
    [{ pageSize: 1000 }, 'pageSize'],
    [{ status: 'DRAFT' }, 'status'],
    [{ minSalary: 50, maxSalary: 10 }, 'minSalary'],
    [{ YOE: -1 }, 'YOE'],
    [{ lastKey: 'not-a-key' }, 'lastKey'],
    [
      { lastKey: Buffer.from('{"c":"2026-01-01; drop table jobs","i":"x"}').toString('base64url') },
      'lastKey',
    ],
    [{ sortOrder: 'sideways' }, 'sortOrder'],
  ])('rejects bad input %j with a 400 naming %s', async (query, field) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.errorMsg).toContain(field);
  });
});

describe('GET /jobs-api/job/:id', () => {
  it('returns one job', async () => {
    const res = await app.inject({ url: '/jobs-api/job/job-000001' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: JobDto }>().data).toMatchObject({ id: 'job-000001' });
  });

  it('answers 404 with errorMsg for an unknown or draft job', async () => {
    const unknown = await app.inject({ url: '/jobs-api/job/job-999999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ errorMsg: 'Job not found' });
    const [draft] = await database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.status} = 'DRAFT'`)
      .limit(1);
    expect(draft).toBeDefined();
    expect((await app.inject({ url: `/jobs-api/job/${draft!.id}` })).statusCode).toBe(404);
  });
});

describe('GET /jobs-api/job/:id/s3-vector (match score, spec §9)', () => {
  interface Details {
    finalScore: number;
    coreSkills: number;
    experience: number;
    roleAndResponsibilities: number;
    softSkills: number;
  }
  const match = async (id: string, query: string) => {
    const res = await app.inject({ url: `/jobs-api/job/${id}/s3-vector?${query}` });
    return {
      status: res.statusCode,
      body: res.json<{ initialMatchingScoreDetails: Details; errorMsg?: string }>(),
    };
  };

  it('scores a candidate who has the job’s skills and experience above one who has neither', async () => {
    const job = (await app.inject({ url: '/jobs-api/job/job-000001' })).json<{ data: JobDto }>()
      .data;
    const years = ((job.experienceRange.min ?? 0) + Math.min(job.experienceRange.max ?? 0, 30)) / 2;
    const strong = await match(
      job.id,
      `coreSkills=${encodeURIComponent(job.coreSkills.join(','))}&YOE=${years}`,
    );
    const weak = await match(job.id, 'coreSkills=Knitting&YOE=0');
    expect(strong.status).toBe(200);
    const s = strong.body.initialMatchingScoreDetails;
    expect(s.finalScore).toBeGreaterThan(weak.body.initialMatchingScoreDetails.finalScore);
    expect(s.finalScore).toBeLessThanOrEqual(90);
    expect(s.coreSkills).toBeGreaterThan(0);
    expect(s.experience).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown job and 400 for a bad YOE', async () => {
    expect((await match('job-999999', 'YOE=3')).status).toBe(404);
    const bad = await match('job-000001', 'YOE=lots');
    expect(bad.status).toBe(400);
    expect(bad.body.errorMsg).toContain('YOE');
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { makeServer } from './helpers';
import { openTestDatabase } from './support/test-database';

interface Company {
  SK: string;
  name: string;
  logoUrl: string;
  linkedIn: string;
  industry: string;
  isVerified: boolean;
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

const list = async (query: string) => {
  const res = await app.inject({ url: `/api/company?${query}` });
  return {
    status: res.statusCode,
    body: res.json<{
      data: Company[];
      pagination: { lastKey: string | null };
      errorMsg?: string;
    }>(),
  };
};

describe('GET /api/company (spec §7)', () => {
  it('pages through all seeded companies in name order, each once', async () => {
    const names: string[] = [];
    let lastKey: string | null = null;
    do {
      const { body } = await list(`pageSize=12${lastKey ? `&lastKey=${lastKey}` : ''}`);
      names.push(...body.data.map((c) => c.name));
      lastKey = body.pagination.lastKey;
    } while (lastKey);
    expect(names.length).toBeGreaterThanOrEqual(80);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by name text, industry and verification', async () => {
    const byName = await list('filters=analytics&pageSize=50');
    expect(byName.body.data.length).toBeGreaterThan(0);
    for (const c of byName.body.data) expect(c.name.toLowerCase()).toContain('analytics');
    const byIndustry = await list('industryName=fintech&pageSize=50');
    expect(byIndustry.body.data.length).toBeGreaterThan(0);
    for (const c of byIndustry.body.data) expect(c.industry).toBe('Fintech');
    const unverified = await list('isVerified=false&pageSize=50');
    for (const c of unverified.body.data) expect(c.isVerified).toBe(false);
  });

  it('gives each company a key, logo, and LinkedIn link', async () => {
    const { body } = await list('pageSize=3');
    for (const c of body.data) {
      expect(c.SK).toMatch(/^cmp-/);
      expect(c.linkedIn).toMatch(/^https:\/\/www\.linkedin\.com\/company\//);
      const logo = await app.inject({ url: c.logoUrl });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('serves each company a generated logo mark, not its initials, the same every time (issue 26 item 10)', async () => {
    const { body } = await list('pageSize=40');
    const logos = new Map<string, string>();
    for (const c of body.data) {
      const res = await app.inject({ url: c.logoUrl });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('max-age');
      expect(res.body).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
      expect(res.body).not.toContain('<text'); // a mark, not coloured initials
      expect(res.body).toContain(`aria-label="${c.name}"`);
      logos.set(c.SK, res.body);
    }
    // Companies look different from each other: 40 companies, far more than a handful of logos.
    expect(new Set(logos.values()).size).toBeGreaterThan(25);
    const [first] = body.data;
    expect((await app.inject({ url: first!.logoUrl })).body).toBe(logos.get(first!.SK));
    expect((await app.inject({ url: '/api/company-logo/cmp-nope.svg' })).statusCode).toBe(404);
  });

  it('lists the companies with the most published jobs first, with their logos (issue 26 item 10)', async () => {
    const res = await app.inject({ url: '/api/companies/top?limit=5' });
    expect(res.statusCode).toBe(200);
    const top = res.json<{
      data: { SK: string; name: string; logoUrl: string; openJobs: number }[];
    }>().data;
    expect(top).toHaveLength(5);
    for (let i = 1; i < top.length; i++) {
      expect(top[i - 1]!.openJobs).toBeGreaterThanOrEqual(top[i]!.openJobs);
    }
    // The count is what the job search lists for that company (published jobs only).
    const first = top[0]!;
    const listed = await app.inject({
      url: `/jobs-api/job/count?companyName=${encodeURIComponent(first.name)}`,
    });
    expect(listed.json<{ total: number }>().total).toBe(first.openJobs);
    expect((await app.inject({ url: first.logoUrl })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/companies/top?limit=0' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/companies/top?limit=abc' })).statusCode).toBe(400);
  });

  it('rejects a bad page size or key with 400', async () => {
    expect((await list('pageSize=-3')).status).toBe(400);
    expect((await list('lastKey=%%%')).status).toBe(400);
  });
});

describe('GET /api/company/:companyId', () => {
  it('returns a list whose first item is the company (spec §7)', async () => {
    const { body } = await list('pageSize=1');
    const id = body.data[0]!.SK;
    const res = await app.inject({ url: `/api/company/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json<Company[]>()[0]).toMatchObject({ SK: id });
  });

  it('answers 404 for an unknown company', async () => {
    const res = await app.inject({ url: '/api/company/cmp-nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errorMsg: 'Company not found' });
  });
});

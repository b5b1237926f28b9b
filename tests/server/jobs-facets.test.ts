import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { FACET_NAMES, FACETS_TTL_MS, getJobFacets } from '../../server/jobs/facets';
import { jobsWritten } from '../../server/jobs/kept-job-reads';
import { makeServer } from './helpers';
import { openTestDatabase } from './support/test-database';

interface FacetValue {
  value: string;
  count: number;
}
interface FacetsBody {
  data: Record<(typeof FACET_NAMES)[number], FacetValue[]>;
  total: number;
  generatedAt: string;
  errorMsg?: string;
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

async function facets(query = '') {
  const res = await app.inject({ url: `/jobs-api/job/facets${query}` });
  return { status: res.statusCode, headers: res.headers, body: res.json<FacetsBody>() };
}

/** Counts straight from the table, the slow way, to check the grouped query against. */
async function countWhere(condition: ReturnType<typeof sql>) {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.status, 'PUBLISHED'), eq(jobs.badJob, false), condition));
  return row?.n ?? 0;
}

describe('GET /jobs-api/job/facets', () => {
  it('lists every facet with counts of published jobs, most common first', async () => {
    jobsWritten(database.db);
    const { status, headers, body } = await facets();
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe(`public, max-age=${FACETS_TTL_MS / 1000}`);
    expect(Object.keys(body.data).sort()).toEqual([...FACET_NAMES].sort());
    expect(body.total).toBe(await countWhere(sql`true`));
    expect(Date.parse(body.generatedAt)).not.toBeNaN();
    for (const name of FACET_NAMES) {
      const values = body.data[name];
      expect(values.length, name).toBeGreaterThan(0);
      expect(values.length, name).toBeLessThanOrEqual(100);
      expect(new Set(values.map((v) => v.value)).size).toBe(values.length);
      for (let i = 1; i < values.length; i++) {
        const [a, b] = [values[i - 1]!, values[i]!];
        expect(a.count > b.count || (a.count === b.count && a.value <= b.value), name).toBe(true);
      }
    }
    // Every city of a published job is there; their counts add up to the total.
    const cities = body.data.location;
    expect(cities.reduce((sum, v) => sum + v.count, 0)).toBe(body.total);
  });

  it('counts match the table, skills included, and leave out drafts and bad jobs', async () => {
    jobsWritten(database.db);
    const { body } = await facets();
    const city = body.data.location[0]!;
    expect(city.count).toBe(await countWhere(sql`${jobs.city} = ${city.value}`));
    const company = body.data.companyName.at(-1)!;
    expect(company.count).toBe(await countWhere(sql`${jobs.companyName} = ${company.value}`));
    const skill = body.data.coreSkills[0]!;
    expect(skill.count).toBe(await countWhere(sql`${skill.value} = ANY(${jobs.coreSkills})`));
    const soft = body.data.softSkills.at(-1)!;
    expect(soft.count).toBe(await countWhere(sql`${soft.value} = ANY(${jobs.softSkills})`));
    const department = body.data.department[0]!;
    expect(department.count).toBe(await countWhere(sql`${jobs.department} = ${department.value}`));
  });

  it('honours limit, and rejects a bad one or an unknown parameter with a clear 400', async () => {
    const { body } = await facets('?limit=3');
    for (const name of FACET_NAMES) expect(body.data[name].length).toBeLessThanOrEqual(3);
    expect(body.data.location).toHaveLength(3);
    for (const bad of ['?limit=0', '?limit=501', '?limit=abc', '?colour=red']) {
      const res = await facets(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.errorMsg, bad).toMatch(/^Invalid query: /);
    }
  });

  it('is served from memory within the TTL and recomputed after an invalidation', async () => {
    jobsWritten(database.db);
    const first = await getJobFacets(database.db);
    // A new published job in a new city: not seen while cached, seen once invalidated.
    const [template] = await database.db.select().from(jobs).limit(1);
    if (!template) throw new Error('the seeded database has no jobs');
    const { search: _s, searchHead: _h, ...columns } = template;
    await database.db.insert(jobs).values({
      ...columns,
      id: 'facets-test-job',
      externalJobId: null,
      status: 'PUBLISHED',
      badJob: false,
      city: 'Facetville',
      coreSkills: ['Facet Skill'],
    });
    const cached = await getJobFacets(database.db, first.at + FACETS_TTL_MS - 1);
    expect(cached).toBe(first);
    expect(cached.value.facets.location.some((v) => v.value === 'Facetville')).toBe(false);

    // After the TTL the next read computes again.
    const expired = await getJobFacets(database.db, first.at + FACETS_TTL_MS + 1);
    expect(expired).not.toBe(first);
    expect(expired.value.facets.location).toContainEqual({ value: 'Facetville', count: 1 });
    expect(expired.value.total).toBe(first.value.total + 1);

    // A draft changes nothing; invalidating makes the change show at once.
    await database.db.update(jobs).set({ status: 'DRAFT' }).where(eq(jobs.id, 'facets-test-job'));
    jobsWritten(database.db);
    const { body } = await facets('?limit=500');
    expect(body.data.location.some((v) => v.value === 'Facetville')).toBe(false);
    expect(body.data.coreSkills.some((v) => v.value === 'Facet Skill')).toBe(false);
    expect(body.total).toBe(first.value.total);
  });

  it('computes once for concurrent first requests', async () => {
    jobsWritten(database.db);
    const [a, b, c] = await Promise.all([
      getJobFacets(database.db),
      getJobFacets(database.db),
      getJobFacets(database.db),
    ]);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await app.inject({ url: '/api/docs' });
    const doc = res.json<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>();
    const facetsPath = doc.paths['/jobs-api/job/facets'];
    expect(facetsPath?.get?.parameters?.map((p) => p.name)).toEqual(['limit']);
  });
});

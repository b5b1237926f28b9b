/**
 * GET /jobs-api/job/count (issue 26 item 5: the phone's filter sheet says "Show N jobs"): the
 * count is exactly what paging through the same search lists, for filters and for search text;
 * broad searches stop at the cap and say so; bad input is a 400, never a 500.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobLimits } from '../../src/domain/contract/jobs';
import type { DatabaseHandle } from '../../server/db/client';
import { makeServer } from './helpers';
import { openTestDatabase } from './support/test-database';

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

async function count(query: string) {
  const res = await app.inject({ url: `/jobs-api/job/count?${query}` });
  return { status: res.statusCode, body: res.json<{ total: number; capped: boolean }>() };
}

/** Every job the search lists, page by page. */
async function listAll(query: string): Promise<string[]> {
  const ids: string[] = [];
  let lastKey: string | null = null;
  do {
    const res: { json: <T>() => T } = await app.inject({
      url: `/jobs-api/job/?pageSize=100&${query}${lastKey ? `&lastKey=${encodeURIComponent(lastKey)}` : ''}`,
    });
    const page = res.json<{ data: { id: string }[]; pagination: { lastKey: string | null } }>();
    ids.push(...page.data.map((job) => job.id));
    lastKey = page.pagination.lastKey;
  } while (lastKey && ids.length <= JobLimits.countCap);
  return ids;
}

describe('GET /jobs-api/job/count', () => {
  it.each([
    'location=Jaipur',
    'location=Jaipur,Mumbai&workMode=Onsite',
    'minSalary=20&maxSalary=25&dashboard=EXTERNAL',
    'searchText=engineer&location=Bengaluru',
    'searchText=product manager',
  ])('%s: the number of jobs the search lists', async (query) => {
    const listed = await listAll(query);
    expect(listed.length).toBeLessThanOrEqual(JobLimits.countCap);
    const { status, body } = await count(query);
    expect(status).toBe(200);
    expect(body).toEqual({ total: listed.length, capped: false });
  });

  it('finds nothing for a city with no jobs', async () => {
    expect((await count('location=Atlantis')).body).toEqual({ total: 0, capped: false });
  });

  it('stops at the cap for a search that finds more', async () => {
    const all = await count('');
    const listed = await listAll('');
    if (listed.length > JobLimits.countCap) {
      expect(all.body).toEqual({ total: JobLimits.countCap, capped: true });
    } else {
      expect(all.body).toEqual({ total: listed.length, capped: false });
    }
  });

  it('refuses bad input with a 400', async () => {
    expect((await count('minSalary=30&maxSalary=10')).status).toBe(400);
    expect((await count('dashboard=NOPE')).status).toBe(400);
  });
});

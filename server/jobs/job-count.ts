/**
 * GET {jobs host}/job/count (issue 26 item 5): how many published jobs a search finds, so the
 * filter sheet on a phone can say "Show N jobs" before the user leaves it. Same filters as the
 * search (jobConditions); with search text, the whole-document match, which is the union of the
 * search's three relevance tiers (search-jobs.ts). Counting stops at JobLimits.countCap: a
 * broad search reads a bounded number of index entries and answers `capped`.
 */
import { and, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import { JobCountSchema, JobLimits, JobSearchQuerySchema } from '../../src/domain/contract/jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { parseOrThrow } from '../http/validation';
import { jobConditions } from './search-jobs';

export const jobCountRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/job/count`,
  summary: 'How many published jobs a search finds (up to 1000, then capped)',
  query: JobSearchQuerySchema,
  responses: {
    200: { description: '`{ total, capped }`', schema: JobCountSchema },
  },
});

export async function countJobs(
  db: Database,
  query: Parameters<typeof jobConditions>[0],
): Promise<{ total: number; capped: boolean }> {
  const where = jobConditions(query);
  const text = query.searchText || undefined;
  if (text) {
    where.push(
      sql`${jobs.search} @@ (websearch_to_tsquery('simple', ${text}) || websearch_to_tsquery('english', ${text}))`,
    );
  }
  const cap = JobLimits.countCap;
  const matches = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(...where))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, cap), capped: n > cap };
}

export function registerJobCountRoute(app: FastifyInstance, { db }: { db: Database }) {
  registerRoute(app, jobCountRoute, async (request) => {
    const query = parseOrThrow(jobCountRoute.query, request.query, 'query');
    return countJobs(db, query);
  });
}

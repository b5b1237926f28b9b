/**
 * GET {jobs host}/job/facets: the values the listing's filters can take, with how many PUBLISHED
 * jobs carry each (spec §3 Filters; spec §7 does not show the call, so its shape is ours):
 *
 *   { data: { location, department, companyName, industry, coreSkills, technicalSkills,
 *             softSkills: { value, count }[] }, total, generatedAt }
 *
 * Each list is ordered by count, then value, and cut at `limit` (default 100, at most 500).
 * Jobs counted are the ones the search lists (server/jobs/search-jobs.ts jobConditions with no
 * filter: PUBLISHED and not marked bad).
 *
 * Cost: one statement (the published rows once, then one GROUP BY per facet, skills through
 * unnest), kept in memory per database as ./kept-job-reads.ts describes (a job write shows at
 * once; a write by another process within FACETS_TTL_MS).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import {
  FACET_NAMES,
  FacetsQuerySchema,
  JobFacetsSchema,
  JobLimits,
  type FacetName,
  type JobFacets,
} from '../../src/domain/contract/jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { parseOrThrow } from '../http/validation';
import { JOB_READS_KEPT_MS, keptJobRead } from './kept-job-reads';
import { jobConditions } from './search-jobs';

export { FACET_NAMES };

/** How long computed facets are served before they are computed again. */
export const FACETS_TTL_MS = JOB_READS_KEPT_MS;
const MAX_LIMIT = JobLimits.facetLimitMax;

export const jobFacetsRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/job/facets`,
  summary: 'Filter values of published jobs with their counts (the filter panel)',
  query: FacetsQuerySchema,
  responses: {
    200: {
      description: '`{ data: { <facet>: { value, count }[] }, total, generatedAt }`',
      schema: JobFacetsSchema,
    },
  },
});

const RowSchema = z.object({
  facet: z.enum(FACET_NAMES),
  value: z.string(),
  n: z.coerce.number().int(),
});
const TotalSchema = z.object({ total: z.coerce.number().int() });

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

async function computeFacets(db: Database): Promise<{ facets: JobFacets; total: number }> {
  const published = sql.join(jobConditions({}), sql` and `);
  const grouped = (facet: FacetName, value: string) =>
    sql.raw(
      `select '${facet}' as facet, ${value} as value, count(*) as n from p group by 2 having ${value} is not null and ${value} <> ''`,
    );
  const skills = (facet: FacetName, column: string) =>
    sql.raw(
      `select '${facet}' as facet, s as value, count(*) as n from p cross join lateral unnest(p.${column}) as s group by 2 having s <> ''`,
    );
  const statement = sql`
    with p as materialized (
      select ${jobs.city} as city, ${jobs.department} as department,
        ${jobs.companyName} as company_name, ${jobs.industry} as industry,
        ${jobs.coreSkills} as core_skills, ${jobs.technicalSkills} as technical_skills,
        ${jobs.softSkills} as soft_skills
      from ${jobs} where ${published}
    ),
    f as (
      ${grouped('location', 'city')}
      union all ${grouped('department', 'department')}
      union all ${grouped('companyName', 'company_name')}
      union all ${grouped('industry', 'industry')}
      union all ${skills('coreSkills', 'core_skills')}
      union all ${skills('technicalSkills', 'technical_skills')}
      union all ${skills('softSkills', 'soft_skills')}
      union all select '#total' as facet, '' as value, count(*) as n from p
    )
    select facet, value, n from (
      select f.*, row_number() over (partition by facet order by n desc, value) as rank from f
    ) ranked
    where rank <= ${MAX_LIMIT}
    order by facet, n desc, value`;
  const facets = Object.fromEntries(FACET_NAMES.map((name) => [name, []])) as unknown as JobFacets;
  let total = 0;
  for (const raw of rowsOf(await db.execute(statement))) {
    const facet = (raw as { facet?: unknown }).facet;
    if (facet === '#total') {
      total = TotalSchema.parse({ total: (raw as { n: unknown }).n }).total;
      continue;
    }
    const row = RowSchema.parse(raw);
    facets[row.facet].push({ value: row.value, count: row.n });
  }
  return { facets, total };
}

/** The facets of `db` and when they were computed, from memory while kept. */
export const getJobFacets = keptJobRead(computeFacets);

export function registerJobFacetRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerRoute(app, jobFacetsRoute, async (request, reply) => {
    const { limit } = parseOrThrow(jobFacetsRoute.query, request.query, 'query');
    const {
      value: { facets, total },
      at,
    } = await getJobFacets(db);
    const data = Object.fromEntries(
      FACET_NAMES.map((name) => [name, facets[name].slice(0, limit)]),
    ) as JobFacets;
    // Browsers and the service worker may reuse it as long as the server does.
    void reply.header('cache-control', `public, max-age=${FACETS_TTL_MS / 1000}`);
    return { data, total, generatedAt: new Date(at).toISOString() };
  });
}

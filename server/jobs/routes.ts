/**
 * Jobs API (spec §7, the "jobs host", served under /jobs-api): search and detail. Browsing needs
 * no login (spec §6: logged-out visitors can browse).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { createScorer } from '../../src/domain/score';
import { companies, jobs } from '../db/schema';
import { parseOrThrow, sendError, splitList } from '../http/validation';
import { registerJobFacetRoutes } from './facets';
import { JobSearchQuerySchema, toJobFilters } from './job-query';
import { scorableJob } from './match-score';
import { seesSalary } from './salary-visibility';
import { searchJobs } from './search-jobs';
import { serializeJob } from './serialize-job';

const JobIdParams = z.object({ id: z.string().min(1).max(100) });
export const MatchQuery = z.object({
  coreSkills: z.string().max(2000).optional(),
  softSkills: z.string().max(2000).optional(),
  technicalSkills: z.string().max(2000).optional(),
  YOE: z.coerce.number().finite().min(0).max(100).optional(),
});

export function registerJobRoutes(
  app: FastifyInstance,
  { db, prefix }: { db: Database; prefix: string },
) {
  // Before /job/:id in reading order; Fastify matches the static path first anyway.
  registerJobFacetRoutes(app, { db, prefix });

  app.get(`${prefix}/job/`, async (request) => {
    const query = parseOrThrow(JobSearchQuerySchema, request.query, 'query');
    const { rows, lastKey } = await searchJobs(db, toJobFilters(query), {
      pageSize: query.pageSize,
      lastKey: query.lastKey,
    });
    return {
      data: rows.map((row) =>
        serializeJob(
          row.job,
          query.includeCompanyDetails
            ? { logo: row.companyLogo, logoUrl: row.companyLogoUrl }
            : undefined,
        ),
      ),
      // s3VectorLastKey: the vector-ranked stream of the legacy API; this server ranks
      // candidate matches on the client (scoring worker), so it is always null here.
      pagination: { lastKey, s3VectorLastKey: null },
    };
  });

  app.get(`${prefix}/job/:id`, async (request, reply) => {
    const { id } = parseOrThrow(JobIdParams, request.params, 'job id');
    const [row] = await db
      .select({ job: jobs, logo: companies.logo, logoUrl: companies.logoUrl })
      .from(jobs)
      .leftJoin(companies, eq(companies.id, jobs.companyId))
      // Drafts are never public; closed jobs still open (a saved job says it has closed).
      .where(and(eq(jobs.id, id), ne(jobs.status, 'DRAFT')))
      .limit(1);
    if (!row) return sendError(reply, 404, 'Job not found');
    const showHiddenSalary = await seesSalary(db, request.principal, row.job);
    return {
      data: serializeJob(row.job, { logo: row.logo, logoUrl: row.logoUrl }, { showHiddenSalary }),
    };
  });

  // spec §7: GET /job/{id}/s3-vector?coreSkills&YOE → initialMatchingScoreDetails, computed with
  // the same scoring function the app's Web Worker uses (src/domain/score, spec §9).
  app.get(`${prefix}/job/:id/s3-vector`, async (request, reply) => {
    const { id } = parseOrThrow(JobIdParams, request.params, 'job id');
    const query = parseOrThrow(MatchQuery, request.query, 'query');
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), ne(jobs.status, 'DRAFT')))
      .limit(1);
    if (!job) return sendError(reply, 404, 'Job not found');
    const score = createScorer({
      coreSkills: splitList(query.coreSkills),
      softSkills: splitList(query.softSkills),
      technicalSkills: splitList(query.technicalSkills),
      yearsOfExperience: query.YOE,
    });
    return { initialMatchingScoreDetails: score(scorableJob(job)) };
  });
}

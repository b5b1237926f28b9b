/**
 * Jobs API (spec §7, the "jobs host", served under /jobs-api): search and detail. Browsing needs
 * no login (spec §6: logged-out visitors can browse).
 */
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import { DELETED, PENDING_REVIEW, REJECTED } from '../../src/domain/contract/corporate-jobs';
import {
  JobDetailSchema,
  JobErrors,
  JobIdParams,
  JobPageSchema,
  JobSearchQuerySchema,
  type JobSearchQuery,
  MatchQuerySchema,
  MatchScoreAnswerSchema,
} from '../../src/domain/contract/jobs';
import { createScorer } from '../../src/domain/score';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { parseOrThrow, sendError, splitList } from '../http/validation';
import { registerJobFacetRoutes } from './facets';
import { jobCountRoute, registerJobCountRoute } from './job-count';
import { scorableJob } from './match-score';
import { seesSalary } from './salary-visibility';
import { searchJobs } from './search-jobs';
import { serializeJob } from './serialize-job';

/**
 * Never public: a draft, a job waiting for review (issue 20 item 4), a deleted job, and what a
 * moderator turned down or marked bad (issue 21 item 1: taken down, not just unlisted).
 */
const notPublic = () =>
  and(
    notInArray(jobs.status, ['DRAFT', PENDING_REVIEW, REJECTED, DELETED]),
    eq(jobs.badJob, false),
  );

export const searchJobsRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/job/`,
  summary: 'Search published jobs (newest first, or ranked by searchText)',
  query: JobSearchQuerySchema,
  responses: {
    200: {
      description: '`{ data: Job[], pagination: { lastKey, s3VectorLastKey } }`',
      schema: JobPageSchema,
    },
  },
});

export const jobDetailRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/job/:id`,
  summary: 'One job (published or closed; drafts, jobs in review and deleted ones are not public)',
  params: JobIdParams,
  responses: {
    200: { description: '`{ data: Job }`', schema: JobDetailSchema },
    404: { description: JobErrors.notFound },
  },
});

export const matchScoreRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/job/:id/s3-vector`,
  summary: 'Match score of a profile against the job (spec §9)',
  params: JobIdParams,
  query: MatchQuerySchema,
  responses: {
    200: { description: '`{ initialMatchingScoreDetails }`', schema: MatchScoreAnswerSchema },
    404: { description: JobErrors.notFound },
  },
});

/**
 * A page of public jobs as GET /job/ answers it; also the server's first screen of `/jobs`
 * (first-screen-source.ts).
 */
export async function searchPublicJobs(db: Database, query: JobSearchQuery) {
  const { rows, lastKey } = await searchJobs(db, query, {
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
}

/** One public job as GET /job/:id answers it to `principal`, or null (see notPublic). */
export async function findPublicJob(db: Database, id: string, principal: Principal | undefined) {
  const [row] = await db
    .select({ job: jobs, logo: companies.logo, logoUrl: companies.logoUrl })
    .from(jobs)
    .leftJoin(companies, eq(companies.id, jobs.companyId))
    // Closed jobs still open (a saved job says it has closed); see notPublic.
    .where(and(eq(jobs.id, id), notPublic()))
    .limit(1);
  if (!row) return null;
  const showHiddenSalary = await seesSalary(db, principal, row.job);
  return serializeJob(row.job, { logo: row.logo, logoUrl: row.logoUrl }, { showHiddenSalary });
}

export function registerJobRoutes(app: FastifyInstance, { db }: { db: Database }) {
  // Before /job/:id in reading order; Fastify matches the static path first anyway.
  registerJobFacetRoutes(app, { db });
  registerJobCountRoute(app, { db });

  registerRoute(app, searchJobsRoute, async (request) => {
    const query = parseOrThrow(searchJobsRoute.query, request.query, 'query');
    return searchPublicJobs(db, query);
  });

  registerRoute(app, jobDetailRoute, async (request, reply) => {
    const { id } = parseOrThrow(jobDetailRoute.params, request.params, 'job id');
    const job = await findPublicJob(db, id, request.principal);
    if (!job) return sendError(reply, 404, JobErrors.notFound);
    return { data: job };
  });

  // spec §7: GET /job/{id}/s3-vector?coreSkills&YOE → initialMatchingScoreDetails, computed with
  // the same scoring function the app's Web Worker uses (src/domain/score, spec §9).
  registerRoute(app, matchScoreRoute, async (request, reply) => {
    const { id } = parseOrThrow(matchScoreRoute.params, request.params, 'job id');
    const query = parseOrThrow(matchScoreRoute.query, request.query, 'query');
    const [job] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), notPublic()))
      .limit(1);
    if (!job) return sendError(reply, 404, JobErrors.notFound);
    const score = createScorer({
      coreSkills: splitList(query.coreSkills),
      softSkills: splitList(query.softSkills),
      technicalSkills: splitList(query.technicalSkills),
      yearsOfExperience: query.YOE,
    });
    return { initialMatchingScoreDetails: score(scorableJob(job)) };
  });
}

/** The jobs host's public routes, in the order they are documented. */
export const JOB_ROUTES = [searchJobsRoute, jobCountRoute, jobDetailRoute, matchScoreRoute];

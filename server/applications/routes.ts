/**
 * Applying to jobs (spec §4 "Application", §7 calls on the jobs host).
 * - POST creates the application once: a second one for the same job and user is a 403
 *   "Already submitted" (the client's "redundant" outcome), enforced by a unique index so two
 *   racing requests cannot both succeed. With an Idempotency-Key the very same request is
 *   replayed instead (see http/idempotency.ts).
 * - GET …/{jobid}/{email} is the existence check: 404 means not applied.
 * Applying needs the apply_jobs permission (spec §6: general users, LinkedIn users, admins), and
 * waits while the candidate's new CV is being parsed (409, spec §8 "Failed to apply").
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import {
  ALREADY_SUBMITTED,
  ApplicationAnswerSchema,
  ApplicationBody,
  ApplicationErrors,
  ApplicationParams,
  ExternalApplicationBody,
  MyApplicationsSchema,
} from '../../src/domain/contract/applications';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Database } from '../db/client';
import { externalJobApplications, jobApplications, jobs } from '../db/schema';
import { defineRoute, registerRoute, type ApiRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { requireGeneralUser } from '../users/current-user';

const applied = { description: '`{ data: application }`', schema: ApplicationAnswerSchema };
const applyAnswers = {
  201: applied,
  403: { description: `${ALREADY_SUBMITTED}, or the role cannot apply` },
  404: { description: ApplicationErrors.jobNotFound },
  409: { description: ApplicationErrors.scoresProcessing },
};

export const applyRoute = defineRoute({
  method: 'POST',
  url: `${JOBS_API_PREFIX}/job-application/`,
  summary: `Apply to a job (once); a repeat is 403 "${ALREADY_SUBMITTED}"`,
  auth: true,
  body: ApplicationBody,
  responses: applyAnswers,
});

export const externalApplyRoute = defineRoute({
  method: 'POST',
  url: `${JOBS_API_PREFIX}/external-job-application/`,
  summary: `Record an application made on an external portal; a repeat is 403 "${ALREADY_SUBMITTED}"`,
  auth: true,
  body: ExternalApplicationBody,
  responses: applyAnswers,
});

export const myApplicationsRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/applications/mine`,
  summary: "The caller's applications, internal and external, newest first",
  auth: true,
  responses: {
    200: {
      description:
        '`{ data: [{ id, jobId, kind, jobTitle, companyName, matchingScore, status, appliedAt }] }`',
      schema: MyApplicationsSchema,
    },
  },
});

/** spec §4 existence check: 404 means not applied. */
const existenceRoute = (path: string) =>
  defineRoute({
    method: 'GET',
    url: `${JOBS_API_PREFIX}/${path}/:jobid/:email`,
    summary: 'Existence check: 404 means not applied',
    auth: true,
    params: ApplicationParams,
    responses: {
      200: applied,
      403: { description: ApplicationErrors.notYours },
      404: { description: ApplicationErrors.notApplied },
    },
  });
export const applicationExistsRoute = existenceRoute('job-application');
export const externalApplicationExistsRoute = existenceRoute('external-job-application');

export const APPLICATION_ROUTES: readonly ApiRoute[] = [
  applyRoute,
  applicationExistsRoute,
  externalApplyRoute,
  externalApplicationExistsRoute,
  myApplicationsRoute,
];

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export function registerApplicationRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const writes = { config: { rateLimit: WRITE_RATE_LIMIT } };

  async function applicant(request: FastifyRequest) {
    const principal = requirePrincipal(request);
    if (!can(principal, 'apply_jobs')) {
      throw new HttpError(403, ApplicationErrors.cannotApply);
    }
    const user = await requireGeneralUser(db, principal);
    if (user.cvObjectKey && !user.isCvExtracted && !user.cvParseError) {
      throw new HttpError(409, ApplicationErrors.scoresProcessing);
    }
    return user;
  }

  async function publishedJob(jobId: string) {
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
    if (!job || job.status !== 'PUBLISHED') throw new HttpError(404, ApplicationErrors.jobNotFound);
    return job;
  }

  registerRoute(
    app,
    applyRoute,
    async (request, reply) => {
      const user = await applicant(request);
      const body = parseOrThrow(applyRoute.body, request.body, 'application');
      const job = await publishedJob(body.jobId);
      if (job.isExternal) throw new HttpError(400, ApplicationErrors.jobIsExternal);
      try {
        const [row] = await db
          .insert(jobApplications)
          .values({
            id: randomUUID(),
            jobId: job.id,
            userEmail: user.email,
            companyName: body.companyName,
            jobPortal: body.jobPortal,
            matchingScore: body.matchingScore ?? null,
            referAndEarnId: body.referAndEarnId ?? null,
          })
          .returning();
        return reply.code(201).send({ data: row });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(403, ALREADY_SUBMITTED);
        throw error;
      }
    },
    writes,
  );

  registerRoute(
    app,
    externalApplyRoute,
    async (request, reply) => {
      const user = await applicant(request);
      const body = parseOrThrow(externalApplyRoute.body, request.body, 'application');
      const job = await publishedJob(body.jobId);
      if (!job.isExternal) throw new HttpError(400, ApplicationErrors.jobIsInternal);
      try {
        const [row] = await db
          .insert(externalJobApplications)
          .values({
            id: randomUUID(),
            jobId: job.id,
            userEmail: user.email,
            jobPortal: body.jobPortal,
            jobUrl: body.jobUrl,
            matchingScore: body.matchingScore ?? null,
          })
          .returning();
        return reply.code(201).send({ data: row });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(403, ALREADY_SUBMITTED);
        throw error;
      }
    },
    writes,
  );

  // The candidate's own applications, internal and external, newest first (issue 10 "My
  // applications"; the spec does not show this call, docs/api.md describes it).
  registerRoute(app, myApplicationsRoute, async (request) => {
    const principal = requirePrincipal(request);
    const user = await requireGeneralUser(db, principal);
    const mine = (column: AnyPgColumn) => sql`lower(${column}) = lower(${user.email})`;
    const [internal, external] = await Promise.all([
      db
        .select({
          application: jobApplications,
          job: { jobTitle: jobs.jobTitle, companyName: jobs.companyName },
        })
        .from(jobApplications)
        .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
        .where(mine(jobApplications.userEmail)),
      db
        .select({
          application: externalJobApplications,
          job: { jobTitle: jobs.jobTitle, companyName: jobs.companyName },
        })
        .from(externalJobApplications)
        .innerJoin(jobs, eq(jobs.id, externalJobApplications.jobId))
        .where(mine(externalJobApplications.userEmail)),
    ]);
    const data = [
      ...internal.map(({ application, job }) => ({
        id: application.id,
        jobId: application.jobId,
        kind: 'internal' as const,
        jobTitle: job.jobTitle,
        companyName: job.companyName,
        matchingScore: application.matchingScore,
        status: application.status,
        appliedAt: application.createdAt,
      })),
      ...external.map(({ application, job }) => ({
        id: application.id,
        jobId: application.jobId,
        kind: 'external' as const,
        jobTitle: job.jobTitle,
        companyName: job.companyName,
        matchingScore: application.matchingScore,
        status: 'APPLIED',
        appliedAt: application.createdAt,
      })),
    ].sort((a, b) => b.appliedAt.getTime() - a.appliedAt.getTime());
    return { data };
  });

  for (const [route, table] of [
    [applicationExistsRoute, jobApplications],
    [externalApplicationExistsRoute, externalJobApplications],
  ] as const) {
    registerRoute(app, route, async (request) => {
      const principal = requirePrincipal(request);
      const { jobid, email } = parseOrThrow(route.params, request.params, 'application');
      const user = await requireGeneralUser(db, principal);
      if (user.email.toLowerCase() !== email.toLowerCase() && !can(principal, 'manage_users')) {
        throw new HttpError(403, ApplicationErrors.notYours);
      }
      const [row] = await db
        .select()
        .from(table)
        .where(and(eq(table.jobId, jobid), sql`lower(${table.userEmail}) = lower(${email})`))
        .limit(1);
      if (!row) throw new HttpError(404, ApplicationErrors.notApplied);
      return { data: row };
    });
  }
}

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
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Database } from '../db/client';
import { externalJobApplications, jobApplications, jobs } from '../db/schema';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { requireGeneralUser } from '../users/current-user';

const score = z.number().min(0).max(100).nullable().optional();
export const ApplicationBody = z.object({
  jobId: z.string().min(1).max(100),
  companyName: z.string().min(1).max(200),
  jobPortal: z.string().min(1).max(100),
  matchingScore: score,
  referAndEarnId: z.string().min(1).max(200).optional(),
});
export const ExternalApplicationBody = z.object({
  jobId: z.string().min(1).max(100),
  jobPortal: z.string().min(1).max(100),
  jobUrl: z.url().max(2000),
  matchingScore: score,
});
const ExistenceParams = z.object({ jobid: z.string().min(1).max(100), email: z.email().max(254) });

export const ALREADY_SUBMITTED = 'Already submitted';
// spec §8 "Failed to apply (scores still processing, try again in a few minutes)": while a newly
// uploaded CV is being read, the candidate's match score is not known yet.
export const SCORES_PROCESSING =
  'Match scores are still processing. Please try again in a few minutes.';

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export function registerApplicationRoutes(
  app: FastifyInstance,
  { db, prefix }: { db: Database; prefix: string },
) {
  async function applicant(request: FastifyRequest) {
    const principal = requirePrincipal(request);
    if (!can(principal, 'apply_jobs')) {
      throw new HttpError(403, 'This account cannot apply for jobs');
    }
    const user = await requireGeneralUser(db, principal);
    if (user.cvObjectKey && !user.isCvExtracted && !user.cvParseError) {
      throw new HttpError(409, SCORES_PROCESSING);
    }
    return user;
  }

  async function publishedJob(jobId: string) {
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
    if (!job || job.status !== 'PUBLISHED') throw new HttpError(404, 'Job not found');
    return job;
  }

  app.post(
    `${prefix}/job-application/`,
    { config: { rateLimit: WRITE_RATE_LIMIT } },
    async (request, reply) => {
      const user = await applicant(request);
      const body = parseOrThrow(ApplicationBody, request.body, 'application');
      const job = await publishedJob(body.jobId);
      if (job.isExternal) throw new HttpError(400, 'This job is external: apply on its own site');
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
  );

  app.post(
    `${prefix}/external-job-application/`,
    { config: { rateLimit: WRITE_RATE_LIMIT } },
    async (request, reply) => {
      const user = await applicant(request);
      const body = parseOrThrow(ExternalApplicationBody, request.body, 'application');
      const job = await publishedJob(body.jobId);
      if (!job.isExternal)
        throw new HttpError(400, 'This job takes applications here, not externally');
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
  );

  // The candidate's own applications, internal and external, newest first (issue 10 "My
  // applications"; the spec does not show this call, docs/api.md describes it).
  app.get(`${prefix}/applications/mine`, async (request) => {
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

  for (const [path, table] of [
    ['job-application', jobApplications],
    ['external-job-application', externalJobApplications],
  ] as const) {
    app.get(`${prefix}/${path}/:jobid/:email`, async (request) => {
      const principal = requirePrincipal(request);
      const { jobid, email } = parseOrThrow(ExistenceParams, request.params, 'application');
      const user = await requireGeneralUser(db, principal);
      if (user.email.toLowerCase() !== email.toLowerCase() && !can(principal, 'manage_users')) {
        throw new HttpError(403, 'You can only check your own applications');
      }
      const [row] = await db
        .select()
        .from(table)
        .where(and(eq(table.jobId, jobid), sql`lower(${table.userEmail}) = lower(${email})`))
        .limit(1);
      if (!row) throw new HttpError(404, 'No application');
      return { data: row };
    });
  }
}

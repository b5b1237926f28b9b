/**
 * A company moves an application along (issue 8 notifies the applicant; spec §3/§7 show no
 * application states, so the list and the call are ours, docs/api.md):
 *
 *   PATCH /job-application/{jobid}/{email}  { status }  → 200 `{ data: application }`
 *
 * Only users of the job's company with create_jobs (spec §6: corporate users and recruiters, who
 * review applicants); 404 when the job or the application does not exist, 403 for another
 * company's job. Setting the status it already has changes nothing and notifies nobody. The
 * applicant's notification is sent in the background (http/background-tasks.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import {
  ApplicationAnswerSchema,
  ApplicationErrors,
  ApplicationParams,
  ApplicationStatusBody,
} from '../../src/domain/contract/applications';
import { jobApplications, jobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import {
  assertOwnJob,
  requireCompanyMember,
  type CorporateWriteOptions,
} from '../jobs/company-access';

export const applicationStatusRoute = defineRoute({
  method: 'PATCH',
  url: `${JOBS_API_PREFIX}/job-application/:jobid/:email`,
  summary:
    "Move an application to another state (a user of the job's company with create_jobs); the applicant is notified",
  auth: true,
  params: ApplicationParams,
  body: ApplicationStatusBody,
  responses: {
    200: { description: '`{ data: application }`', schema: ApplicationAnswerSchema },
    403: {
      description:
        "The role lacks the permission, the caller is no company's user, or the job is another company's",
    },
    404: { description: 'Job not found, or no application' },
  },
});

export function registerApplicationStatusRoute(
  app: FastifyInstance,
  options: CorporateWriteOptions,
) {
  const { db, push } = options;

  registerRoute(
    app,
    applicationStatusRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const route = applicationStatusRoute;
      const { jobid, email } = parseOrThrow(route.params, request.params, 'application');
      const { status } = parseOrThrow(route.body, request.body, 'application');
      const [job] = await db.select().from(jobs).where(eq(jobs.id, jobid)).limit(1);
      if (!job) throw new HttpError(404, ApplicationErrors.jobNotFound);
      assertOwnJob(member, job);
      const theApplication = and(
        eq(jobApplications.jobId, jobid),
        sql`lower(${jobApplications.userEmail}) = lower(${email})`,
      );
      const { after } = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(jobApplications)
          .where(theApplication)
          .for('update');
        if (!current) throw new HttpError(404, ApplicationErrors.notApplied);
        if (current.status === status) return { before: current, after: current };
        const [updated] = await tx
          .update(jobApplications)
          .set({ status, updatedAt: sql`now()` })
          .where(eq(jobApplications.id, current.id))
          .returning();
        if (!updated) throw new Error('update returned no row');
        // The applicant's notification is written with the change (issue 25).
        await push.send(tx, {
          type: 'application-state',
          jobId: job.id,
          userEmail: updated.userEmail,
          status: updated.status,
        });
        return { before: current, after: updated };
      });
      return { data: after };
    },
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );
}

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
import { z } from 'zod';
import { jobApplications, jobs } from '../db/schema';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import {
  assertOwnJob,
  requireCompanyMember,
  type CorporateWriteOptions,
} from '../jobs/company-access';

/** An application's life at the company; APPLIED is where every application starts. */
export const APPLICATION_STATUSES = [
  'APPLIED',
  'UNDER_REVIEW',
  'SHORTLISTED',
  'INTERVIEWING',
  'OFFERED',
  'HIRED',
  'REJECTED',
] as const;

const Params = z.object({ jobid: z.string().min(1).max(100), email: z.email().max(254) });
export const ApplicationStatusBody = z.strictObject({ status: z.enum(APPLICATION_STATUSES) });

export function registerApplicationStatusRoute(
  app: FastifyInstance,
  options: CorporateWriteOptions,
) {
  const { db, prefix, notifications, tasks } = options;

  app.patch(
    `${prefix}/job-application/:jobid/:email`,
    { config: { rateLimit: WRITE_RATE_LIMIT } },
    async (request) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const { jobid, email } = parseOrThrow(Params, request.params, 'application');
      const { status } = parseOrThrow(ApplicationStatusBody, request.body, 'application');
      const [job] = await db.select().from(jobs).where(eq(jobs.id, jobid)).limit(1);
      if (!job) throw new HttpError(404, 'Job not found');
      assertOwnJob(member, job);
      const theApplication = and(
        eq(jobApplications.jobId, jobid),
        sql`lower(${jobApplications.userEmail}) = lower(${email})`,
      );
      const { before, after } = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(jobApplications)
          .where(theApplication)
          .for('update');
        if (!current) throw new HttpError(404, 'No application');
        if (current.status === status) return { before: current, after: current };
        const [updated] = await tx
          .update(jobApplications)
          .set({ status, updatedAt: sql`now()` })
          .where(eq(jobApplications.id, current.id))
          .returning();
        if (!updated) throw new Error('update returned no row');
        return { before: current, after: updated };
      });
      if (after.status !== before.status) {
        tasks.run('application state changed', () =>
          notifications.applicationStateChanged({
            job,
            userEmail: after.userEmail,
            status: after.status,
          }),
        );
      }
      return { data: after };
    },
  );
}

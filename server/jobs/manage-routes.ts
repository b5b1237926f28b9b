/**
 * Corporate job posting on the jobs host (spec §7 does not show these calls; docs/api.md):
 * - POST  /job/      post a job for the caller's company (create_jobs). 201 `{ data: Job }`, the
 *                    shape GET /job/{id} returns.
 * - PATCH /job/{id}  change fields or status (create_jobs; taking a job off the listing, i.e. to
 *                    CLOSED or DRAFT, needs delete_jobs, so a recruiter edits and publishes but
 *                    does not close). 200 `{ data: Job }`; 404 no such job; 403 another
 *                    company's job.
 * Only users of the job's own company (company-access.ts). An Idempotency-Key makes a repeat a
 * replay (http/idempotency.ts applies to every POST and PATCH).
 *
 * After a write: the facets cache is dropped (jobs/facets.ts), and the notifications of issue 8
 * (saved job changed, the daily match digest on publishing) are started in the background
 * (http/background-tasks.ts): the response does not wait for push services, and a push failure
 * never fails the write. The tsvector search columns are generated, so they follow by themselves.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import {
  JobChangesBody,
  JobDetailSchema,
  JobErrors,
  JobIdParams,
  NewJobBody,
} from '../../src/domain/contract/jobs';
import { can } from '../auth/permissions';
import { jobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { assertOwnJob, requireCompanyMember, type CorporateWriteOptions } from './company-access';
import { invalidateJobFacets } from './facets';
import { jobColumns } from './job-fields';
import { serializeJob } from './serialize-job';

const companyOnly = {
  description:
    "The role lacks the permission, the caller is no company's user, or the job is another company's",
};

export const postJobRoute = defineRoute({
  method: 'POST',
  url: `${JOBS_API_PREFIX}/job/`,
  summary:
    "Post a job for the caller's company (create_jobs); publishing notifies matching candidates",
  auth: true,
  body: NewJobBody,
  responses: {
    201: { description: '`{ data: Job }`', schema: JobDetailSchema },
    403: companyOnly,
  },
});

export const changeJobRoute = defineRoute({
  method: 'PATCH',
  url: `${JOBS_API_PREFIX}/job/:id`,
  summary:
    'Change a job or its status (closing or unpublishing needs delete_jobs); savers are notified',
  auth: true,
  params: JobIdParams,
  body: JobChangesBody,
  responses: {
    200: { description: '`{ data: Job }`', schema: JobDetailSchema },
    404: { description: JobErrors.notFound },
    403: companyOnly,
  },
});

export const JOB_MANAGEMENT_ROUTES = [postJobRoute, changeJobRoute];

export function registerJobManagementRoutes(app: FastifyInstance, options: CorporateWriteOptions) {
  const { db, notifications, tasks } = options;
  const writes = { config: { rateLimit: WRITE_RATE_LIMIT } };

  registerRoute(
    app,
    postJobRoute,
    async (request, reply) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const body = parseOrThrow(postJobRoute.body, request.body, 'job');
      const { company } = member;
      const [row] = await db
        .insert(jobs)
        .values({
          id: `job-${randomUUID()}`,
          companyId: company.id,
          companyName: company.name,
          industry: company.industry,
          teamSize: company.teamSize,
          postedBy: member.principal.sub,
          jobTitle: body.jobTitle,
          department: body.department,
          city: body.location.city,
          typeOfEmployment: body.typeofEmployment,
          workMode: body.workMode,
          ...jobColumns(body),
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      invalidateJobFacets(db);
      if (row.status === 'PUBLISHED') {
        tasks.run('match digest', () => notifications.jobPublished(row));
      }
      return reply.code(201).send({
        data: serializeJob(
          row,
          { logo: company.logo, logoUrl: company.logoUrl },
          // The company's own user: it sees the salary it set, shown or not.
          { showHiddenSalary: true },
        ),
      });
    },
    writes,
  );

  registerRoute(
    app,
    changeJobRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const { id } = parseOrThrow(changeJobRoute.params, request.params, 'job id');
      const changes = parseOrThrow(changeJobRoute.body, request.body, 'job');
      // Read and write under a row lock, so `before` is what this update replaced and the
      // notifications describe exactly this change.
      const { before, after } = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
        if (!current) throw new HttpError(404, JobErrors.notFound);
        assertOwnJob(member, current);
        const takesDown =
          changes.status !== undefined &&
          changes.status !== 'PUBLISHED' &&
          changes.status !== current.status;
        if (takesDown && !can(member.principal, 'delete_jobs')) {
          throw new HttpError(403, JobErrors.cannotTakeDown);
        }
        const [updated] = await tx
          .update(jobs)
          .set({ ...jobColumns(changes), updatedAt: sql`now()` })
          .where(eq(jobs.id, id))
          .returning();
        if (!updated) throw new Error('update returned no row');
        return { before: current, after: updated };
      });
      invalidateJobFacets(db);
      tasks.run('saved job changed', () => notifications.savedJobChanged(before, after));
      if (after.status === 'PUBLISHED' && before.status !== 'PUBLISHED') {
        tasks.run('match digest', () => notifications.jobPublished(after));
      }
      const { company } = member;
      return {
        data: serializeJob(
          after,
          { logo: company.logo, logoUrl: company.logoUrl },
          { showHiddenSalary: true },
        ),
      };
    },
    writes,
  );
}

/**
 * Corporate job posting on the jobs host (spec §7 does not show these calls; docs/api.md):
 * - POST   /job/      post a job for the caller's company (create_jobs). 201 `{ data: Job }`, the
 *                     shape GET /job/{id} returns. The body may carry the client's id for it
 *                     (a post made offline); posting an id the company already has answers 200
 *                     with that job, another company's id 409.
 * - PATCH  /job/{id}  change fields or status (create_jobs; taking a job off the listing, i.e. to
 *                     CLOSED or DRAFT, needs delete_jobs, so a recruiter edits and publishes but
 *                     does not close). 200 `{ data: Job }`; 404 no such job; 403 another
 *                     company's job; 422 closing a job that was never published.
 * - DELETE /job/{id}  delete_jobs (spec §6): 204; the job leaves every list (status DELETED).
 * Only users of the job's own company (company-access.ts). An Idempotency-Key makes a repeat a
 * replay (http/idempotency.ts applies to every POST and PATCH).
 *
 * Asking for the listing (PUBLISHED) goes through moderation (moderation.ts, issue 20 item 4):
 * the answer's status says PENDING_REVIEW when a moderator must look first. The description's
 * HTML is sanitised before it is stored (job-fields.ts).
 *
 * After a write: the facets cache is dropped (jobs/facets.ts), and the notifications of issue 8
 * (saved job changed, the daily match digest on publishing) are started in the background
 * (http/background-tasks.ts): the response does not wait for push services, and a push failure
 * never fails the write. The tsvector search columns are generated, so they follow by themselves.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import {
  CorporateJobErrors,
  DELETED,
  PENDING_REVIEW,
} from '../../src/domain/contract/corporate-jobs';
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
import { jobsWritten } from './kept-job-reads';
import { CORPORATE_JOB_ROUTES, registerCorporateJobRoutes } from './corporate-routes';
import { jobColumns } from './job-fields';
import { listingStatus } from './moderation';
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
    200: { description: 'The company already has a job with this id: `{ data: Job }`' },
    201: { description: '`{ data: Job }`', schema: JobDetailSchema },
    403: companyOnly,
    409: { description: "The id is another company's job" },
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
    422: { description: CorporateJobErrors.closeOnlyPublished },
  },
});

export const deleteJobRoute = defineRoute({
  method: 'DELETE',
  url: `${JOBS_API_PREFIX}/job/:id`,
  summary: "Delete one of the company's jobs (delete_jobs: not a recruiter)",
  auth: true,
  params: JobIdParams,
  responses: {
    204: { description: 'Deleted: gone from every list' },
    404: { description: JobErrors.notFound },
    403: companyOnly,
  },
});

export const JOB_MANAGEMENT_ROUTES = [
  postJobRoute,
  changeJobRoute,
  deleteJobRoute,
  ...CORPORATE_JOB_ROUTES,
];

export function registerJobManagementRoutes(app: FastifyInstance, options: CorporateWriteOptions) {
  const { db, push } = options;
  const writes = { config: { rateLimit: WRITE_RATE_LIMIT } };

  registerRoute(
    app,
    postJobRoute,
    async (request, reply) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const body = parseOrThrow(postJobRoute.body, request.body, 'job');
      const { company } = member;
      const brief = { logo: company.logo, logoUrl: company.logoUrl };
      const id = body.id ?? `job-${randomUUID()}`;
      const columns = jobColumns(body);
      const status =
        body.status === 'PUBLISHED'
          ? await listingStatus(
              db,
              {
                id,
                companyId: company.id,
                salaryMin: columns.salaryMin ?? null,
                salaryMax: columns.salaryMax ?? null,
              },
              null,
            )
          : body.status;
      // The post and its notifications (the match digest) are written together (issue 25).
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(jobs)
          .values({
            id,
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
            ...columns,
            status,
          })
          .onConflictDoNothing({ target: jobs.id })
          .returning();
        if (inserted) await push.jobChanged(tx, null, inserted);
        return inserted;
      });
      if (!row) {
        // The client's id is taken: its own earlier post (a replay after the idempotency
        // window) is that post; anyone else's is a conflict that reveals nothing of it.
        const [existing] = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.id, id), eq(jobs.companyId, company.id), ne(jobs.status, DELETED)))
          .limit(1);
        if (!existing) throw new HttpError(409, 'This job id is already taken');
        return reply
          .code(200)
          .send({ data: serializeJob(existing, brief, { showHiddenSalary: true }) });
      }
      if (!row) throw new Error('insert returned no row');
      jobsWritten(db);
      return reply.code(201).send({
        // The company's own user: it sees the salary it set, shown or not.
        data: serializeJob(row, brief, { showHiddenSalary: true }),
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
      const { after } = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
        if (!current || current.status === DELETED) throw new HttpError(404, JobErrors.notFound);
        assertOwnJob(member, current);
        const requested = changes.status;
        // CLOSED means "was listed, no longer taking applicants"; a job never listed is
        // unpublished to a draft instead (and moderation counts closed jobs as listed ones).
        if (
          requested === 'CLOSED' &&
          current.status !== 'PUBLISHED' &&
          current.status !== 'CLOSED'
        ) {
          throw new HttpError(422, CorporateJobErrors.closeOnlyPublished);
        }
        const takesDown =
          requested !== undefined && requested !== 'PUBLISHED' && requested !== current.status;
        if (takesDown && !can(member.principal, 'delete_jobs')) {
          throw new HttpError(403, JobErrors.cannotTakeDown);
        }
        const columns = jobColumns(changes);
        const wantsListing =
          requested === 'PUBLISHED' ||
          (requested === undefined &&
            (current.status === 'PUBLISHED' || current.status === PENDING_REVIEW));
        if (wantsListing) {
          // An edit is judged as the job will be: removing the salary sends it back to review.
          const salaryMin = columns.salaryMin !== undefined ? columns.salaryMin : current.salaryMin;
          const salaryMax = columns.salaryMax !== undefined ? columns.salaryMax : current.salaryMax;
          columns.status = await listingStatus(
            tx,
            { id, companyId: current.companyId, salaryMin, salaryMax },
            current.status,
          );
        }
        const [updated] = await tx
          .update(jobs)
          .set({ ...columns, updatedAt: sql`now()` })
          .where(eq(jobs.id, id))
          .returning();
        if (!updated) throw new Error('update returned no row');
        await push.jobChanged(tx, current, updated);
        return { before: current, after: updated };
      });
      jobsWritten(db);
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

  registerRoute(
    app,
    deleteJobRoute,
    async (request, reply) => {
      // spec §6: delete_jobs, which a recruiter lacks.
      const member = await requireCompanyMember(db, request, 'delete_jobs');
      const { id } = parseOrThrow(deleteJobRoute.params, request.params, 'job id');
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
        if (!current || current.status === DELETED) throw new HttpError(404, JobErrors.notFound);
        assertOwnJob(member, current);
        // Kept, not removed: candidates' applications and saved jobs still name it.
        await tx
          .update(jobs)
          .set({ status: DELETED, updatedAt: sql`now()` })
          .where(eq(jobs.id, id));
        if (current.status === 'PUBLISHED') {
          // Followers hear it as a closing: the job is no longer open to them.
          await push.send(tx, { type: 'saved-job-changed', jobId: id, change: 'closed' });
        }
        return current;
      });
      jobsWritten(db);
      return reply.code(204).send();
    },
    writes,
  );

  registerCorporateJobRoutes(app, { db });
}

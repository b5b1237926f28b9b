/**
 * The admins' jobs console over HTTP (issue 21 item 1; contract src/domain/contract/admin-jobs.ts):
 * the list with its queues, the moderators' actions and delete. Site admins only (spec §6: the
 * admin role moderates; an evaluator or a company's admin does not), checked before any input is
 * read, so a refused caller learns nothing about the jobs.
 */
import type { FastifyInstance } from 'fastify';
import {
  AdminJobAnswerSchema,
  AdminJobErrors,
  AdminJobPageSchema,
  AdminJobParams,
  AdminJobsQuerySchema,
  DeleteJobBody,
  ModerateJobBody,
} from '../../src/domain/contract/admin-jobs';
import { API_PREFIX } from '../../src/domain/contract/common';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { deleteJobAsAdmin, listAdminJobs, moderateJob } from './jobs';
import { requireAdmin } from './require-admin';

const adminsOnly = { description: AdminJobErrors.adminsOnly };

export const adminJobsRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/admin/job-posts`,
  summary:
    'Every job across companies and portals, searched and filtered, with flags, open reports and the moderation queues (site admins)',
  auth: true,
  query: AdminJobsQuerySchema,
  responses: {
    200: {
      description: '`{ data: AdminJob[], total, page, pageSize, queues }`',
      schema: AdminJobPageSchema,
    },
    403: adminsOnly,
  },
});

export const moderateJobRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/admin/job-posts/:id/moderate`,
  summary:
    'Approve, reject, mark bad or unpublish a job, with the reason the company reads (site admins)',
  auth: true,
  params: AdminJobParams,
  body: ModerateJobBody,
  responses: {
    200: { description: '`{ data: AdminJob }` after the action', schema: AdminJobAnswerSchema },
    403: adminsOnly,
    404: { description: AdminJobErrors.notFound },
    409: {
      description:
        'The action does not apply to the job as it is now (e.g. rejecting a listed job)',
    },
  },
});

export const adminDeleteJobRoute = defineRoute({
  method: 'DELETE',
  url: `${API_PREFIX}/admin/job-posts/:id`,
  summary: 'Delete a job of any company or portal (site admins)',
  auth: true,
  params: AdminJobParams,
  body: DeleteJobBody,
  bodyRequired: false,
  responses: {
    204: { description: 'Deleted: gone from every list' },
    403: adminsOnly,
    404: { description: AdminJobErrors.notFound },
    409: { description: AdminJobErrors.deleted },
  },
});

export const ADMIN_JOB_ROUTES = [adminJobsRoute, moderateJobRoute, adminDeleteJobRoute];

export function registerAdminJobRoutes(app: FastifyInstance, options: { db: Database }) {
  const deps = { db: options.db, push: app.pushJobs };
  const writes = { config: { rateLimit: WRITE_RATE_LIMIT } };

  registerRoute(app, adminJobsRoute, async (request) => {
    requireAdmin(request, AdminJobErrors.adminsOnly);
    const query = parseOrThrow(adminJobsRoute.query, request.query, 'query');
    return listAdminJobs(options.db, query);
  });

  registerRoute(
    app,
    moderateJobRoute,
    async (request) => {
      const principal = requireAdmin(request, AdminJobErrors.adminsOnly);
      const { id } = parseOrThrow(moderateJobRoute.params, request.params, 'job id');
      const body = parseOrThrow(moderateJobRoute.body, request.body, 'action');
      return { data: await moderateJob(deps, principal, id, body) };
    },
    writes,
  );

  registerRoute(
    app,
    adminDeleteJobRoute,
    async (request, reply) => {
      const principal = requireAdmin(request, AdminJobErrors.adminsOnly);
      const { id } = parseOrThrow(adminDeleteJobRoute.params, request.params, 'job id');
      const body = parseOrThrow(adminDeleteJobRoute.body, request.body, 'body');
      await deleteJobAsAdmin(deps, principal, id, body?.reason?.trim() || null);
      return reply.code(204).send();
    },
    writes,
  );
}

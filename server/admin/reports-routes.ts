/**
 * POST /jobs-api/job/{id}/report (issue 21 item 1): on the jobs host next to the job it is about.
 * Job seekers only (spec §6 apply_jobs: candidates, LinkedIn users, admins); a company's users
 * and evaluators are refused, so a rival company cannot bury a competitor's posts in reports.
 */
import type { FastifyInstance } from 'fastify';
import {
  JobReportAnswerSchema,
  ReportErrors,
  ReportJobBody,
} from '../../src/domain/contract/admin-jobs';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import { JobIdParams } from '../../src/domain/contract/jobs';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { reportJob } from './reports';

export const reportJobRoute = defineRoute({
  method: 'POST',
  url: `${JOBS_API_PREFIX}/job/:id/report`,
  summary: 'Report a listed job to the moderators, once per user (job seekers)',
  auth: true,
  params: JobIdParams,
  body: ReportJobBody,
  responses: {
    200: {
      description: 'Already reported by this user: the first report',
      schema: JobReportAnswerSchema,
    },
    201: { description: 'Reported', schema: JobReportAnswerSchema },
    403: { description: ReportErrors.seekersOnly },
    404: { description: ReportErrors.notFound },
  },
});

export function registerReportRoutes(app: FastifyInstance, options: { db: Database }) {
  registerRoute(
    app,
    reportJobRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!can(principal, 'apply_jobs')) throw new HttpError(403, ReportErrors.seekersOnly);
      const { id } = parseOrThrow(reportJobRoute.params, request.params, 'job id');
      const body = parseOrThrow(reportJobRoute.body, request.body, 'report');
      const { created, answer } = await reportJob(options.db, principal.sub, id, body);
      return reply.code(created ? 201 : 200).send(answer);
    },
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );
}

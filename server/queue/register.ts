/**
 * The job queue inside the server (issue 25 item 1): `app.jobs`, on the app's database. Features
 * define their kinds while they register; the queue starts on ready (after every kind is defined,
 * before the features' own onReady hooks that may send) and stops before close, letting the runs
 * in progress finish while the database is still open (preClose runs in registration order, so
 * this is registered before the features whose handlers need their own resources, e.g. the CV
 * parser's worker thread).
 *
 * GET /api/admin/jobs: job counts per kind and state and the dead letters, for site admins.
 */
import type { FastifyInstance } from 'fastify';
import { JobQueueErrors, JobQueueReportSchema } from '../../src/domain/contract/job-queue';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { JobQueue, type QueueOptions } from './job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export const jobQueueReportRoute = defineRoute({
  method: 'GET',
  url: '/api/admin/jobs',
  summary: 'Background jobs: counts per kind and state, and the dead letters (site admins)',
  auth: true,
  responses: {
    200: { description: '`{ data: { counts, deadLetters } }`', schema: JobQueueReportSchema },
    403: { description: JobQueueErrors.adminsOnly },
  },
});

export function registerJobQueue(
  app: FastifyInstance,
  options: { db: Database; tuning?: Omit<QueueOptions, 'log'> },
): JobQueue {
  const queue = new JobQueue(options.db, { ...options.tuning, log: app.log });
  app.decorate('jobs', queue);
  app.addHook('onReady', () => queue.start());
  app.addHook('preClose', () => queue.stop());
  return queue;
}

export function registerJobQueueRoutes(app: FastifyInstance, queue: JobQueue) {
  registerRoute(app, jobQueueReportRoute, async (request) => {
    const principal = requirePrincipal(request);
    if (!principal.roles.includes('admin')) throw new HttpError(403, JobQueueErrors.adminsOnly);
    const [counts, deadLetters] = await Promise.all([queue.counts(), queue.deadLetters()]);
    return { data: { counts, deadLetters } };
  });
}

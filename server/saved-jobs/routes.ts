/**
 * Saved jobs per user (issue 8), so they follow the user across devices. The app writes to its
 * own Dexie first and syncs through its outbox, which may deliver a call more than once: both
 * writes are idempotent by nature.
 * - GET    /saved-jobs          the caller's saved jobs, newest first, each with its job row
 *                               (`job: null` once the job is unpublished: drafts are never public)
 * - PUT    /saved-jobs/{jobId}  save (or update the note); saving again keeps the first savedAt.
 *                               201 when new, 200 when it was already saved.
 * - DELETE /saved-jobs/{jobId}  unsave; 204 whether or not it was saved.
 * Any signed-in user may save jobs; the rows are keyed by the identity `sub`.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  SaveJobBody,
  SavedJobAnswerSchema,
  SavedJobErrors,
  SavedJobListSchema,
  SavedJobParams,
} from '../../src/domain/contract/saved-jobs';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { companies, jobs, savedJobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { acceptEmptyJson } from '../http/empty-json';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { serializeJob } from '../jobs/serialize-job';

// Looser than WRITE_RATE_LIMIT: an outbox replaying a day of offline saves sends them in a burst.
export const SAVED_JOBS_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

export const savedJobsRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/saved-jobs`,
  summary: "The caller's saved jobs, newest first, each with its job (null once unpublished)",
  auth: true,
  responses: {
    200: {
      description: '`{ data: [{ jobId, note, savedAt, job }] }`',
      schema: SavedJobListSchema,
    },
  },
});

export const saveJobRoute = defineRoute({
  method: 'PUT',
  url: `${API_PREFIX}/saved-jobs/:jobId`,
  summary: 'Save a job (idempotent; a note in the body replaces the old one)',
  auth: true,
  params: SavedJobParams,
  body: SaveJobBody,
  bodyRequired: false,
  responses: {
    200: {
      description: 'Already saved: `{ data: { jobId, note, savedAt } }`',
      schema: SavedJobAnswerSchema,
    },
    201: {
      description: 'Saved: `{ data: { jobId, note, savedAt } }`',
      schema: SavedJobAnswerSchema,
    },
    404: { description: 'Job not found (or not published)' },
  },
});

export const unsaveJobRoute = defineRoute({
  method: 'DELETE',
  url: `${API_PREFIX}/saved-jobs/:jobId`,
  summary: 'Unsave a job (idempotent)',
  auth: true,
  params: SavedJobParams,
  responses: { 204: { description: 'Not saved (any more)' } },
});

export const SAVED_JOB_ROUTES = [savedJobsRoute, saveJobRoute, unsaveJobRoute];

type SavedJobRow = typeof savedJobs.$inferSelect;

function savedJobDto(row: SavedJobRow) {
  return { jobId: row.jobId, note: row.note, savedAt: row.savedAt.toISOString() };
}

/**
 * PUT and DELETE are idempotent by nature, so a repeated delivery is harmless; a malformed
 * Idempotency-Key is still refused the same way as on POST/PATCH (http/idempotency.ts).
 */
function checkIdempotencyKey(request: FastifyRequest) {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'Invalid Idempotency-Key: use 8-200 letters, digits or _ . : -');
  }
}

export function registerSavedJobRoutes(app: FastifyInstance, options: { db: Database }) {
  void app.register((scope, _opts, done) => {
    acceptEmptyJson(scope);
    savedJobRoutes(scope, options);
    done();
  });
}

function savedJobRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const limited = { config: { rateLimit: SAVED_JOBS_RATE_LIMIT } };

  registerRoute(app, savedJobsRoute, async (request) => {
    const principal = requirePrincipal(request);
    const rows = await db
      .select({ saved: savedJobs, job: jobs, logo: companies.logo, logoUrl: companies.logoUrl })
      .from(savedJobs)
      .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
      .leftJoin(companies, eq(companies.id, jobs.companyId))
      .where(eq(savedJobs.userId, principal.sub))
      .orderBy(desc(savedJobs.savedAt), desc(savedJobs.jobId));
    return {
      data: rows.map((row) => ({
        ...savedJobDto(row.saved),
        job:
          row.job.status === 'DRAFT'
            ? null
            : serializeJob(row.job, { logo: row.logo, logoUrl: row.logoUrl }),
      })),
    };
  });

  registerRoute(
    app,
    saveJobRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      checkIdempotencyKey(request);
      const { jobId } = parseOrThrow(saveJobRoute.params, request.params, 'job id');
      const body = parseOrThrow(saveJobRoute.body, request.body, 'saved job');
      const [job] = await db
        .select({ id: jobs.id, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.id, jobId))
        .limit(1);
      if (!job || job.status === 'DRAFT') throw new HttpError(404, SavedJobErrors.jobNotFound);
      const where = and(eq(savedJobs.userId, principal.sub), eq(savedJobs.jobId, jobId));
      const inserted = await db
        .insert(savedJobs)
        .values({ userId: principal.sub, jobId, note: body?.note ?? '' })
        .onConflictDoNothing()
        .returning();
      if (inserted[0]) return reply.code(201).send({ data: savedJobDto(inserted[0]) });
      // Already saved: keep savedAt; a note in the body replaces the old one.
      const [updated] =
        body?.note === undefined || body.note === null
          ? await db.select().from(savedJobs).where(where).limit(1)
          : await db
              .update(savedJobs)
              .set({ note: body.note, updatedAt: new Date() })
              .where(where)
              .returning();
      if (!updated) throw new HttpError(409, SavedJobErrors.changedMeanwhile);
      return reply.code(200).send({ data: savedJobDto(updated) });
    },
    limited,
  );

  registerRoute(
    app,
    unsaveJobRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      checkIdempotencyKey(request);
      const { jobId } = parseOrThrow(unsaveJobRoute.params, request.params, 'job id');
      await db
        .delete(savedJobs)
        .where(and(eq(savedJobs.userId, principal.sub), eq(savedJobs.jobId, jobId)));
      return reply.code(204).send();
    },
    limited,
  );
}

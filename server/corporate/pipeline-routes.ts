/**
 * The applicant pipeline routes (issue 20 item 2; contract src/domain/contract/corporate-pipeline
 * .ts). Every call is for users of the job's own company (jobs/company-access.ts): spec §6 gives
 * recruiters and admins create_jobs, and working applicants is a recruiter's job; changing the
 * company's stages is an admin's (manage_users). Another company's job answers 403, a missing one
 * 404. Moving applicants moves their applications' state (spec §4) and notifies each candidate
 * whose state changed, after the response (the push triggers of issue 8). Writes honour
 * Idempotency-Key (http/idempotency.ts), so the outbox's replays are answered once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  ApplicantCvLinkSchema,
  ApplicantParams,
  EvaluationAnswerSchema,
  EvaluationBody,
  MoveApplicantsBody,
  MovedSchema,
  NoteAnswerSchema,
  NoteBody,
  PipelineErrors,
  PipelineJobParams,
  PipelineLimits,
  PipelineSchema,
  StagesAnswerSchema,
  StagesBody,
} from '../../src/domain/contract/corporate-pipeline';
import { stageOf } from '../../src/domain/pipeline-stages';
import {
  applicantEvaluations,
  applicantNotes,
  corporateUsers,
  jobApplications,
  jobs,
  users,
} from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { assertOwnJob, requireCompanyMember, type CompanyMember } from '../jobs/company-access';
import { authorName, listApplicants } from './applicants';
import type { CorporateRouteOptions } from './options';
import { loadStages, saveStages } from './stages';

const P = `${API_PREFIX}/corporate`;
const companyOnly = { description: PipelineErrors.notYourCompany };

export const pipelineRoute = defineRoute({
  method: 'GET',
  url: `${P}/jobs/:jobId/applicants`,
  summary: "A job's applicants with their match scores, stages, notes and evaluations",
  auth: true,
  params: PipelineJobParams,
  responses: {
    200: { description: '`{ data: { job, stages, applicants } }`', schema: PipelineSchema },
    403: companyOnly,
    404: { description: PipelineErrors.jobNotFound },
  },
});

export const moveApplicantsRoute = defineRoute({
  method: 'POST',
  url: `${P}/jobs/:jobId/applicants/move`,
  summary: 'Move one or many applicants to a stage; candidates whose state changes are notified',
  auth: true,
  params: PipelineJobParams,
  body: MoveApplicantsBody,
  responses: {
    200: { description: '`{ data: { moved } }`', schema: MovedSchema },
    400: { description: PipelineErrors.unknownStage },
    403: companyOnly,
    404: { description: PipelineErrors.applicationNotFound },
  },
});

export const addNoteRoute = defineRoute({
  method: 'POST',
  url: `${P}/applicants/:applicationId/notes`,
  summary: 'Add a note to an applicant (seen by the company only)',
  auth: true,
  params: ApplicantParams,
  body: NoteBody,
  responses: {
    201: { description: '`{ data: note }`', schema: NoteAnswerSchema },
    403: companyOnly,
    404: { description: PipelineErrors.applicationNotFound },
  },
});

export const evaluationRoute = defineRoute({
  method: 'PUT',
  url: `${P}/applicants/:applicationId/evaluation`,
  summary: "Save the caller's structured evaluation of an applicant (replaces their earlier one)",
  auth: true,
  params: ApplicantParams,
  body: EvaluationBody,
  responses: {
    200: { description: '`{ data: evaluation }`', schema: EvaluationAnswerSchema },
    403: companyOnly,
    404: { description: PipelineErrors.applicationNotFound },
  },
});

export const applicantCvRoute = defineRoute({
  method: 'GET',
  url: `${P}/applicants/:applicationId/cv`,
  summary: "A short-lived signed link to an applicant's CV",
  auth: true,
  params: ApplicantParams,
  responses: {
    200: { description: '`{ data: { url, expiresAt } }`', schema: ApplicantCvLinkSchema },
    403: companyOnly,
    404: { description: 'No such applicant, or no CV' },
  },
});

export const stagesRoute = defineRoute({
  method: 'GET',
  url: `${P}/stages`,
  summary: "The company's pipeline stages, in order",
  auth: true,
  responses: {
    200: { description: '`{ data: Stage[] }`', schema: StagesAnswerSchema },
    403: companyOnly,
  },
});

export const saveStagesRoute = defineRoute({
  method: 'PUT',
  url: `${P}/stages`,
  summary: "Rename, add, reorder or remove the company's stages (corporate admins)",
  auth: true,
  body: StagesBody,
  responses: {
    200: { description: '`{ data: Stage[] }`', schema: StagesAnswerSchema },
    403: { description: PipelineErrors.adminsOnly },
    409: { description: PipelineErrors.stagesInUse },
  },
});

export const PIPELINE_ROUTES = [
  pipelineRoute,
  moveApplicantsRoute,
  addNoteRoute,
  evaluationRoute,
  applicantCvRoute,
  stagesRoute,
  saveStagesRoute,
];

/** The application with its job, 403 when the job is another company's, 404 when missing. */
async function ownApplication(options: CorporateRouteOptions, member: CompanyMember, id: string) {
  const [row] = await options.db
    .select({ application: jobApplications, job: jobs })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(eq(jobApplications.id, id))
    .limit(1);
  if (!row) throw new HttpError(404, PipelineErrors.applicationNotFound);
  assertOwnJob(member, row.job);
  return row;
}

export function registerPipelineRoutes(app: FastifyInstance, options: CorporateRouteOptions) {
  const { db, push, cvLink } = options;
  const write = { config: { rateLimit: WRITE_RATE_LIMIT } };

  async function ownJob(member: CompanyMember, jobId: string) {
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId)).limit(1);
    if (!job) throw new HttpError(404, PipelineErrors.jobNotFound);
    assertOwnJob(member, job);
    return job;
  }

  registerRoute(app, pipelineRoute, async (request, reply) => {
    const member = await requireCompanyMember(db, request, 'create_jobs');
    const { jobId } = parseOrThrow(pipelineRoute.params, request.params, 'job id');
    const job = await ownJob(member, jobId);
    const stages = await loadStages(db, member.company.id);
    const applicants = await listApplicants(
      db,
      job,
      stages,
      member.corporateUserId,
      PipelineLimits.listMax,
    );
    // Personal data: never kept by a shared cache (the app keeps its own copy).
    reply.header('cache-control', 'private, no-store');
    return {
      data: { job: { id: job.id, jobTitle: job.jobTitle, status: job.status }, stages, applicants },
    };
  });

  registerRoute(
    app,
    moveApplicantsRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const { jobId } = parseOrThrow(moveApplicantsRoute.params, request.params, 'job id');
      const body = parseOrThrow(moveApplicantsRoute.body, request.body, 'move');
      const job = await ownJob(member, jobId);
      const stages = await loadStages(db, member.company.id);
      const target = stages.find((s) => s.key === body.stage);
      if (!target) throw new HttpError(400, PipelineErrors.unknownStage);
      const ids = [...new Set(body.applicationIds)];
      await db.transaction(async (tx) => {
        const current = await tx
          .select()
          .from(jobApplications)
          .where(and(eq(jobApplications.jobId, job.id), inArray(jobApplications.id, ids)))
          .for('update');
        // All or nothing: a recruiter who selected ten applicants expects ten moved.
        if (current.length !== ids.length) {
          throw new HttpError(404, PipelineErrors.applicationNotFound);
        }
        const moving = current.filter(
          (a) => stageOf(a, stages) !== target.key || a.status !== target.status,
        );
        if (moving.length > 0) {
          await tx
            .update(jobApplications)
            .set({ stage: target.key, status: target.status, updatedAt: sql`now()` })
            .where(
              inArray(
                jobApplications.id,
                moving.map((a) => a.id),
              ),
            );
        }
        const changed = moving.filter((a) => a.status !== target.status);
        // Each applicant's notification is written with the move (issue 25).
        for (const before of changed) {
          await push.send(tx, {
            type: 'application-state',
            jobId: job.id,
            userEmail: before.userEmail,
            status: target.status,
          });
        }
        return changed;
      });
      return {
        data: { moved: ids.map((id) => ({ id, stage: target.key, status: target.status })) },
      };
    },
    write,
  );

  registerRoute(
    app,
    addNoteRoute,
    async (request, reply) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const { applicationId } = parseOrThrow(addNoteRoute.params, request.params, 'applicant');
      const { text } = parseOrThrow(addNoteRoute.body, request.body, 'note');
      await ownApplication(options, member, applicationId);
      const [note] = await db
        .insert(applicantNotes)
        .values({
          id: `note-${randomUUID()}`,
          applicationId,
          authorId: member.corporateUserId,
          text,
        })
        .returning();
      if (!note) throw new Error('insert returned no row');
      const [author] = await db
        .select({ firstName: corporateUsers.firstName, lastName: corporateUsers.lastName })
        .from(corporateUsers)
        .where(eq(corporateUsers.id, member.corporateUserId));
      return reply.code(201).send({
        data: {
          id: note.id,
          text: note.text,
          authorName: authorName(author ?? { firstName: null, lastName: null }),
          createdAt: note.createdAt.toISOString(),
        },
      });
    },
    write,
  );

  registerRoute(
    app,
    evaluationRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'create_jobs');
      const { applicationId } = parseOrThrow(evaluationRoute.params, request.params, 'applicant');
      const body = parseOrThrow(evaluationRoute.body, request.body, 'evaluation');
      await ownApplication(options, member, applicationId);
      const values = {
        ratings: body.ratings,
        recommendation: body.recommendation,
        summary: body.summary,
        updatedAt: new Date(),
      };
      const [saved] = await db
        .insert(applicantEvaluations)
        .values({ applicationId, authorId: member.corporateUserId, ...values })
        .onConflictDoUpdate({
          target: [applicantEvaluations.applicationId, applicantEvaluations.authorId],
          set: values,
        })
        .returning();
      if (!saved) throw new Error('upsert returned no row');
      const [author] = await db
        .select({ firstName: corporateUsers.firstName, lastName: corporateUsers.lastName })
        .from(corporateUsers)
        .where(eq(corporateUsers.id, member.corporateUserId));
      return {
        data: {
          authorName: authorName(author ?? { firstName: null, lastName: null }),
          mine: true,
          ratings: body.ratings,
          recommendation: body.recommendation,
          summary: body.summary,
          updatedAt: saved.updatedAt.toISOString(),
        },
      };
    },
    write,
  );

  registerRoute(app, applicantCvRoute, async (request, reply) => {
    const member = await requireCompanyMember(db, request, 'create_jobs');
    const { applicationId } = parseOrThrow(applicantCvRoute.params, request.params, 'applicant');
    const { application } = await ownApplication(options, member, applicationId);
    const [user] = await db
      .select({ key: users.cvObjectKey })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${application.userEmail})`)
      .limit(1);
    const link = user?.key ? await cvLink(user.key) : null;
    if (!link) throw new HttpError(404, 'This applicant has no CV');
    reply.header('cache-control', 'private, no-store');
    return { data: link };
  });

  registerRoute(app, stagesRoute, async (request) => {
    const member = await requireCompanyMember(db, request, 'create_jobs');
    return { data: await loadStages(db, member.company.id) };
  });

  registerRoute(
    app,
    saveStagesRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'manage_users');
      const body = parseOrThrow(saveStagesRoute.body, request.body, 'stages');
      return { data: await saveStages(db, member.company.id, body) };
    },
    write,
  );
}

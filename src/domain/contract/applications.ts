/**
 * The applications API area (spec §4 "Application", §7 calls on the jobs host): applying (once),
 * the existence check, the candidate's own list and the company's status change.
 *
 * Status meanings:
 * - POST …/job-application/ and …/external-job-application/: 201 created; 403 ALREADY_SUBMITTED
 *   is a repeat (the client's "redundant" outcome: applied); 409 SCORES_PROCESSING while a new
 *   CV is being read (spec §8 "Failed to apply"; retry later); 404 job not found.
 * - GET …/{jobid}/{email}: 200 applied, 404 not applied (spec §4 existence check).
 */
import * as z from 'zod/mini';
import { idOf } from './common';

export const ApplicationErrors = {
  /** spec §4: a second application for the same job. */
  alreadySubmitted: 'Already submitted',
  /** spec §8 "Failed to apply (scores still processing, try again in a few minutes)". */
  scoresProcessing: 'Match scores are still processing. Please try again in a few minutes.',
  cannotApply: 'This account cannot apply for jobs',
  jobNotFound: 'Job not found',
  jobIsExternal: 'This job is external: apply on its own site',
  jobIsInternal: 'This job takes applications here, not externally',
  notApplied: 'No application',
  notYours: 'You can only check your own applications',
} as const;

/** The 403 text of a repeated application (spec §4): defined once for server and outbox. */
export const ALREADY_SUBMITTED = ApplicationErrors.alreadySubmitted;

/** Matches SCORES_PROCESSING and the older "score still processing" wording. */
export const SCORES_PROCESSING_PATTERN = /scores? (are )?still processing/i;

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
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * What a candidate reads for each state on "My applications" (the spec shows no labels; a
 * rejection reads as "Not selected", as the best job boards word it).
 */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  APPLIED: 'Applied',
  UNDER_REVIEW: 'Under review',
  SHORTLISTED: 'Shortlisted',
  INTERVIEWING: 'Interviewing',
  OFFERED: 'Offer made',
  HIRED: 'Hired',
  REJECTED: 'Not selected',
};

/** The candidate's label of a status the server sent (an unknown one reads as Applied). */
export function applicationStatusLabel(status: string | null | undefined): string {
  return (APPLICATION_STATUSES as readonly string[]).includes(status ?? '')
    ? APPLICATION_STATUS_LABELS[status as ApplicationStatus]
    : 'Applied';
}

const score = z.optional(z.nullable(z.number().check(z.minimum(0), z.maximum(100))));

/** spec §7 `POST {jobs}/job-application/`. */
export const ApplicationBody = z.object({
  jobId: idOf(100),
  companyName: idOf(200),
  jobPortal: idOf(100),
  matchingScore: score,
  referAndEarnId: z.optional(idOf(200)),
});
export type ApplicationInput = z.infer<typeof ApplicationBody>;

/** spec §7 `POST {jobs}/external-job-application/`. */
export const ExternalApplicationBody = z.object({
  jobId: idOf(100),
  jobPortal: idOf(100),
  jobUrl: z.url().check(z.maxLength(2000)),
  matchingScore: score,
});
export type ExternalApplicationInput = z.infer<typeof ExternalApplicationBody>;

/** `…/{jobid}/{email}`: the existence check, and the company's status change. */
export const ApplicationParams = z.object({
  jobid: idOf(100),
  email: z.email().check(z.maxLength(254)),
});

/** PATCH {jobs}/job-application/{jobid}/{email} (a user of the job's company). */
export const ApplicationStatusBody = z.strictObject({ status: z.enum(APPLICATION_STATUSES) });

/**
 * An application record as the server stores it (`{ data }` of POST, GET and PATCH): its id and
 * the rest of its row (jobId, userEmail, status, …), which no client reads yet.
 */
export const ApplicationRecordSchema = z.looseObject({ id: z.string() });
export const ApplicationAnswerSchema = z.object({ data: ApplicationRecordSchema });

/** One row of `GET {jobs}/applications/mine`: internal and external, newest first. */
export const MyApplicationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  kind: z.enum(['internal', 'external']),
  jobTitle: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  matchingScore: z.nullable(z.number()),
  status: z.string(),
  appliedAt: z.string(),
});
export type MyApplication = z.infer<typeof MyApplicationSchema>;
export const MyApplicationsSchema = z.object({ data: z.array(MyApplicationSchema) });

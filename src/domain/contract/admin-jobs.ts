/**
 * Moderation of job posts (issue 21 item 1): the admins' console over every job, the queue of
 * posts waiting for review, reported by users or flagged by the system's rules, the moderators'
 * actions, and "Report this job" for candidates. Our calls (spec §7 does not show them,
 * docs/api.md):
 *
 * - GET    /api/admin/job-posts            every job, searched and filtered, a page at a time,
 *                                         with its flags and open reports (site admins).
 * - POST   /api/admin/job-posts/{id}/moderate  approve, reject, mark bad, unpublish (site admins).
 * - DELETE /api/admin/job-posts/{id}       delete (site admins); the row stays as DELETED.
 * - POST   /jobs-api/job/{id}/report       a signed-in job seeker reports a listed job, once.
 *
 * (GET /api/admin/jobs is the background queue's jobs, issue 25: hence "job-posts".)
 */
import * as z from 'zod/mini';
import { idOf } from './common';

export const ADMIN_JOBS_PAGE_SIZE = 25;

export const AdminJobErrors = {
  adminsOnly: 'Only site administrators can moderate jobs',
  notFound: 'Job not found',
  reasonRequired: 'Say why, in a few words: the company reads it',
  notInReview: 'Only a job waiting for review can be rejected',
  cannotApprove: 'Only a job in review, a rejected job or a listed one can be approved',
  notListed: 'Only a listed job can be unpublished',
  deleted: 'This job was deleted',
} as const;

export const ReportErrors = {
  seekersOnly: 'Only job seekers can report a job',
  notFound: 'This job is no longer listed',
} as const;

// ---------------------------------------------------------------------------------------------
// The system's flags (server/admin/flags.ts decides them).

export const JOB_FLAGS = ['noSalary', 'feeRequest', 'duplicate'] as const;
export type JobFlag = (typeof JOB_FLAGS)[number];

export const JOB_FLAG_LABELS: Record<JobFlag, string> = {
  noSalary: 'No salary range',
  feeRequest: 'Asks for money',
  duplicate: 'Duplicate post',
};

// ---------------------------------------------------------------------------------------------
// Reports.

export const JOB_REPORT_REASONS = ['scam', 'misleading', 'duplicate', 'expired', 'other'] as const;
export type JobReportReason = (typeof JOB_REPORT_REASONS)[number];

export const JOB_REPORT_REASON_LABELS: Record<JobReportReason, string> = {
  scam: 'Scam or asks for a fee',
  misleading: 'Misleading details',
  duplicate: 'Duplicate of another post',
  expired: 'Expired or already filled',
  other: 'Something else',
};

export const ReportLimits = { noteMax: 500 } as const;

export const ReportJobBody = z.strictObject({
  reason: z.enum(JOB_REPORT_REASONS),
  note: z.optional(z.string().check(z.maxLength(ReportLimits.noteMax))),
});
export type ReportJobInput = z.infer<typeof ReportJobBody>;

/** 201 reported now; 200 this user had already reported the job (the first report stands). */
export const JobReportAnswerSchema = z.object({
  data: z.object({
    jobId: z.string(),
    reason: z.enum(JOB_REPORT_REASONS),
    createdAt: z.string(),
    alreadyReported: z.boolean(),
  }),
});
export type JobReportAnswer = z.infer<typeof JobReportAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The console's list.

/** The moderation queue's tabs: a job is in each one whose condition it meets. */
export const MODERATION_QUEUES = ['pending', 'reported', 'flagged'] as const;
export type ModerationQueue = (typeof MODERATION_QUEUES)[number];

export const JOB_SOURCES = ['company', 'external'] as const;
export type JobSource = (typeof JOB_SOURCES)[number];

/** What the status filter offers ('bad': marked bad, whatever the status). */
export const ADMIN_JOB_STATUSES = [
  'PUBLISHED',
  'PENDING_REVIEW',
  'REJECTED',
  'DRAFT',
  'CLOSED',
  'DELETED',
  'bad',
] as const;

export const AdminJobsQuerySchema = z.object({
  /** Words of the title or the company's name. */
  q: z.optional(z.string().check(z.maxLength(200))),
  status: z.optional(z.enum(ADMIN_JOB_STATUSES)),
  companyId: z.optional(idOf(100)),
  source: z.optional(z.enum(JOB_SOURCES)),
  queue: z.optional(z.enum(MODERATION_QUEUES)),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});
export type AdminJobsQuery = z.infer<typeof AdminJobsQuerySchema>;

export const AdminJobSchema = z.object({
  id: z.string(),
  jobTitle: z.string(),
  companyId: z.nullable(z.string()),
  companyName: z.string(),
  city: z.string(),
  status: z.string(),
  badJob: z.boolean(),
  moderationReason: z.nullable(z.string()),
  isExternal: z.boolean(),
  jobUrl: z.nullable(z.string()),
  salaryRange: z.object({ min: z.nullable(z.number()), max: z.nullable(z.number()) }),
  createdAt: z.string(),
  flags: z.array(z.enum(JOB_FLAGS)),
  /** The id of the post this one duplicates, when `duplicate` is flagged. */
  duplicateOf: z.nullable(z.string()),
  reports: z.object({
    /** Open reports (not yet acted on). */
    open: z.number(),
    byReason: z.partialRecord(z.enum(JOB_REPORT_REASONS), z.number()),
    /** The reporters' notes, newest first (a few). */
    notes: z.array(z.string()),
  }),
});
export type AdminJob = z.infer<typeof AdminJobSchema>;

export const AdminJobPageSchema = z.object({
  data: z.array(AdminJobSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** How many jobs wait in each queue tab (whatever the other filters). */
  queues: z.object({ pending: z.number(), reported: z.number(), flagged: z.number() }),
});
export type AdminJobPage = z.infer<typeof AdminJobPageSchema>;

// ---------------------------------------------------------------------------------------------
// Actions.

export const MODERATION_ACTIONS = ['approve', 'reject', 'markBad', 'unpublish'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Actions whose reason the company reads on its dashboard, so one is required. */
export const ACTIONS_NEEDING_REASON: readonly ModerationAction[] = [
  'reject',
  'markBad',
  'unpublish',
];

export const ReasonLimits = { max: 500 } as const;

export const AdminJobParams = z.object({ id: idOf(100) });

export const ModerateJobBody = z.strictObject({
  action: z.enum(MODERATION_ACTIONS),
  reason: z.optional(z.string().check(z.maxLength(ReasonLimits.max))),
});
export type ModerateJobInput = z.infer<typeof ModerateJobBody>;

export const DeleteJobBody = z.nullish(
  z.strictObject({ reason: z.optional(z.string().check(z.maxLength(ReasonLimits.max))) }),
);

export const AdminJobAnswerSchema = z.object({ data: AdminJobSchema });

/**
 * A company's own jobs (issue 20 items 1 and 4; spec §7 does not show these calls, so they are
 * ours, docs/api.md). Served on the jobs host next to the public job calls:
 *
 * - GET    /corporate/job/      the caller's company's jobs, every status but deleted, newest
 *                               first, with applicant counts by application state; view_jobs.
 * - GET    /corporate/job/{id}  one of them, whatever its status (the edit form); view_jobs.
 * - DELETE /job/{id}            delete_jobs only (spec §6: a recruiter cannot): the job leaves
 *                               every list; applications stay in the candidates' history.
 *
 * Moderation (item 4): publishing asks for the listing; the server answers PENDING_REVIEW instead
 * of PUBLISHED for a new company's first posts and for posts without a salary range, and the job
 * is not listed until an admin lets it through.
 */
import * as z from 'zod/mini';
import { APPLICATION_STATUSES } from './applications';
import { JobSchema } from './jobs';

/** Waiting for a moderator (not listed, not public); set by the server, never by the company. */
export const PENDING_REVIEW = 'PENDING_REVIEW';
/**
 * Turned down by a moderator (issue 21 item 1), with the reason the company reads; not listed,
 * not public. Publishing it again sends it back to review.
 */
export const REJECTED = 'REJECTED';
/** Deleted by the company: gone from every list; kept for the candidates' applications. */
export const DELETED = 'DELETED';

export const ModerationRules = {
  /**
   * A company's first posts wait for review until this many of its posts have been listed
   * (docs/decisions.md "Moderation": a spam company cannot post at scale before a human looks).
   */
  reviewedFirstPosts: 3,
} as const;

export const CorporateJobErrors = {
  notFound: 'Job not found',
  cannotDelete: 'Your role cannot delete jobs',
  closeOnlyPublished:
    'Only a published job can be closed; a draft or a job in review is unpublished',
} as const;

/** The page of the company's jobs: newest first; `lastKey` continues it. */
export const CorporateJobsQuerySchema = z.strictObject({
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
  lastKey: z.optional(z.string().check(z.maxLength(200))),
});

/** Applications of a job by state, and their total. */
export const ApplicantCountsSchema = z.object({
  total: z.number(),
  byStatus: z.record(z.enum(APPLICATION_STATUSES), z.number()),
});
export type ApplicantCounts = z.infer<typeof ApplicantCountsSchema>;

/** A job as its company sees it: the Job shape, its moderation flag and its applicants. */
export const CorporateJobSchema = z.extend(JobSchema, {
  status: z.string(),
  badJob: z._default(z.boolean(), false),
  /** A moderator's words for a rejection, a bad-job mark or an unpublish (issue 21 item 1). */
  moderationReason: z._default(z.nullable(z.string()), null),
  applicants: ApplicantCountsSchema,
});
export type CorporateJob = z.infer<typeof CorporateJobSchema>;

export const CorporateJobPageSchema = z.object({
  data: z.array(CorporateJobSchema),
  pagination: z.object({ lastKey: z.nullable(z.string()) }),
});
export type CorporateJobPage = z.infer<typeof CorporateJobPageSchema>;

export const CorporateJobDetailSchema = z.object({ data: CorporateJobSchema });

/** What the company's list shows for a job: its status, or Flagged when a moderator marked it. */
export type CorporateJobState =
  'draft' | 'published' | 'pendingReview' | 'rejected' | 'closed' | 'flagged' | 'unknown';

export function corporateJobState(job: { status: string; badJob?: boolean }): CorporateJobState {
  if (job.badJob) return 'flagged';
  switch (job.status) {
    case 'DRAFT':
      return 'draft';
    case 'PUBLISHED':
      return 'published';
    case PENDING_REVIEW:
      return 'pendingReview';
    case REJECTED:
      return 'rejected';
    case 'CLOSED':
      return 'closed';
    default:
      return 'unknown';
  }
}

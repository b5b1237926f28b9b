/**
 * A company saves one of its jobs (issue 20): a new one is `POST /jobs-api/job/` under the id the
 * device chose for it, so a publish or an edit queued behind it can name it; a known one is
 * `PATCH /jobs-api/job/{id}`. Every corporate job action waits in one line (CORPORATE_JOBS_LINE),
 * so a publish never overtakes the post that creates its job. Asking to publish may end in review
 * (PENDING_REVIEW, server/jobs/moderation.ts): the toast says which.
 */
import * as z from 'zod/mini';
import { PENDING_REVIEW } from '../../../domain/contract/corporate-jobs';
import { JobDetailSchema, type NewJob } from '../../../domain/contract/jobs';
import { classifyFailure, isOk } from '../classify';
import { defineKind, type KindToast } from '../kind';

/** Saves, publishes, unpublishes, closes and deletes of jobs: one FIFO line. */
export const CORPORATE_JOBS_LINE = 'corporateJobs';

export interface CorporateJobSavePayload {
  readonly jobId: string;
  /** No post of this job has been queued before: create it. */
  readonly create: boolean;
  /**
   * The job's fields and the status asked for (the contract's POST body); an edit may leave the
   * status out (a closed job's text corrected stays closed).
   */
  readonly job: Omit<NewJob, 'id' | 'status'> & { readonly status?: NewJob['status'] };
  /**
   * The form's Save changes (a listed or closed job) rather than Publish or Save draft; only the
   * panel's label reads it (absent from saves queued before it existed).
   */
  readonly changes?: boolean;
}

/** The panel's label: the button the user pressed, so a company's job post never reads like a
 * candidate's saved job ("Save job"). */
export function jobSaveLabel(payload: CorporateJobSavePayload): string {
  if (payload.changes || !payload.job.status) return 'Save job changes';
  return payload.job.status === 'PUBLISHED' ? 'Publish job' : 'Save draft';
}

/** The subject of every action on one job. */
export function corporateJobSubject(jobId: string): string {
  return `corporate-job:${jobId}`;
}

/** How a save ended, from the status the server gave the job. */
export function savedOutcome(data: unknown): string {
  const parsed = z.safeParse(JobDetailSchema, data);
  const status = parsed.success ? parsed.data.data.status : null;
  if (status === 'PUBLISHED') return 'published';
  if (status === PENDING_REVIEW) return 'inReview';
  return 'saved';
}

export const SAVED_TOASTS: Readonly<Record<string, KindToast>> = {
  published: { level: 'success', text: 'Job published.' },
  inReview: {
    level: 'info',
    text: 'Job sent for review: it is listed once a moderator approves it.',
  },
  saved: { level: 'success', text: 'Job saved.' },
};

export const corporateJobSaveKind = defineKind<CorporateJobSavePayload>({
  label: jobSaveLabel,
  describe: (payload) => payload.job.jobTitle,
  firstStep: 'send',
  line: CORPORATE_JOBS_LINE,
  // Each save is a state of the form to deliver in order.
  coalesce: { mode: 'none' },
  toast: {
    done: (outcome) => SAVED_TOASTS[outcome ?? ''] ?? null,
    failed: (error) => ({ level: 'error', text: `The job was not saved: ${error ?? 'refused'}` }),
  },
  async execute(action, context) {
    const { jobId, create, job } = action.payload as CorporateJobSavePayload;
    const response = create
      ? await context.send({
          method: 'POST',
          url: `${context.jobsApiUrl}/job/`,
          body: { ...job, id: jobId },
        })
      : await context.send({
          method: 'PATCH',
          url: `${context.jobsApiUrl}/job/${encodeURIComponent(jobId)}`,
          body: job,
        });
    if (!isOk(response)) return classifyFailure(response);
    return { type: 'done', outcome: savedOutcome(response.data), result: response.data };
  },
});

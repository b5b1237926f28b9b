/**
 * Save and unsave a job: `PUT` / `DELETE /saved-jobs/{jobId}` (issue 8; idempotent by nature).
 * The two share one line, so an unsave never overtakes an earlier save of the same job that is
 * backing off, and an unsent one cancels out with its opposite.
 */
import type * as z from 'zod/mini';
import type { SaveJobBody } from '../../../domain/contract/saved-jobs';
import { classifyFailure, isOk } from '../classify';
import { defineKind, describeJob } from '../kind';

export interface SavedJobPayload {
  readonly jobId: string;
  readonly note?: string;
  readonly jobTitle?: string;
  readonly companyName?: string;
}

const SAVED_JOBS_LINE = 'savedJobs';

export const saveKind = defineKind<SavedJobPayload>({
  label: 'Save job',
  describe: describeJob,
  firstStep: 'send',
  // The newest note wins: a queued save of the job (unsent, or tried and waiting to retry) is
  // replaced, so the panel lists the job once and the server gets the newest note.
  coalesce: { mode: 'latest-wins' },
  cancels: 'unsave',
  line: SAVED_JOBS_LINE,
  async execute(action, context) {
    const payload = action.payload as SavedJobPayload;
    const body: z.input<typeof SaveJobBody> = { note: payload.note ?? null };
    const response = await context.send({
      method: 'PUT',
      url: `${context.apiUrl}/saved-jobs/${encodeURIComponent(payload.jobId)}`,
      body,
    });
    return isOk(response) ? { type: 'done', outcome: 'saved' } : classifyFailure(response);
  },
});

export const unsaveKind = defineKind<SavedJobPayload>({
  label: 'Remove saved job',
  describe: describeJob,
  firstStep: 'send',
  coalesce: { mode: 'subject', retryFailed: false },
  cancels: 'save',
  line: SAVED_JOBS_LINE,
  async execute(action, context) {
    const payload = action.payload as SavedJobPayload;
    const response = await context.send({
      method: 'DELETE',
      url: `${context.apiUrl}/saved-jobs/${encodeURIComponent(payload.jobId)}`,
    });
    // Unsaving something the server never had is what the user wanted anyway.
    if (isOk(response) || response.status === 404) return { type: 'done', outcome: 'unsaved' };
    return classifyFailure(response);
  },
});

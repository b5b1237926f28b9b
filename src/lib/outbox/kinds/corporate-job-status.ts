/**
 * Publish, unpublish and close one of the company's jobs: `PATCH /jobs-api/job/{id}` with the
 * status (issue 20). Asking twice before the first is sent queues it once (one open action per
 * job and kind); a replay is harmless (the server changes nothing when the status is already
 * there, and notifies nobody). Publishing may end in review (server/jobs/moderation.ts).
 */
import { classifyFailure, isOk } from '../classify';
import { defineKind, type OutboxKindSpec } from '../kind';
import { CORPORATE_JOBS_LINE, SAVED_TOASTS, savedOutcome } from './corporate-job-save';

export interface CorporateJobStatusPayload {
  readonly jobId: string;
  /** For the panel only (not sent). */
  readonly jobTitle?: string;
}

function statusKind(
  label: string,
  status: 'PUBLISHED' | 'DRAFT' | 'CLOSED',
  doneText: string,
): OutboxKindSpec<CorporateJobStatusPayload> {
  return defineKind<CorporateJobStatusPayload>({
    label,
    describe: (payload, subject) => payload.jobTitle ?? subject,
    firstStep: 'send',
    line: CORPORATE_JOBS_LINE,
    coalesce: { mode: 'subject', retryFailed: true },
    toast: {
      done: (outcome) =>
        status === 'PUBLISHED'
          ? (SAVED_TOASTS[outcome ?? ''] ?? null)
          : { level: 'success', text: doneText },
      failed: (error) => ({ level: 'error', text: `${label} failed: ${error ?? 'refused'}` }),
    },
    async execute(action, context) {
      const { jobId } = action.payload as CorporateJobStatusPayload;
      const response = await context.send({
        method: 'PATCH',
        url: `${context.jobsApiUrl}/job/${encodeURIComponent(jobId)}`,
        body: { status },
      });
      if (!isOk(response)) return classifyFailure(response);
      return { type: 'done', outcome: savedOutcome(response.data), result: response.data };
    },
  });
}

export const corporateJobPublishKind = statusKind('Publish job', 'PUBLISHED', 'Job published.');
export const corporateJobUnpublishKind = statusKind(
  'Unpublish job',
  'DRAFT',
  'Job unpublished: it is a draft again.',
);
export const corporateJobCloseKind = statusKind('Close job', 'CLOSED', 'Job closed.');

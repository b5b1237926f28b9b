/**
 * "Report this job": `POST {jobs host}/job/{id}/report` (issue 21 item 1). Queued like every
 * other action, so a report made offline is sent when the connection is back, once (the
 * Idempotency-Key, and the server keeps one report per user and job: a repeat answers 200 with
 * the first, which is what the user wanted).
 */
import type { JobReportReason } from '../../../domain/contract/admin-jobs';
import { classifyFailure, isOk } from '../classify';
import { defineKind, describeJob } from '../kind';

export interface ReportJobPayload {
  readonly jobId: string;
  readonly reason: JobReportReason;
  readonly note?: string;
  /** For the pending-actions panel only (not sent). */
  readonly jobTitle?: string;
  readonly companyName?: string;
}

export const reportJobKind = defineKind<ReportJobPayload>({
  label: 'Report job',
  describe: describeJob,
  firstStep: 'send',
  // One report per job: asking again while one waits is the same report.
  coalesce: { mode: 'subject', retryFailed: true },
  toast: {
    done: () => ({ level: 'success', text: 'Report sent. Our moderators will look at this job.' }),
    failed: (error) => ({
      level: 'error',
      text: `Report not sent: ${error ?? 'Something went wrong'}`,
    }),
  },
  async execute(action, context) {
    const payload = action.payload as ReportJobPayload;
    const note = payload.note?.trim();
    const response = await context.send({
      method: 'POST',
      url: `${context.jobsApiUrl}/job/${encodeURIComponent(payload.jobId)}/report`,
      body: { reason: payload.reason, ...(note ? { note } : {}) },
    });
    if (!isOk(response)) return classifyFailure(response);
    return { type: 'done', outcome: response.status === 200 ? 'alreadyReported' : 'reported' };
  },
});

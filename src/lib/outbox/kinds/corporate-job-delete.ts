/**
 * Delete one of the company's jobs: `DELETE /jobs-api/job/{id}` (issue 20; delete_jobs, so
 * corporate admins only, spec §6). A 404 means it is gone already (a replay): delivered.
 */
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';
import { CORPORATE_JOBS_LINE } from './corporate-job-save';
import type { CorporateJobStatusPayload } from './corporate-job-status';

export const corporateJobDeleteKind = defineKind<CorporateJobStatusPayload>({
  label: 'Delete job',
  describe: (payload, subject) => payload.jobTitle ?? subject,
  firstStep: 'send',
  line: CORPORATE_JOBS_LINE,
  coalesce: { mode: 'subject', retryFailed: true },
  toast: {
    done: () => ({ level: 'success', text: 'Job deleted.' }),
    failed: (error) => ({ level: 'error', text: `Delete job failed: ${error ?? 'refused'}` }),
  },
  async execute(action, context) {
    const { jobId } = action.payload as CorporateJobStatusPayload;
    const response = await context.send({
      method: 'DELETE',
      url: `${context.jobsApiUrl}/job/${encodeURIComponent(jobId)}`,
    });
    if (isOk(response) || response.status === 404) return { type: 'done', outcome: 'deleted' };
    return classifyFailure(response);
  },
});

/** Apply to a job on the platform: `POST {jobs}/job-application/` (spec §7, issue 6). */
import { defineKind, describeJob } from '../kind';
import { applicationOutcome, applicationToast } from './application';

export interface ApplyPayload {
  readonly jobId: string;
  readonly companyName: string;
  readonly jobPortal: string;
  readonly matchingScore?: number | null;
  readonly referAndEarnId?: string;
  /** For the UI only (not sent): what the candidate applied to. */
  readonly jobTitle?: string;
}

export const applyKind = defineKind<ApplyPayload>({
  label: 'Application',
  describe: describeJob,
  firstStep: 'send',
  coalesce: { mode: 'subject', retryFailed: true },
  application: 'internal',
  toast: applicationToast,
  async execute(action, context) {
    const { jobTitle: _forUi, ...body } = action.payload as ApplyPayload;
    const response = await context.send({
      method: 'POST',
      url: `${context.jobsApiUrl}/job-application/`,
      body,
    });
    return applicationOutcome(response);
  },
});

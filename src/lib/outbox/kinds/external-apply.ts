/** Apply to an external job: `POST {jobs}/external-job-application/` (spec §7), as apply. */
import { defineKind, describeJob } from '../kind';
import { applicationOutcome, applicationToast } from './application';

export interface ExternalApplyPayload {
  readonly jobId: string;
  readonly jobPortal: string;
  readonly jobUrl: string;
  readonly matchingScore?: number | null;
  readonly companyName?: string;
  readonly jobTitle?: string;
}

export const externalApplyKind = defineKind<ExternalApplyPayload>({
  label: 'External application',
  describe: describeJob,
  firstStep: 'send',
  coalesce: { mode: 'subject', retryFailed: true },
  application: 'external',
  toast: applicationToast,
  async execute(action, context) {
    const {
      jobTitle: _title,
      companyName: _company,
      ...body
    } = action.payload as ExternalApplyPayload;
    const response = await context.send({
      method: 'POST',
      url: `${context.jobsApiUrl}/external-job-application/`,
      body,
    });
    return applicationOutcome(response);
  },
});

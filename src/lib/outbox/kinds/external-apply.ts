/** Apply to an external job: `POST {jobs}/external-job-application/` (spec §7), as apply. */
import type { ExternalApplicationInput } from '../../../domain/contract/applications';
import { defineKind, describeJob } from '../kind';
import { applicationOutcome, applicationToast } from './application';

/** The contract's external application body, and (for the UI only) the job's title and company. */
export type ExternalApplyPayload = Readonly<ExternalApplicationInput> & {
  readonly companyName?: string;
  readonly jobTitle?: string;
};

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
    const sent: ExternalApplicationInput = body;
    const response = await context.send({
      method: 'POST',
      url: `${context.jobsApiUrl}/external-job-application/`,
      body: sent,
    });
    return applicationOutcome(response);
  },
});

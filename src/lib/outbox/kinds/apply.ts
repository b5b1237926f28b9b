/** Apply to a job on the platform: `POST {jobs}/job-application/` (spec §7, issue 6). */
import type { ApplicationInput } from '../../../domain/contract/applications';
import { defineKind, describeJob } from '../kind';
import { applicationOutcome, applicationToast } from './application';

/** The contract's application body, and what the candidate applied to (for the UI only). */
export type ApplyPayload = Readonly<ApplicationInput> & { readonly jobTitle?: string };

export const applyKind = defineKind<ApplyPayload>({
  label: 'Application',
  describe: describeJob,
  firstStep: 'send',
  coalesce: { mode: 'subject', retryFailed: true },
  application: 'internal',
  toast: applicationToast,
  async execute(action, context) {
    const { jobTitle: _forUi, ...body }: ApplyPayload = action.payload as ApplyPayload;
    const sent: ApplicationInput = body;
    const response = await context.send({
      method: 'POST',
      url: `${context.jobsApiUrl}/job-application/`,
      body: sent,
    });
    return applicationOutcome(response);
  },
});

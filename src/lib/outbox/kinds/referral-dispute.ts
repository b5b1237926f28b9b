/**
 * "Report a problem" on a referral request (issue 21 item 3): `POST /api/referrals/{id}/dispute`
 * with the candidate's (or referee's) note; an admin reads it in the oversight queue. Each person
 * reports once per request, so a 409 (reported already, from another device or a replay whose
 * answer was lost) is what they wanted: done. Other refusals fail visibly with the server's words.
 */
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

export interface ReferralDisputePayload {
  readonly requestId: string;
  readonly note: string;
  /** For the UI only (not sent). */
  readonly jobTitle?: string;
  readonly companyName?: string;
}

export const referralDisputeKind = defineKind<ReferralDisputePayload>({
  label: 'Report a referral problem',
  describe: (payload, subject) =>
    payload.jobTitle
      ? payload.companyName
        ? `${payload.jobTitle} at ${payload.companyName}`
        : payload.jobTitle
      : subject,
  firstStep: 'send',
  coalesce: { mode: 'subject', retryFailed: true },
  toast: {
    done: (outcome) =>
      outcome === 'reported'
        ? { level: 'success', text: 'Problem reported: an admin will look into it' }
        : null,
    failed: (error) => ({
      level: 'error',
      text: `Problem not reported: ${error ?? 'Something went wrong'}`,
    }),
  },
  async execute(action, context) {
    const payload = action.payload as ReferralDisputePayload;
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/referrals/${encodeURIComponent(payload.requestId)}/dispute`,
      body: { note: payload.note },
    });
    if (isOk(response)) return { type: 'done', outcome: 'reported', result: response.data };
    if (response.status === 409) return { type: 'done', outcome: 'alreadyReported' };
    return classifyFailure(response);
  },
});

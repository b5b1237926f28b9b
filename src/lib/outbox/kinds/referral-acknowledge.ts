/**
 * The candidate acknowledges a referral a referee made: `POST /api/referrals/{id}/acknowledge`
 * (issue 16). A request that is already acknowledged (from another device, or a replay whose
 * answer was lost) is what the candidate wanted: done. Any other state answers 409 with the
 * server's words and fails visibly (Retry / Discard in the panel).
 */
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

export interface ReferralAcknowledgePayload {
  readonly requestId: string;
  /** For the UI only (not sent). */
  readonly jobTitle?: string;
  readonly companyName?: string;
}

function stateOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { state?: unknown }).state : null;
}

export const referralAcknowledgeKind = defineKind<ReferralAcknowledgePayload>({
  label: 'Acknowledge referral',
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
      outcome === 'acknowledged' ? { level: 'success', text: 'Referral acknowledged' } : null,
    failed: (error) => ({
      level: 'error',
      text: `Referral not acknowledged: ${error ?? 'Something went wrong'}`,
    }),
  },
  async execute(action, context) {
    const payload = action.payload as ReferralAcknowledgePayload;
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/referrals/${encodeURIComponent(payload.requestId)}/acknowledge`,
      body: {},
    });
    if (isOk(response)) return { type: 'done', outcome: 'acknowledged', result: response.data };
    if (response.status === 409 && stateOf(response.data) === 'acknowledged') {
      return { type: 'done', outcome: 'alreadyAcknowledged' };
    }
    return classifyFailure(response);
  },
});

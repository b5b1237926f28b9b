/**
 * The candidate acknowledges a referral a referee made: `POST /api/referrals/{id}/acknowledge`
 * (issue 16). A request that is already acknowledged (from another device, or a replay whose
 * answer was lost) is what the candidate wanted: done. Any other state answers 409 with the
 * server's words and fails visibly (Retry / Discard in the panel).
 */
import type { HttpResult } from '../model';
import { referralRequestKind, type ReferralJobPayload } from './referral-action';

export type ReferralAcknowledgePayload = ReferralJobPayload;

function stateOf(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { state?: unknown }).state : null;
}

export const referralAcknowledgeKind = referralRequestKind<ReferralAcknowledgePayload>({
  label: 'Acknowledge referral',
  action: 'acknowledge',
  body: () => ({}),
  done: 'acknowledged',
  doneText: 'Referral acknowledged',
  already: 'alreadyAcknowledged',
  isAlready: (response: HttpResult) => stateOf(response.data) === 'acknowledged',
  failedText: 'Referral not acknowledged',
});

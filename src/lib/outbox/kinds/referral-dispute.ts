/**
 * "Report a problem" on a referral request (issue 21 item 3): `POST /api/referrals/{id}/dispute`
 * with the candidate's (or referee's) note; an admin reads it in the oversight queue. Each person
 * reports once per request, so a 409 (reported already, from another device or a replay whose
 * answer was lost) is what they wanted: done. Other refusals fail visibly with the server's words.
 */
import { referralRequestKind, type ReferralJobPayload } from './referral-action';

export interface ReferralDisputePayload extends ReferralJobPayload {
  readonly note: string;
}

export const referralDisputeKind = referralRequestKind<ReferralDisputePayload>({
  label: 'Report a referral problem',
  action: 'dispute',
  body: (payload) => ({ note: payload.note }),
  done: 'reported',
  doneText: 'Problem reported: an admin will look into it',
  already: 'alreadyReported',
  isAlready: () => true,
  failedText: 'Problem not reported',
});

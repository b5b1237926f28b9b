/**
 * The offered referee declines with a reason: `POST /api/referrals/{id}/decline` (issue 17). The
 * reason (a DECLINE_REASONS code, plus free text, required for "other") reaches the candidate;
 * the server passes the request to the next referee.
 */
import type { DeclineReason } from '../../../domain/contract/referrals';
import { defineKind } from '../kind';
import {
  REFEREE_KIND_BASE,
  classifyRefereeAnswer,
  refereeToast,
  type RefereeAnswerPayload,
} from './referee-answer';
import { postReferralAction } from './referral-action';

export interface RefereeDeclinePayload extends RefereeAnswerPayload {
  readonly reason: DeclineReason;
  readonly text?: string;
}

export const refereeDeclineKind = defineKind<RefereeDeclinePayload>({
  label: 'Decline referral',
  ...REFEREE_KIND_BASE,
  toast: refereeToast('Referral declined.'),
  async execute(action, context) {
    const payload = action.payload as RefereeDeclinePayload;
    const text = payload.text?.trim();
    const response = await postReferralAction(context, payload.requestId, 'decline', {
      reason: payload.reason,
      ...(text ? { text } : {}),
    });
    // Once declined the request is no longer this referee's, so a lost answer's replay (after
    // the idempotency window) reads as noLongerOffered: an ending either way.
    return classifyRefereeAnswer(response, 'declined', []);
  },
});

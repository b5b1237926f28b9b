/**
 * The offered referee accepts a referral request: `POST /api/referrals/{id}/accept` (issue 17).
 * Already accepted (or referred since) is what the referee wanted: done.
 */
import { defineKind } from '../kind';
import {
  REFEREE_KIND_BASE,
  classifyRefereeAnswer,
  refereeToast,
  type RefereeAnswerPayload,
} from './referee-answer';
import { postReferralAction } from './referral-action';

export type RefereeAcceptPayload = RefereeAnswerPayload;

export const refereeAcceptKind = defineKind<RefereeAcceptPayload>({
  label: 'Accept referral',
  ...REFEREE_KIND_BASE,
  toast: refereeToast('Referral accepted.'),
  async execute(action, context) {
    const payload = action.payload as RefereeAcceptPayload;
    const response = await postReferralAction(context, payload.requestId, 'accept', {});
    return classifyRefereeAnswer(response, 'accepted', ['accepted', 'referred', 'acknowledged']);
  },
});

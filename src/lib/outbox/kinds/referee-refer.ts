/**
 * The accepting referee says the referral was made: `POST /api/referrals/{id}/refer` (issue 17),
 * with an optional reference (an application id, or any note that proves it). It consumes the
 * candidate's held credit on the server. Already referred (or acknowledged) is done.
 */
import { defineKind } from '../kind';
import {
  REFEREE_LINE,
  classifyRefereeAnswer,
  describeRefereeAnswer,
  refereeToast,
  type RefereeAnswerPayload,
} from './referee-answer';

export interface RefereeReferPayload extends RefereeAnswerPayload {
  readonly reference?: string;
}

export const refereeReferKind = defineKind<RefereeReferPayload>({
  label: 'Mark as referred',
  describe: describeRefereeAnswer,
  firstStep: 'send',
  line: REFEREE_LINE,
  coalesce: { mode: 'subject', retryFailed: true },
  toast: refereeToast('Marked as referred.'),
  async execute(action, context) {
    const payload = action.payload as RefereeReferPayload;
    const reference = payload.reference?.trim();
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/referrals/${encodeURIComponent(payload.requestId)}/refer`,
      body: reference ? { reference } : {},
    });
    return classifyRefereeAnswer(response, 'referred', ['referred', 'acknowledged']);
  },
});

/**
 * What the three referee kinds share (issue 17): their payload, subject, FIFO line, panel text
 * and how an answer is classified. A referee answers `POST /api/referrals/{id}/accept|decline|
 * refer` (server/referrals/routes.ts); the server answers 2xx with the offer, or 409
 * `{ errorMsg, state }` when the request moved on. An offline answer may find that:
 * - the referee did it already (a replay whose answer was lost): delivered;
 * - the request is no longer theirs (it timed out, passed on, expired or was cancelled while
 *   they were offline): the server says `ReferralErrors.noLongerOffered`. That is an ending the
 *   referee should read about, not an error to retry: delivered with the outcome
 *   `noLongerOffered` and an explaining notice.
 */
import * as z from 'zod/mini';
import {
  REFERRAL_STATES,
  RefereeOfferSchema,
  ReferralErrors,
  type ReferralState,
} from '../../../domain/contract/referrals';
import { classifyFailure, isOk } from '../classify';
import type { KindToast } from '../kind';
import type { HttpResult, StepResult } from '../model';

export interface RefereeAnswerPayload {
  readonly requestId: string;
  /** For the UI only (not sent): the panel's "<job> for <first name>". */
  readonly jobTitle?: string;
  readonly candidateName?: string;
}

/** The outcome of an answer that found the request no longer offered to this referee. */
export const NO_LONGER_OFFERED = 'noLongerOffered';

/** Accept, decline and refer of one request wait in one line: refer never overtakes accept. */
export const REFEREE_LINE = 'refereeAnswer';

/** Subject of every referee action on one request. */
export function refereeSubject(requestId: string): string {
  return `referee:${requestId}`;
}

/** "Frontend Engineer for Asha" (first name only: the panel is glanced at in public). */
export function describeRefereeAnswer(payload: RefereeAnswerPayload, subject: string): string {
  const first = payload.candidateName?.trim().split(/\s+/)[0];
  const job = payload.jobTitle?.trim() || 'a job';
  if (!payload.jobTitle && !first) return subject;
  return first ? `${job} for ${first}` : job;
}

/** What every referee kind declares alike: panel text, first step, line, one open action each. */
export const REFEREE_KIND_BASE = {
  describe: describeRefereeAnswer,
  firstStep: 'send',
  line: REFEREE_LINE,
  coalesce: { mode: 'subject', retryFailed: true },
} as const;

/** The offer the server answered with, when it parses. */
export function parseRefereeOffer(value: unknown) {
  const parsed = z.safeParse(z.object({ data: RefereeOfferSchema }), value);
  return parsed.success ? parsed.data.data : null;
}

const ConflictSchema = z.object({ state: z.enum(REFERRAL_STATES) });

function conflictState(data: unknown): ReferralState | null {
  const parsed = z.safeParse(ConflictSchema, data);
  return parsed.success ? parsed.data.state : null;
}

/** States that end a request: nothing a referee sends can change them. */
const ENDED: readonly ReferralState[] = ['expired', 'cancelled', 'rejected'];

/**
 * done on 2xx (outcome `doneOutcome`); done as already done when a 409 shows the state this
 * answer leads to (`alreadyStates`); done as `noLongerOffered` when the request left the
 * referee; the common rules otherwise (an idempotency 409 retries, a 403 fails).
 */
export function classifyRefereeAnswer(
  response: HttpResult,
  doneOutcome: string,
  alreadyStates: readonly ReferralState[],
): StepResult {
  if (isOk(response)) {
    const offer = parseRefereeOffer(response.data);
    return offer
      ? { type: 'done', outcome: doneOutcome, result: offer }
      : { type: 'done', outcome: doneOutcome };
  }
  if (response.status === 409) {
    const state = conflictState(response.data);
    if (response.errorMsg === ReferralErrors.noLongerOffered) {
      return { type: 'done', outcome: NO_LONGER_OFFERED };
    }
    if (state && alreadyStates.includes(state)) {
      return { type: 'done', outcome: `already:${doneOutcome}` };
    }
    if (state && ENDED.includes(state)) return { type: 'done', outcome: NO_LONGER_OFFERED };
  }
  return classifyFailure(response);
}

/** The notice for a request that left the referee while they were offline. */
export const NO_LONGER_OFFERED_TEXT =
  'This request is no longer offered to you: it expired or was passed on while you were offline. Nothing was sent for it.';

export function refereeToast(doneText: string) {
  return {
    done: (outcome: string | null | undefined): KindToast | null =>
      outcome === NO_LONGER_OFFERED
        ? { level: 'warning', text: NO_LONGER_OFFERED_TEXT }
        : outcome?.startsWith('already:')
          ? null
          : { level: 'success', text: doneText },
    failed: (error: string | null | undefined): KindToast | null => ({
      level: 'error',
      text: `${doneText.replace(/\.$/, '')} failed: ${error ?? 'Something went wrong'}`,
    }),
  };
}

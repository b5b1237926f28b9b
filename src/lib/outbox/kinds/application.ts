/**
 * What an application's answer means, shared by the two application kinds (apply and external
 * apply): 2xx → submitted; 403 "Already submitted" → done as alreadySubmitted (spec §4:
 * redundant, state applied); 409 "scores still processing" (spec §8 "Failed to apply") → retried
 * with backoff, since the CV parse that causes it ends by itself; the rest by the common rules.
 */
import * as z from 'zod/mini';
import {
  ALREADY_SUBMITTED,
  ApplicationAnswerSchema,
  SCORES_PROCESSING_PATTERN as SCORES_PROCESSING,
} from '../../../domain/contract/applications';
import { classifyFailure, isOk } from '../classify';
import type { KindToast, OutboxKindSpec } from '../kind';
import type { HttpResult, StepResult } from '../model';

export { ALREADY_SUBMITTED, SCORES_PROCESSING };

export function applicationOutcome(response: HttpResult): StepResult {
  if (isOk(response)) {
    // Submitted either way (the server stored it); the record is kept when it reads as one.
    const answer = z.safeParse(ApplicationAnswerSchema, response.data);
    return {
      type: 'done',
      outcome: 'submitted',
      ...(answer.success ? { result: answer.data } : {}),
    };
  }
  if (response.status === 403 && response.errorMsg === ALREADY_SUBMITTED) {
    return { type: 'done', outcome: 'alreadySubmitted' };
  }
  // Transient by nature (the CV is being read) and not kept under the Idempotency-Key by the
  // server (server/http/idempotency.ts): the queued application tries again by itself.
  if (response.status === 409 && SCORES_PROCESSING.test(response.errorMsg ?? '')) {
    return { type: 'retry', error: response.errorMsg ?? 'Match scores are still processing' };
  }
  return classifyFailure({ ...response, data: null });
}

/** spec §8 texts, left to the job page while it shows the job. */
export const applicationToast: OutboxKindSpec['toast'] = {
  unlessWatched: true,
  done: (outcome): KindToast => ({
    level: 'success',
    text: outcome === 'alreadySubmitted' ? 'Already submitted' : 'Application Submitted',
  }),
  failed: (): KindToast => ({ level: 'error', text: 'Failed to submit application' }),
};

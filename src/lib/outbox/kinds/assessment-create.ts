/**
 * An evaluator's assessment of a person (issue 21 item 4):
 * `POST /api/evaluator/people/{userId}/assessments`. Each assessment is its own action (history:
 * nothing to merge), sent once (Idempotency-Key), so an evaluator can keep assessing offline.
 */
import type { AssessmentInput } from '../../../domain/contract/assessments';
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

export interface AssessmentCreatePayload {
  readonly userId: string;
  readonly input: AssessmentInput;
  /** For the pending-actions panel: the person's name. */
  readonly who?: string;
}

export const assessmentCreateKind = defineKind<AssessmentCreatePayload>({
  label: 'Assessment',
  describe: (payload, subject) => `${payload.who ?? subject} (${payload.input.overall}/100)`,
  firstStep: 'send',
  coalesce: { mode: 'none' },
  toast: {
    done: () => ({ level: 'success', text: 'Assessment saved.' }),
    failed: (error) => ({
      level: 'error',
      text: error ? `The assessment was not saved: ${error}` : 'The assessment was not saved.',
    }),
  },
  async execute(action, context) {
    const payload = action.payload as AssessmentCreatePayload;
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/evaluator/people/${encodeURIComponent(payload.userId)}/assessments`,
      body: payload.input,
    });
    return isOk(response) ? { type: 'done', outcome: 'saved' } : classifyFailure(response);
  },
});

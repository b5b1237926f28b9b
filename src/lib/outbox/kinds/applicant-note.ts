/**
 * A company user's note on an applicant (issue 20): `POST /corporate/applicants/{id}/notes`.
 * Written offline like a move; each note is its own action, sent once (Idempotency-Key).
 */
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

export interface ApplicantNotePayload {
  readonly jobId: string;
  readonly applicationId: string;
  readonly text: string;
  /** For the pending-actions panel. */
  readonly who?: string;
}

export const applicantNoteKind = defineKind<ApplicantNotePayload>({
  label: 'Note on applicant',
  describe: (payload, subject) => payload.who ?? subject,
  firstStep: 'send',
  coalesce: { mode: 'none' },
  line: 'applicantPipeline',
  async execute(action, context) {
    const payload = action.payload as ApplicantNotePayload;
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/corporate/applicants/${encodeURIComponent(payload.applicationId)}/notes`,
      body: { text: payload.text },
    });
    return isOk(response) ? { type: 'done', outcome: 'noted' } : classifyFailure(response);
  },
});

/**
 * A company user moves applicants to a pipeline stage (issue 20):
 * `POST /corporate/jobs/{jobId}/applicants/move`. Queued first, so a recruiter triages on a train
 * and the move is sent once on reconnect (the server honours the action's Idempotency-Key, and a
 * repeated move to the same stage changes nothing and notifies nobody). Moves of one job wait in
 * one line: a later move of the same applicant never overtakes an earlier one.
 */
import type { MoveApplicantsInput } from '../../../domain/contract/corporate-pipeline';
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';

export interface ApplicantMovePayload {
  readonly jobId: string;
  readonly applicationIds: readonly string[];
  readonly stage: string;
  /** For the pending-actions panel: "Move applicant: 2 applicants to Shortlisted". */
  readonly stageLabel?: string;
  readonly who?: string;
}

export const applicantMoveKind = defineKind<ApplicantMovePayload>({
  label: 'Move applicant',
  describe: (payload) => {
    const who =
      payload.who ??
      (payload.applicationIds.length === 1
        ? '1 applicant'
        : `${payload.applicationIds.length} applicants`);
    return `${who} to ${payload.stageLabel ?? payload.stage}`;
  },
  firstStep: 'send',
  // Every move is a change to send, in order (moving back and forth is two moves).
  coalesce: { mode: 'none' },
  line: 'applicantPipeline',
  async execute(action, context) {
    const payload = action.payload as ApplicantMovePayload;
    const body: MoveApplicantsInput = {
      applicationIds: [...payload.applicationIds],
      stage: payload.stage,
    };
    const response = await context.send({
      method: 'POST',
      url: `${context.apiUrl}/corporate/jobs/${encodeURIComponent(payload.jobId)}/applicants/move`,
      body,
    });
    return isOk(response) ? { type: 'done', outcome: 'moved' } : classifyFailure(response);
  },
});

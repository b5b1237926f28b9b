/**
 * The pipeline as the user expects to see it: the server's (or the saved) copy with the moves and
 * notes still waiting in the outbox applied on top, in the order they were made. A move shows
 * at once, offline included, and says it is waiting to be sent.
 */
import type { Applicant, Pipeline } from '@/domain/contract/corporate-pipeline';
import type { ApplicantMovePayload, ApplicantNotePayload, OutboxEntry } from '@/lib/outbox';

export interface PendingApplicant extends Applicant {
  /** Moves or notes of this applicant not yet delivered. */
  readonly pending: number;
  /** A queued action of this applicant the server refused (its text). */
  readonly failed: string | null;
}

export function withPending(
  pipeline: Pipeline,
  actions: readonly OutboxEntry[],
): PendingApplicant[] {
  const byId = new Map<string, PendingApplicant>(
    pipeline.applicants.map((a) => [a.applicationId, { ...a, pending: 0, failed: null }]),
  );
  for (const action of actions) {
    if (action.kind === 'applicantMove') {
      const payload = action.payload as ApplicantMovePayload;
      if (payload.jobId !== pipeline.job.id) continue;
      const stage = pipeline.stages.find((s) => s.key === payload.stage);
      for (const id of payload.applicationIds) {
        const current = byId.get(id);
        if (!current) continue;
        byId.set(id, {
          ...current,
          ...(action.state === 'failed' || !stage
            ? {}
            : { stage: stage.key, status: stage.status }),
          pending: current.pending + (action.state === 'failed' ? 0 : 1),
          failed: action.state === 'failed' ? (action.lastError ?? 'Not sent') : current.failed,
        });
      }
    } else if (action.kind === 'applicantNote') {
      const payload = action.payload as ApplicantNotePayload;
      const current = byId.get(payload.applicationId);
      if (!current || payload.jobId !== pipeline.job.id) continue;
      byId.set(payload.applicationId, {
        ...current,
        notes: [
          ...current.notes,
          {
            id: `pending-${action.idempotencyKey}`,
            text: payload.text,
            authorName: 'You',
            createdAt: new Date(action.createdAt).toISOString(),
          },
        ],
        pending: current.pending + (action.state === 'failed' ? 0 : 1),
        failed: action.state === 'failed' ? (action.lastError ?? 'Not sent') : current.failed,
      });
    }
  }
  return [...byId.values()];
}

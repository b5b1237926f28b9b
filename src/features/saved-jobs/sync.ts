/**
 * Saved jobs on this device → the server (issue 8), through the outbox (design/outbox.md): each
 * local change queues a `save` (PUT /saved-jobs/{jobId} with the note) or an `unsave` (DELETE),
 * which the service worker or the page delivers when online; an unsave cancels an unsent save of
 * the same job. Every local change calls this, never the API directly.
 *
 * Signed out, nothing is queued: outbox actions belong to a user, and the saves stay on this
 * device. The outbox is imported on first use, so it weighs nothing on pages that never save.
 */
import { getSession } from '@/lib/auth';

/** What the pending-actions panel names the action by (issue 26 item 3: not the raw id). */
export interface SavedJobLabel {
  readonly jobTitle: string;
  readonly companyName: string;
}

export async function queueSavedJobSync(
  jobId: string,
  saved: boolean,
  note: string,
  job?: SavedJobLabel,
) {
  const userId = getSession()?.sub;
  if (!userId) return;
  const { enqueueAction } = await import('@/lib/outbox');
  const label = job ? { jobTitle: job.jobTitle, companyName: job.companyName } : {};
  await enqueueAction({
    kind: saved ? 'save' : 'unsave',
    userId,
    subject: jobId,
    payload: { jobId, note, ...label },
  });
}

/**
 * What a company's user does to its jobs, queued in the outbox (issue 20): written to IndexedDB
 * first and delivered once, in order, by the service worker or the page, so publishing on a lost
 * connection is sent when it returns. The form's draft is dropped once its save is queued (the
 * queued action holds the values from then on).
 */
import { deleteJobDraft } from '@/lib/db';
import { corporateJobSubject, enqueueAction, type CorporateJobSavePayload } from '@/lib/outbox';

export type JobStatusAction =
  'corporateJobPublish' | 'corporateJobUnpublish' | 'corporateJobClose' | 'corporateJobDelete';

/** Queues the form's save (a post for a job the server does not have yet, else an edit). */
export async function queueJobSave(input: {
  userId: string;
  jobId: string;
  create: boolean;
  job: CorporateJobSavePayload['job'];
  /** Save changes of a listed or closed job (the panel's label). */
  changes?: boolean;
}) {
  const { userId, jobId, create, job, changes } = input;
  const result = await enqueueAction({
    kind: 'corporateJobSave',
    userId,
    subject: corporateJobSubject(jobId),
    payload: {
      jobId,
      create,
      job,
      changes,
    } satisfies CorporateJobSavePayload,
  });
  await deleteJobDraft(userId, jobId);
  return result;
}

/** Queues a publish, unpublish, close or delete; asking twice before it is sent queues one. */
export function queueJobStatus(input: {
  userId: string;
  jobId: string;
  jobTitle: string;
  kind: JobStatusAction;
}) {
  const { userId, jobId, jobTitle, kind } = input;
  return enqueueAction({
    kind,
    userId,
    subject: corporateJobSubject(jobId),
    payload: { jobId, jobTitle },
  });
}

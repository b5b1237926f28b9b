/**
 * A corporate user's job form, kept on the device as it is typed (issue 20: "drafts auto-save on
 * the device and survive reload, offline and a crash"). One row per user and job id: a new job's
 * id is chosen on the device (`job-` + a UUID, the contract's CLIENT_JOB_ID), so the draft, the
 * queued post and the job on the server share it. The values are the form's own shape, opaque
 * here. A row is removed once the job it holds has been queued for the server.
 */
import { getDb } from './instance';

export interface CorporateJobDraft {
  readonly userId: string;
  readonly jobId: string;
  /** The server has (or a queued post will create) this job: later saves are edits. */
  readonly onServer: boolean;
  readonly values: unknown;
  readonly updatedAt: number;
}

export async function getJobDraft(userId: string, jobId: string) {
  return getDb().corporateJobDrafts.get([userId, jobId]);
}

export async function putJobDraft(draft: CorporateJobDraft): Promise<void> {
  await getDb().corporateJobDrafts.put(draft);
}

export async function deleteJobDraft(userId: string, jobId: string): Promise<void> {
  await getDb().corporateJobDrafts.delete([userId, jobId]);
}

/** The user's drafts, most recently edited first. */
export async function listJobDrafts(userId: string): Promise<CorporateJobDraft[]> {
  const rows = await getDb().corporateJobDrafts.where('userId').equals(userId).sortBy('updatedAt');
  return rows.reverse();
}

/**
 * Saved jobs on this device (issue 8). Stored in Dexie's `savedJobs` table first, so saving,
 * unsaving and notes work offline; the server copy follows through the outbox (sync.ts).
 *
 * What is stored, and why:
 * - `savedJobs` rows: `{ jobId, savedAt }` (the indexed schema of lib/db v3) plus non-indexed
 *   fields Dexie keeps without a schema change: `note`, `userId` (who saved it, when signed in)
 *   and `job`, a snapshot of the job row at save time, so the Saved jobs screen can always list
 *   it even if the job cache was cleared.
 * - The job row itself is also written to the `jobs` cache: that is what the job detail page
 *   reads offline, and lib/db never evicts the jobs that are saved.
 */
import { getSession } from '@/lib/auth';
import { getDb, upsertJobs, type JobRecord, type SavedJob } from '@/lib/db';
import { queueSavedJobSync, type SavedJobLabel } from './sync';

export const NOTE_MAX_LENGTH = 2000;

export interface SavedJobRow extends SavedJob {
  readonly note?: string;
  readonly userId?: string | null;
  readonly job?: JobRecord;
}

/** The local change stands even if queueing it fails (e.g. the outbox chunk cannot load). */
function sync(jobId: string, saved: boolean, note: string, job?: SavedJobLabel) {
  return queueSavedJobSync(jobId, saved, note, job).catch((error: unknown) => {
    console.warn('Saved job not queued for sync', error);
  });
}

function savedJobs() {
  return getDb().table<SavedJobRow, string>('savedJobs');
}

export async function saveJob(job: JobRecord, note = ''): Promise<void> {
  const existing = await savedJobs().get(job.id);
  const row: SavedJobRow = {
    jobId: job.id,
    savedAt: existing?.savedAt ?? Date.now(),
    note: existing?.note ?? note.slice(0, NOTE_MAX_LENGTH),
    userId: getSession()?.sub ?? null,
    job,
  };
  await savedJobs().put(row);
  await upsertJobs([job]).catch(() => undefined); // a full cache must not undo the save
  await sync(job.id, true, row.note ?? '', job);
}

export async function unsaveJob(jobId: string): Promise<void> {
  const existing = await savedJobs().get(jobId);
  await savedJobs().delete(jobId);
  await sync(jobId, false, '', existing?.job);
}

export async function setSavedJobNote(jobId: string, note: string): Promise<void> {
  const trimmed = note.slice(0, NOTE_MAX_LENGTH);
  const updated = await savedJobs().update(jobId, { note: trimmed });
  if (updated) await sync(jobId, true, trimmed, (await savedJobs().get(jobId))?.job);
}

export function getSavedJob(jobId: string): Promise<SavedJobRow | undefined> {
  return savedJobs().get(jobId);
}

export function countSavedJobs(): Promise<number> {
  return savedJobs().count();
}

export interface SavedJobView {
  readonly saved: SavedJobRow;
  /** The freshest copy: the job cache if it has the row, else the snapshot taken at save time. */
  readonly job: JobRecord | undefined;
  readonly score: number | undefined;
  readonly application: 'pending' | 'submitted' | undefined;
}

/** Newest first, with each job's cached row, match score and (this user's) application. */
export async function listSavedJobs(): Promise<SavedJobView[]> {
  const db = getDb();
  const rows = await savedJobs().orderBy('savedAt').reverse().toArray();
  const ids = rows.map((row) => row.jobId);
  // Scores only for this list (the Saved jobs screen): the save button never loads scoring.
  const readScores = async () => (await import('@/lib/scoring')).readStoredScores(ids);
  const [jobs, scores] = await Promise.all([db.jobs.bulkGet(ids), readScores()]);
  const userId = getSession()?.sub;
  const applications = new Map(
    userId
      ? (await db.applications.where('userId').equals(userId).toArray()).map((a) => [
          a.jobId,
          a.state,
        ])
      : [],
  );
  return rows.map((saved, index) => ({
    saved,
    job: jobs[index] ?? saved.job,
    score: scores[index]?.score,
    application: applications.get(saved.jobId),
  }));
}

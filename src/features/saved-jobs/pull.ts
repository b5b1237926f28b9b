/**
 * Saved jobs follow the user across devices (issue 8): when the Saved jobs screen opens for a
 * signed-in user, the server's list (GET /api/saved-jobs) is merged into this device's.
 * The merge only adds: a job saved elsewhere appears here (with its note when this device has
 * none), unless this device has an unsave of it still waiting in the outbox. Nothing is removed
 * locally, so a save made offline (or while signed out) is never lost to an older server list.
 */
import { SavedJobListSchema } from '@/domain/contract/saved-jobs';
import { api } from '@/lib/api';
import { getSession } from '@/lib/auth';
import { getDb, upsertJobs, type JobRecord } from '@/lib/db';
import type { SavedJobRow } from './store';

const OPEN_STATES = new Set(['pending', 'sending', 'failed']);

export async function pullSavedJobs(): Promise<number> {
  const userId = getSession()?.sub;
  if (!userId) return 0;
  const { data } = await api.get('/saved-jobs', { schema: SavedJobListSchema });
  const db = getDb();
  const savedJobs = db.table<SavedJobRow, string>('savedJobs');
  const jobs: JobRecord[] = [];
  let added = 0;
  for (const remote of data) {
    const local = await savedJobs.get(remote.jobId);
    const waiting = await db.outbox.where('subject').equals(remote.jobId).toArray();
    if (waiting.some((a) => a.kind === 'unsave' && OPEN_STATES.has(a.state))) continue;
    const job = remote.job ?? local?.job;
    if (remote.job) jobs.push(remote.job);
    if (local) {
      if (!local.note && remote.note) await savedJobs.update(remote.jobId, { note: remote.note });
      continue;
    }
    await savedJobs.put({
      jobId: remote.jobId,
      savedAt: Date.parse(remote.savedAt) || Date.now(),
      note: remote.note,
      userId,
      ...(job ? { job } : {}),
    });
    added += 1;
  }
  if (jobs.length > 0) await upsertJobs(jobs).catch(() => undefined);
  return added;
}

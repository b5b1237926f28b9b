import type { JobQueryParams } from '@/domain/filters';
import { searchCachedJobs } from './job-search-copy';
import { withRecovery } from './resilience';
import { getDb } from './instance';
import { jobSearchText } from './search-text';
import type { CachedJob, JobRecord } from './types';

export async function upsertJobs(jobs: readonly JobRecord[], now = Date.now()): Promise<void> {
  const db = getDb();
  const rows: CachedJob[] = jobs.map((job) => ({
    ...job,
    cachedAt: now,
    searchText: jobSearchText(job),
  }));
  await withRecovery(db, () => db.jobs.bulkPut(rows));
}

export async function getCachedJob(id: string): Promise<CachedJob | undefined> {
  const db = getDb();
  return withRecovery(db, () => db.jobs.get(id));
}

/** Rows for these ids, in the same order; ids not cached are skipped. */
export async function getCachedJobs(ids: readonly string[]): Promise<CachedJob[]> {
  const db = getDb();
  const rows = await withRecovery(db, () => db.jobs.bulkGet([...ids]));
  return rows.filter((row): row is CachedJob => row !== undefined);
}

/**
 * Offline search: cached jobs matching the request, newest first (the server's order without
 * search ranking), at most `limit` (job-search-copy.ts keeps it fast for searches that match
 * little or nothing).
 */
export async function queryCachedJobs(
  query: JobQueryParams,
  limit = Infinity,
): Promise<CachedJob[]> {
  const db = getDb();
  return withRecovery(db, () => searchCachedJobs(db, query, limit));
}

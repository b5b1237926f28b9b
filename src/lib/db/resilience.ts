/**
 * Storage failures the app must survive (stack-notes "Browsers in the wild"):
 * - Quota: QuotaExceededError, which Dexie can also surface as an AbortError wrapping it. We
 *   evict the oldest listing cache (listing metadata, then the oldest cached jobs and companies
 *   that are not saved) and retry once. The outbox and saved jobs are never evicted.
 * - Lost connection: iOS can report "Connection to IndexedDB server lost" (UnknownError) or a
 *   closed database; we reopen the database and retry once.
 */
import type { AppDb } from './schema';

function names(error: unknown): string[] {
  const out: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const e = current as { name?: string; inner?: unknown; message?: string };
    out.push(e.name ?? '', e.message ?? '');
    current = e.inner;
  }
  return out;
}

export function isQuotaError(error: unknown): boolean {
  return names(error).some((n) => /QuotaExceeded/i.test(n));
}

export function isConnectionLost(error: unknown): boolean {
  return names(error).some((n) =>
    /DatabaseClosed|Connection to Indexed ?(DB|Database) server lost|InvalidStateError/i.test(n),
  );
}

/** Removes the oldest half of the listing cache, keeping saved jobs. */
export async function evictOldestListings(db: AppDb): Promise<void> {
  await db.transaction('rw', [db.listings, db.jobs, db.companies, db.savedJobs], async () => {
    const saved = new Set((await db.savedJobs.toArray()).map((s) => s.jobId));
    const half = async (count: Promise<number>) => Math.max(1, Math.ceil((await count) / 2));
    const oldListings = await db.listings
      .orderBy('fetchedAt')
      .limit(await half(db.listings.count()))
      .primaryKeys();
    await db.listings.bulkDelete(oldListings);
    const oldJobs = await db.jobs
      .orderBy('cachedAt')
      .limit(await half(db.jobs.count()))
      .primaryKeys();
    await db.jobs.bulkDelete(oldJobs.filter((id) => !saved.has(id)));
    const oldCompanies = await db.companies
      .orderBy('cachedAt')
      .limit(await half(db.companies.count()))
      .primaryKeys();
    await db.companies.bulkDelete(oldCompanies);
  });
}

/** Runs a database operation, recovering once from a full disk or a lost connection. */
export async function withRecovery<T>(db: AppDb, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isQuotaError(error)) {
      await evictOldestListings(db);
      return operation();
    }
    if (isConnectionLost(error)) {
      db.close();
      await db.open();
      return operation();
    }
    throw error;
  }
}

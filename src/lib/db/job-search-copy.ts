/**
 * An in-memory copy of the cached jobs for offline search (issue 5: "fast enough for every
 * keystroke"). IndexedDB deserialises every row it hands out, descriptions included: reading all
 * 5,000 cached jobs costs ~200 ms. A search that shows a page of common matches stops early, but
 * one that matches few jobs or none must look at every row, and paid that on every keystroke.
 *
 * So the first offline search scans IndexedDB as before (stopping once its page is full), and the
 * cache is then read once more in the background, without descriptions, into memory. Later
 * searches filter that copy and read from IndexedDB only the rows they show. The copy is trusted
 * only while it matches the table: every search first reads the row count and the newest
 * `cachedAt` (each write sets it, and evictions change the count), two key-only reads. Writes
 * from another tab or the service worker therefore invalidate it as well as this tab's own.
 */
import { Dexie } from 'dexie';
import type { JobQueryParams } from '@/domain/filters';
import type { AppDb } from './schema';
import { jobMatchesQuery } from './local-filter';
import type { CachedJob } from './types';

interface SearchCopy {
  readonly db: AppDb;
  readonly signature: string;
  /** Newest first (createdAt), as the listing shows them; no job descriptions. */
  readonly rows: readonly CachedJob[];
}

let copy: SearchCopy | null = null;
let building: { db: AppDb; done: Promise<void> } | null = null;

/** For tests: settles when the copy being built (if any) is in place. */
export function searchCopySettled(): Promise<void> {
  return building?.done ?? Promise.resolve();
}

async function signatureOf(db: AppDb): Promise<string> {
  const [count, newest] = await Promise.all([
    db.jobs.count(),
    db.jobs.orderBy('cachedAt').lastKey(),
  ]);
  return `${count}:${typeof newest === 'number' ? newest : 'none'}`;
}

function withoutDescription(row: CachedJob): CachedJob {
  const { jobDescription: _description, ...rest } = row;
  return rest;
}

/**
 * When the page is idle: the read deserialises rows on the main thread (~40 µs each), so it runs
 * in slices between frames rather than as one long task that would hold back what the page is
 * drawing (cards, score badges) and the reads queued behind it.
 */
type IdleScheduler = (callback: () => void, options: { timeout: number }) => number;

function whenIdle(): Promise<void> {
  // lib/db also runs in the workers, which have no requestIdleCallback (nor its type).
  const idle = (globalThis as { requestIdleCallback?: IdleScheduler }).requestIdleCallback;
  return new Promise((resolve) => {
    if (typeof idle === 'function') idle(() => resolve(), { timeout: 1_000 });
    else setTimeout(resolve, 50);
  });
}

// ~10-20 ms of deserialising per slice.
const SLICE = 400;

/** Reads the whole cache into memory, slice by slice, outside the caller's live query. */
async function readCopy(db: AppDb): Promise<SearchCopy | null> {
  const outside = <T>(read: () => Promise<T>) =>
    Dexie.ignoreTransaction(() => db.transaction('r', db.jobs, read));
  const signature = await outside(() => signatureOf(db));
  const rows: CachedJob[] = [];
  for (;;) {
    await whenIdle();
    const slice = await outside(() =>
      db.jobs.orderBy('createdAt').reverse().offset(rows.length).limit(SLICE).toArray(),
    );
    rows.push(...slice.map(withoutDescription));
    if (slice.length < SLICE) break;
  }
  // Slices are separate reads: a write in between makes the copy useless, not wrong.
  return (await outside(() => signatureOf(db))) === signature ? { db, signature, rows } : null;
}

/** Builds the copy unless one is being built for this database. */
function buildCopy(db: AppDb) {
  if (building?.db === db) return;
  const done = readCopy(db)
    .then((made) => {
      if (made) copy = made;
    })
    // A failed read only means the next search scans IndexedDB again.
    .catch(() => undefined)
    .finally(() => {
      if (building?.done === done) building = null;
    });
  building = { db, done };
}

// Request fields that do not narrow the listing.
const NOT_FILTERS = new Set([
  'pageSize',
  'lastKey',
  'sortOrder',
  'status',
  'fromS3Vector',
  'includeCompanyDetails',
  's3VectorPageNumber',
]);

/** Whether the query searches or filters: only those can need more than a page of rows. */
function narrows(query: JobQueryParams): boolean {
  return Object.entries(query).some(
    ([name, value]) => !NOT_FILTERS.has(name) && value !== undefined && value !== '',
  );
}

/**
 * Cached jobs matching the query, newest first, at most `limit`: from the in-memory copy when it
 * is current, otherwise by scanning IndexedDB. A search or filter also has the copy built for
 * the next one; the plain listing of an offline reload does not (its scan stops after a page,
 * and the first cards must not wait behind a read of the whole cache).
 */
export async function searchCachedJobs(
  db: AppDb,
  query: JobQueryParams,
  limit: number,
): Promise<CachedJob[]> {
  if (copy?.db === db && copy.signature === (await signatureOf(db))) {
    const ids: string[] = [];
    for (const row of copy.rows) {
      if (ids.length >= limit) break;
      if (jobMatchesQuery(row, query)) ids.push(row.id);
    }
    const rows = await db.jobs.bulkGet(ids);
    return rows.filter((row): row is CachedJob => row !== undefined);
  }
  if (narrows(query)) buildCopy(db);
  return db.jobs
    .orderBy('createdAt')
    .reverse()
    .filter((job) => jobMatchesQuery(job, query))
    .limit(limit)
    .toArray();
}

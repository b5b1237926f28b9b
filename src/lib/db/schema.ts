/**
 * The app's IndexedDB database (Dexie), the device-side store of architecture.md.
 *
 * What is stored where, and why:
 * - `jobs`, `companies`: listing rows from the API, so listings and job details open offline.
 *   A cache: it may be evicted (oldest first) when storage runs out.
 * - `listings`: which ids a listing request returned and when (the "results are N minutes old"
 *   banner and the ordered first paint before the network answers). Also a cache.
 * - `scoreBuckets`, `scoreInputs`: match scores computed by the scoring worker (spec §9) and the
 *   few job fields they are computed from, grouped in buckets of jobs (src/lib/scoring/
 *   score-buckets.ts). Recomputable.
 * - `outbox`: the user's pending actions (apply, CV upload, profile edit, save), delivered by the
 *   service worker or the page (src/lib/outbox). The user's intent: never dropped by an upgrade
 *   or an eviction.
 * - `applications`: the user's applications as this device knows them (queued or submitted), so
 *   the Apply button and the applications list are right offline. User data: never evicted.
 * - `savedJobs`: jobs the user saved. User data: never dropped by an upgrade or an eviction.
 * - `profile`: the signed-in user's profile/basic details, for scoring offline.
 * - `session`: a mirror of the current access token for the service worker (it cannot read
 *   localStorage). Cleared on sign-out.
 * - `corporateJobDrafts`: a corporate user's job form as typed, saved as they type (issue 20), so
 *   a draft survives a reload, a lost connection and a crash. User data: never evicted.
 * - `payments`: credit purchases this device opened a checkout for (issue 18), written before
 *   the checkout opens, so a payment that left the app (a UPI app that never returned, a killed
 *   tab) is confirmed with the server on the next start. User data: never evicted.
 *
 * Versions: each `version(n)` lists only what changed; an `upgrade()` migrates rows in place.
 * Never delete the outbox or savedJobs tables, and never clear them in an upgrade.
 */
import { Dexie, type EntityTable, type Table } from 'dexie';
import type {
  CachedCompany,
  CachedJob,
  KeyValue,
  ListingMeta,
  LocalApplication,
  OutboxEntry,
  PendingPayment,
  SavedJob,
  ScoreBucket,
  ScoreInputBucket,
} from './types';
import type { CorporateJobDraft } from './corporate-job-drafts';
import { DB_NAME } from './name';
import { jobSearchText } from './search-text';

export { DB_NAME };
export const LATEST_VERSION = 6;

export type AppDb = Dexie & {
  jobs: EntityTable<CachedJob, 'id'>;
  companies: EntityTable<CachedCompany, 'id'>;
  listings: EntityTable<ListingMeta, 'key'>;
  scoreBuckets: EntityTable<ScoreBucket, 'bucket'>;
  scoreInputs: EntityTable<ScoreInputBucket, 'bucket'>;
  outbox: EntityTable<OutboxEntry, 'seq'>;
  applications: Table<LocalApplication, [string, string]>;
  savedJobs: EntityTable<SavedJob, 'jobId'>;
  profile: EntityTable<KeyValue, 'key'>;
  session: EntityTable<KeyValue, 'key'>;
  corporateJobDrafts: Table<CorporateJobDraft, [string, string]>;
  payments: EntityTable<PendingPayment, 'orderId'>;
};

/** Declares versions 1..upTo (tests open an older version to exercise an upgrade). */
export function createDb(name = DB_NAME, upTo = LATEST_VERSION): AppDb {
  const db = new Dexie(name) as AppDb;
  // v1: the first release: cached jobs and companies, the outbox and saved jobs.
  db.version(1).stores({
    jobs: 'id, cachedAt',
    companies: 'id, cachedAt',
    outbox: '++seq, status',
    savedJobs: 'jobId',
  });
  if (upTo >= 2) {
    // v2: listing metadata, scores, profile and session; jobs get sort and search fields.
    db.version(2)
      .stores({
        jobs: 'id, cachedAt, createdAt, companyName',
        companies: 'id, cachedAt, name',
        listings: 'key, kind, fetchedAt',
        scores: 'jobId',
        outbox: '++seq, status, idempotencyKey',
        savedJobs: 'jobId, savedAt',
        profile: 'key',
        session: 'key',
      })
      .upgrade(async (tx) => {
        await tx
          .table<CachedJob, string>('jobs')
          .toCollection()
          .modify((job: { -readonly [K in keyof CachedJob]: CachedJob[K] }) => {
            job.searchText = jobSearchText(job);
            job.cachedAt = job.cachedAt ?? 0;
          });
        await tx
          .table<SavedJob, string>('savedJobs')
          .toCollection()
          .modify((saved: { savedAt: number }) => {
            saved.savedAt = saved.savedAt ?? Date.now();
          });
      });
  }
  if (upTo >= 3) {
    // v3: the outbox record of design/outbox.md (kind, user, step, state, backoff, lease),
    // local applications, and scores tagged with the profile version they were computed for.
    db.version(3)
      .stores({
        outbox: '++seq, state, idempotencyKey, [userId+kind], subject',
        applications: '[userId+jobId], userId, appliedAt',
        scores: 'jobId, profileVersion',
      })
      .upgrade(async (tx) => {
        const now = Date.now();
        await tx
          .table('outbox')
          .toCollection()
          .modify((row: Record<string, unknown>) => {
            // v2 rows had { idempotencyKey, type, status, payload, createdAt }: keep the intent.
            row.kind ??= row.type;
            row.state ??= row.status === 'failed' ? 'failed' : 'pending';
            row.userId ??= '';
            row.subject ??= '';
            row.step ??= 'start';
            row.attempts ??= 0;
            row.nextAttemptAt ??= 0;
            row.lastError ??= null;
            row.leaseUntil ??= 0;
            row.createdAt ??= now;
            row.updatedAt ??= now;
            delete row.type;
            delete row.status;
          });
      });
  }
  if (upTo >= 4) {
    // v4: scores move from one row per job (`scores`) to a few bucket rows (`scoreBuckets`,
    // `scoreInputs`): a full rescore of 10,000 jobs wrote 10,000 rows (~0.5-1 s in Chromium), now
    // 16 (src/lib/scoring/score-buckets.ts, issue 7). Scores are recomputable, so the old table
    // is dropped, and the rescore watermark with it, so the next rescore starts from scratch.
    db.version(4)
      .stores({ scores: null, scoreBuckets: 'bucket', scoreInputs: 'bucket' })
      .upgrade(async (tx) => {
        await tx.table('profile').delete('scoring');
      });
  }
  if (upTo >= 5) {
    // v5: corporate job drafts (issue 20), one per user and job id.
    db.version(5).stores({ corporateJobDrafts: '[userId+jobId], userId, updatedAt' });
  }
  if (upTo >= 6) {
    // v6: payments this device opened a checkout for (issue 18), by order id, per user.
    db.version(6).stores({ payments: 'orderId, userId' });
  }
  return db;
}

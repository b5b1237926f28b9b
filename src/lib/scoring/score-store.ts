/**
 * Where scoring reads and writes (architecture.md "Scoring"), over the Dexie tables of
 * src/lib/db (schema v4):
 * - `profile['candidate']`: the candidate profile and its version (profile-record.ts);
 * - `profile['scoring']`: the rescore watermark: the profile version of the last finished run
 *   and when it started, so the next run re-reads only jobs cached since (their data may have
 *   changed) and rescores everything only when the version changed. A key-value row;
 * - `jobs`: read by id (keys first, then only the rows the worker has no score inputs for);
 * - `scoreBuckets`, `scoreInputs`: scores and score inputs in buckets (score-buckets.ts).
 * A run's buckets and watermark are written in one transaction, so they always agree.
 * The worker uses `dexieScoreStore()`; the page reads scores and the profile through the
 * functions below. Everything is recomputable: nothing here is user intent.
 */
import {
  getDb,
  withRecovery,
  type AppDb,
  type JobRecord,
  type MatchScore,
  type ScoreBucket,
  type ScoreInputBucket,
} from '@/lib/db';
import {
  CANDIDATE_PROFILE_KEY,
  isStoredCandidateProfile,
  type StoredCandidateProfile,
} from './profile-record';
import { bucketOf, findScore } from './score-buckets';

export const SCORING_STATE_KEY = 'scoring';

export interface ScoringState {
  readonly profileVersion: string;
  /** Jobs cached after this time (ms) may have changed since they were scored. */
  readonly scoredUpTo: number;
}

/** What one rescore run writes, in one transaction. */
export interface RescoreCommit {
  readonly state: ScoringState;
  /** Score buckets that changed (every bucket after a profile change), whole. */
  readonly scores: readonly ScoreBucket[];
  /** Input buckets that changed (jobs read again, or gone from the cache), whole. */
  readonly inputs: readonly ScoreInputBucket[];
  /** Buckets left with no job: deleted from both tables. */
  readonly emptied: readonly number[];
}

/** What the rescore engine needs from storage (tests may pass their own). */
export interface ScoreStore {
  readProfile(): Promise<StoredCandidateProfile | undefined>;
  readState(): Promise<ScoringState | undefined>;
  jobIds(): Promise<string[]>;
  jobIdsCachedAfter(time: number): Promise<string[]>;
  readScoreBuckets(): Promise<ScoreBucket[]>;
  readInputBuckets(): Promise<ScoreInputBucket[]>;
  readJobs(ids: readonly string[]): Promise<(JobRecord | undefined)[]>;
  /** Up to `limit` jobs in id order after `afterId` (from the start when null): one getAll. */
  readJobsAfter(afterId: string | null, limit: number): Promise<JobRecord[]>;
  commit(run: RescoreCommit): Promise<void>;
}

function isScoringState(value: unknown): value is ScoringState {
  const state = value as Partial<ScoringState> | null;
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof state.profileVersion === 'string' &&
    typeof state.scoredUpTo === 'number'
  );
}

export function dexieScoreStore(db: AppDb = getDb()): ScoreStore {
  const run = <T>(operation: () => Promise<T>) => withRecovery(db, operation);
  return {
    readProfile: async () => {
      const row = await run(() => db.profile.get(CANDIDATE_PROFILE_KEY));
      return isStoredCandidateProfile(row?.value) ? row.value : undefined;
    },
    readState: async () => {
      const row = await run(() => db.profile.get(SCORING_STATE_KEY));
      return isScoringState(row?.value) ? row.value : undefined;
    },
    jobIds: () => run(() => db.jobs.toCollection().primaryKeys()),
    jobIdsCachedAfter: (time) => run(() => db.jobs.where('cachedAt').above(time).primaryKeys()),
    readScoreBuckets: () => run(() => db.scoreBuckets.toArray()),
    readInputBuckets: () => run(() => db.scoreInputs.toArray()),
    readJobs: (ids) => run(() => db.jobs.bulkGet([...ids])),
    readJobsAfter: (afterId, limit) =>
      run(() =>
        (afterId === null ? db.jobs.orderBy(':id') : db.jobs.where(':id').above(afterId))
          .limit(limit)
          .toArray(),
      ),
    commit: async ({ state, scores, inputs, emptied }) => {
      await run(() =>
        db.transaction('rw', [db.scoreBuckets, db.scoreInputs, db.profile], async () => {
          await Promise.all([
            db.scoreBuckets.bulkDelete([...emptied]),
            db.scoreInputs.bulkDelete([...emptied]),
            db.scoreBuckets.bulkPut([...scores]),
            db.scoreInputs.bulkPut([...inputs]),
            db.profile.put({ key: SCORING_STATE_KEY, value: state, updatedAt: Date.now() }),
          ]);
        }),
      );
    },
  };
}

/** The stored candidate profile (any owner), or null when there is none. */
export async function readCandidateProfile(): Promise<StoredCandidateProfile | null> {
  return (await dexieScoreStore().readProfile()) ?? null;
}

/** Stores the profile unless the same owner's same version is already there. */
export async function writeCandidateProfile(record: StoredCandidateProfile): Promise<boolean> {
  const db = getDb();
  const current = await readCandidateProfile();
  if (
    current?.owner === record.owner &&
    current.version === record.version &&
    current.scorable === record.scorable
  ) {
    return false;
  }
  await withRecovery(db, () =>
    db.profile.put({ key: CANDIDATE_PROFILE_KEY, value: record, updatedAt: record.fetchedAt }),
  );
  return true;
}

/** Every score bucket row, keyed by bucket (the page's shared view, use-match-scores.ts). */
export async function readAllScoreBuckets(): Promise<ReadonlyMap<number, ScoreBucket>> {
  const db = getDb();
  const rows = await withRecovery(db, () => db.scoreBuckets.toArray());
  return new Map(rows.map((row) => [row.bucket, row]));
}

/** The bucket rows holding these jobs' scores, keyed by bucket. */
async function bucketsOf(ids: readonly string[]): Promise<Map<number, ScoreBucket>> {
  const db = getDb();
  const keys = [...new Set(ids.map(bucketOf))];
  const rows = await withRecovery(db, () => db.scoreBuckets.bulkGet(keys));
  return new Map(rows.flatMap((row) => (row ? [[row.bucket, row] as const] : [])));
}

/** Scores of these jobs computed for `profileVersion` (stale ones are left out). */
export async function readScores(
  ids: readonly string[],
  profileVersion: string,
): Promise<Map<string, MatchScore>> {
  const buckets = await bucketsOf(ids);
  const scores = new Map<string, MatchScore>();
  for (const id of ids) {
    const bucket = buckets.get(bucketOf(id));
    if (bucket?.profileVersion !== profileVersion) continue;
    const score = findScore(bucket, id);
    if (score) scores.set(id, score);
  }
  return scores;
}

/**
 * The last score stored for each of these jobs, whatever profile version it was computed for
 * (undefined where there is none), in the order of `ids`.
 */
export async function readStoredScores(
  ids: readonly string[],
): Promise<(MatchScore | undefined)[]> {
  const buckets = await bucketsOf(ids);
  return ids.map((id) => findScore(buckets.get(bucketOf(id)), id));
}

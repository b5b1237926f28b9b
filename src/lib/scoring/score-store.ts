/**
 * Where scoring reads and writes (architecture.md "Scoring"), over the Dexie tables of
 * src/lib/db (schema v3, unchanged):
 * - `profile['candidate']`: the candidate profile and its version (profile-record.ts);
 * - `profile['scoring']`: the rescore watermark: the profile version of the last run and when it
 *   started, so the next run rescores only jobs cached since (incremental) unless the version
 *   changed (full). A key-value row rather than a new table: no schema change needed;
 * - `jobs`: read by id only (keys first, rows batch by batch);
 * - `scores`: one row per job, tagged with the profile version.
 * The worker uses `dexieScoreStore()`; the page reads scores and the profile through the
 * functions below. Everything is recomputable: nothing here is user intent.
 */
import { getDb, withRecovery, type AppDb, type JobRecord, type MatchScore } from '@/lib/db';
import {
  CANDIDATE_PROFILE_KEY,
  isStoredCandidateProfile,
  type StoredCandidateProfile,
} from './profile-record';

export const SCORING_STATE_KEY = 'scoring';

export interface ScoringState {
  readonly profileVersion: string;
  /** Jobs cached after this time (ms) may have changed since they were scored. */
  readonly scoredUpTo: number;
  /** False while a full rescore for this version has not finished. */
  readonly complete?: boolean;
}

/** What the rescore engine needs from storage (tests may pass their own). */
export interface ScoreStore {
  readProfile(): Promise<StoredCandidateProfile | undefined>;
  readState(): Promise<ScoringState | undefined>;
  writeState(state: ScoringState): Promise<void>;
  jobIds(): Promise<string[]>;
  jobIdsCachedAfter(time: number): Promise<string[]>;
  /** Ids of jobs holding a score for this profile version. */
  scoredJobIds(profileVersion: string): Promise<string[]>;
  allScoreIds(): Promise<string[]>;
  readJobs(ids: readonly string[]): Promise<(JobRecord | undefined)[]>;
  /** Up to `limit` jobs in id order after `afterId` (from the start when null): one getAll. */
  readJobsAfter(afterId: string | null, limit: number): Promise<JobRecord[]>;
  writeScores(rows: readonly MatchScore[]): Promise<void>;
  deleteScores(ids: readonly string[]): Promise<void>;
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
    writeState: async (state) => {
      await run(() =>
        db.profile.put({ key: SCORING_STATE_KEY, value: state, updatedAt: Date.now() }),
      );
    },
    jobIds: () => run(() => db.jobs.toCollection().primaryKeys()),
    jobIdsCachedAfter: (time) => run(() => db.jobs.where('cachedAt').above(time).primaryKeys()),
    scoredJobIds: (version) =>
      run(() => db.scores.where('profileVersion').equals(version).primaryKeys()),
    allScoreIds: () => run(() => db.scores.toCollection().primaryKeys()),
    readJobs: (ids) => run(() => db.jobs.bulkGet([...ids])),
    readJobsAfter: (afterId, limit) =>
      run(() =>
        (afterId === null ? db.jobs.orderBy(':id') : db.jobs.where(':id').above(afterId))
          .limit(limit)
          .toArray(),
      ),
    writeScores: async (rows) => {
      await run(() => db.scores.bulkPut([...rows]));
    },
    deleteScores: async (ids) => {
      await run(() => db.scores.bulkDelete([...ids]));
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

/** Scores of these jobs computed for `profileVersion` (stale ones are left out). */
export async function readScores(
  ids: readonly string[],
  profileVersion: string,
): Promise<Map<string, MatchScore>> {
  const db = getDb();
  const rows = await withRecovery(db, () => db.scores.bulkGet([...ids]));
  const scores = new Map<string, MatchScore>();
  for (const row of rows) {
    if (row && row.profileVersion === profileVersion) scores.set(row.jobId, row);
  }
  return scores;
}

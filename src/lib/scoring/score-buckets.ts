/**
 * How match scores sit in IndexedDB: a few bucket rows, not one row per job (issue 7).
 *
 * Why: a full rescore (a new CV, an edited profile) rewrites the score of every cached job. In
 * Chromium, IndexedDB costs ~50 µs per row put or read whatever the row's size: 10,000 score
 * rows took 0.5-1.1 s to write and 10,000 job rows ~0.3-0.5 s to read, against issue 7's
 * 500 ms for the whole rescore. The same data in 16 rows writes in a few milliseconds
 * (measured in headless Chromium, see `npm run bench:scoring`). So:
 *
 * - A job belongs to bucket `bucketOf(id)` (a hash of its id, SCORE_BUCKETS buckets), so a
 *   reader finds a job's score by reading one row, and an incremental rescore rewrites only the
 *   buckets of the jobs it scored.
 * - `scoreBuckets` rows (ScoreBucket): the profile version, the job ids and a Float64Array of
 *   SCORE_STRIDE numbers per job. Small and flat, so the page decodes them cheaply whenever the
 *   worker writes (live queries re-run on every write).
 * - `scoreInputs` rows (ScoreInputBucket): the few job fields the score reads (skills, experience
 *   range), so a full rescore does not read 10,000 full job rows (descriptions and all). Only the
 *   worker reads them; it refreshes a job's copy when the job is re-cached (rescore.ts).
 */
import type { ScoreDetails } from '@/domain/score';
import type { JobRecord, MatchScore, ScoreBucket, ScoreInput } from '@/lib/db';
import { fnv1a32 } from './hash';

/** 16 buckets: ~625 jobs each for 10,000 cached jobs; a page of 20 cards reads ≤ 16 small rows. */
export const SCORE_BUCKETS = 16;

/**
 * Numbers stored per job, in this order: finalScore, coreSkills, experience,
 * roleAndResponsibilities, softSkills (ScoreDetails), then computedAt (ms since epoch).
 */
export const SCORE_STRIDE = 6;

export function bucketOf(jobId: string): number {
  return fnv1a32(jobId) % SCORE_BUCKETS;
}

/** The fields of a job the score reads (spec §9), copied into `scoreInputs`. */
export function toScoreInput(job: JobRecord): ScoreInput {
  return {
    coreSkills: job.coreSkills ?? null,
    softSkills: job.softSkills ?? null,
    technicalSkills: job.technicalSkills ?? null,
    experienceRange: job.experienceRange ?? null,
  };
}

/** Writes one job's score at `index` of a bucket's values. */
export function encodeScore(
  values: Float64Array,
  index: number,
  details: ScoreDetails,
  computedAt: number,
): void {
  const at = index * SCORE_STRIDE;
  values[at] = details.finalScore;
  values[at + 1] = details.coreSkills;
  values[at + 2] = details.experience;
  values[at + 3] = details.roleAndResponsibilities;
  values[at + 4] = details.softSkills;
  values[at + 5] = computedAt;
}

/** The score of the job at `index` of a bucket, in the shape the UI reads. */
export function decodeScore(bucket: ScoreBucket, index: number): MatchScore {
  const at = index * SCORE_STRIDE;
  const v = bucket.values;
  const details: ScoreDetails = {
    finalScore: v[at]!,
    coreSkills: v[at + 1]!,
    experience: v[at + 2]!,
    roleAndResponsibilities: v[at + 3]!,
    softSkills: v[at + 4]!,
  };
  return {
    jobId: bucket.jobIds[index]!,
    score: details.finalScore,
    details,
    profileVersion: bucket.profileVersion,
    computedAt: v[at + 5]!,
  };
}

/** The score of `jobId` in its bucket row (any profile version), if it has one. */
export function findScore(bucket: ScoreBucket | undefined, jobId: string): MatchScore | undefined {
  const index = bucket ? bucket.jobIds.indexOf(jobId) : -1;
  return bucket && index >= 0 ? decodeScore(bucket, index) : undefined;
}

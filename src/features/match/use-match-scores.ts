import { useMemo } from 'react';
import type { MatchScore, ScoreBucket } from '@/lib/db';
import { sharedDeviceQuery, useSharedDeviceQuery } from '@/lib/db/device';
import { bucketOf, findScore, readAllScoreBuckets } from '@/lib/scoring';
import type { CandidateProfileState } from './use-candidate-profile';

type Buckets = ReadonlyMap<number, ScoreBucket>;
const NO_BUCKETS: Buckets = new Map();

/**
 * One live read of every score bucket (src/lib/scoring/score-buckets.ts: 16 small rows), shared
 * by the list order (match-ranking.ts) and every card's badge, so they always show the same
 * snapshot: with a live query per component, the cards could show new scores in the old order
 * until the list's query caught up. It runs while at least one component uses scores.
 */
export const scoreBuckets = sharedDeviceQuery<Buckets, Buckets>(readAllScoreBuckets, NO_BUCKETS);

/** The scores of these jobs for this profile version in one snapshot of the buckets. */
export function scoresIn(
  buckets: Buckets | undefined,
  ids: readonly string[],
  version: string | null,
): Map<string, MatchScore> {
  const scores = new Map<string, MatchScore>();
  if (version === null) return scores;
  for (const id of ids) {
    const bucket = buckets?.get(bucketOf(id));
    const score = bucket?.profileVersion === version ? findScore(bucket, id) : undefined;
    if (score) scores.set(id, score);
  }
  return scores;
}

/** Current scores (for this profile version) of these jobs, live as the worker writes them. */
export function useMatchScores(
  ids: readonly string[],
  profile: CandidateProfileState,
): ReadonlyMap<string, MatchScore> {
  const buckets = useSharedDeviceQuery(scoreBuckets);
  const version = profile.kind === 'ready' ? profile.version : null;
  const key = ids.join('\0'); // stands for `ids` (job ids hold no NUL)
  return useMemo(
    () => scoresIn(buckets, key ? key.split('\0') : [], version),
    [buckets, key, version],
  );
}

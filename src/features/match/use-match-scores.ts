import { useMemo, useSyncExternalStore } from 'react';
import { sortByMatch } from '@/domain/score/rank';
import { watchDbQuery, type JobRecord, type MatchScore, type ScoreBucket } from '@/lib/db';
import { bucketOf, findScore, readAllScoreBuckets } from '@/lib/scoring';
import { useCandidateProfile, type CandidateProfileState } from './use-candidate-profile';

type Buckets = ReadonlyMap<number, ScoreBucket>;
const NO_BUCKETS: Buckets = new Map();

/**
 * One live read of every score bucket (src/lib/scoring/score-buckets.ts: 16 small rows), shared
 * by the list order (useMatchOrder) and every card's badge, so they always show the same
 * snapshot: with a live query per component, the cards could show new scores in the old order
 * until the list's query caught up. It runs while at least one component uses scores.
 */
const shared = (() => {
  let snapshot: Buckets = NO_BUCKETS;
  let stop: (() => void) | null = null;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      stop ??= watchDbQuery(readAllScoreBuckets, (buckets) => {
        snapshot = buckets;
        for (const notify of listeners) notify();
      });
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = null;
          snapshot = NO_BUCKETS;
        }
      };
    },
  };
})();

/** Current scores (for this profile version) of these jobs, live as the worker writes them. */
export function useMatchScores(
  ids: readonly string[],
  profile: CandidateProfileState,
): ReadonlyMap<string, MatchScore> {
  const buckets = useSyncExternalStore(shared.subscribe, shared.getSnapshot);
  const version = profile.kind === 'ready' ? profile.version : null;
  const key = ids.join('\0'); // stands for `ids` (job ids hold no NUL)
  return useMemo(() => {
    const scores = new Map<string, MatchScore>();
    if (version === null) return scores;
    for (const id of key ? key.split('\0') : []) {
      const bucket = buckets.get(bucketOf(id));
      const score = bucket?.profileVersion === version ? findScore(bucket, id) : undefined;
      if (score) scores.set(id, score);
    }
    return scores;
  }, [buckets, key, version]);
}

/**
 * spec §9 order for a signed-in candidate with a profile: own jobs scoring ≥ 50 first, then by
 * score (src/domain/score/rank.ts). Everyone else keeps the server's order (spec §6).
 */
export function useMatchOrder<T extends JobRecord>(rows: T[]): T[] {
  const profile = useCandidateProfile();
  const scores = useMatchScores(
    rows.map((row) => row.id),
    profile,
  );
  return useMemo(
    () =>
      profile.kind === 'ready' && scores.size > 0
        ? sortByMatch(rows, (job) => ({
            score: scores.get(job.id)?.score,
            isExternal: job.isExternal === true,
          }))
        : rows,
    [profile.kind, rows, scores],
  );
}

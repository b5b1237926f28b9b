import { useMemo } from 'react';
import { sortByMatch } from '@/domain/score/rank';
import { useDbQuery, type JobRecord, type MatchScore } from '@/lib/db';
import { readScores } from '@/lib/scoring/score-store';
import { useCandidateProfile, type CandidateProfileState } from './use-candidate-profile';

const NO_SCORES: ReadonlyMap<string, MatchScore> = new Map();

/** Current scores (for this profile version) of these jobs, live as the worker writes them. */
export function useMatchScores(
  ids: readonly string[],
  profile: CandidateProfileState,
): ReadonlyMap<string, MatchScore> {
  const version = profile.kind === 'ready' ? profile.version : null;
  const key = ids.join(',');
  const scores = useDbQuery(
    () => (version ? readScores(ids, version) : undefined),
    [key, version], // `key` stands for `ids`
  );
  return scores ?? NO_SCORES;
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

/**
 * spec §9 order for a signed-in candidate with a profile: own jobs scoring ≥ 50 first, then by
 * score (src/domain/score/rank.ts). Kept outside React so that useMatchOrder (use-match-order.ts),
 * which every listing calls, can load it only for a candidate (issue 24 item 2).
 */
import { sortByMatch } from '@/domain/score/rank';
import { watchDbQuery, type JobRecord } from '@/lib/db';
import { readCandidateProfile } from '@/lib/scoring';
import { scoreBuckets, scoresIn } from './use-match-scores';

/** Puts rows in match order; gives the same array back when there is nothing to order by. */
export type Ranking = <T extends JobRecord>(rows: T[]) => T[];

/**
 * Calls `onChange` with a new ranking whenever this candidate's stored profile or the scores
 * change, until the returned function is called. The scores are the snapshot the cards' badges
 * show (scoreBuckets), so the order and the badges never disagree.
 */
export function watchRanking(sub: string, onChange: (ranking: Ranking) => void): () => void {
  // The version being scored, as in useCandidateProfile: this candidate's, and scorable.
  let version: string | null = null;
  const publish = () => {
    const buckets = scoreBuckets.getSnapshot();
    const current = version;
    onChange((rows) => {
      const scores = scoresIn(
        buckets,
        rows.map((row) => row.id),
        current,
      );
      if (scores.size === 0) return rows;
      return sortByMatch(rows, (job) => ({
        score: scores.get(job.id)?.score,
        isExternal: job.isExternal === true,
      }));
    });
  };
  const stopProfile = watchDbQuery(readCandidateProfile, (stored) => {
    version = stored && stored.owner === sub && stored.scorable ? stored.version : null;
    publish();
  });
  const stopScores = scoreBuckets.subscribe(publish);
  return () => {
    stopProfile();
    stopScores();
  };
}

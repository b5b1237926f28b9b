/**
 * The listing order by match (spec §9): "Jobs with a score of 50 or more that are not external
 * sort first, then by score descending."
 *
 * - Group 1: our own (non-external) jobs scoring ≥ 50; group 2: everything else (external jobs
 *   at any score, and own jobs under 50). Within each group, higher scores first.
 * - A job not scored yet (null, undefined, NaN) sorts after every scored job of its group.
 * - Ties keep their incoming order: the comparator returns 0 and Array.prototype.sort is stable
 *   (ES2019), so the server's newest-first order survives among equals.
 */

// spec §9: jobs with a score of 50 or more that are not external sort first.
export const PRIORITY_MATCH_SCORE = 50;

export interface MatchRank {
  readonly score: number | null | undefined;
  /** Imported from an external portal (the job has an externalJobId, spec §3). */
  readonly isExternal: boolean;
}

function scoreOf(rank: MatchRank): number {
  const { score } = rank;
  return typeof score === 'number' && !Number.isNaN(score) ? score : Number.NEGATIVE_INFINITY;
}

/** True for jobs of the first group: not external and scoring at least 50. */
export function isPriorityMatch(rank: MatchRank): boolean {
  return !rank.isExternal && scoreOf(rank) >= PRIORITY_MATCH_SCORE;
}

export function compareByMatch(a: MatchRank, b: MatchRank): number {
  const groupA = isPriorityMatch(a) ? 0 : 1;
  const groupB = isPriorityMatch(b) ? 0 : 1;
  if (groupA !== groupB) return groupA - groupB;
  const scoreA = scoreOf(a);
  const scoreB = scoreOf(b);
  if (scoreA === scoreB) return 0;
  return scoreA > scoreB ? -1 : 1;
}

/** A sorted copy of `items` by the match rule; `rankOf` reads each item's score and origin. */
export function sortByMatch<T>(items: readonly T[], rankOf: (item: T) => MatchRank): T[] {
  const ranked = items.map((item) => ({ item, rank: rankOf(item) }));
  ranked.sort((x, y) => compareByMatch(x.rank, y.rank));
  return ranked.map(({ item }) => item);
}

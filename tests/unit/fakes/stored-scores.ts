import { getDb, type ScoreBucket } from '@/lib/db';
import { SCORE_STRIDE, bucketOf, encodeScore } from '@/lib/scoring';

/**
 * Stores these final scores (job id → score) as the scoring worker would, in score buckets
 * (src/lib/scoring/score-buckets.ts), for `profileVersion`. The parts are left at 0.
 */
export async function storeScores(
  scores: Readonly<Record<string, number>>,
  profileVersion: string,
  computedAt = 1,
): Promise<void> {
  const grouped = new Map<number, string[]>();
  for (const id of Object.keys(scores)) {
    grouped.set(bucketOf(id), [...(grouped.get(bucketOf(id)) ?? []), id]);
  }
  const buckets: ScoreBucket[] = [...grouped].map(([bucket, jobIds]) => {
    const values = new Float64Array(jobIds.length * SCORE_STRIDE);
    jobIds.forEach((id, index) => {
      const details = {
        finalScore: scores[id]!,
        coreSkills: 0,
        experience: 0,
        roleAndResponsibilities: 0,
        softSkills: 0,
      };
      encodeScore(values, index, details, computedAt);
    });
    return { bucket, profileVersion, jobIds, values };
  });
  await getDb().scoreBuckets.bulkPut(buckets);
}

/**
 * A person's assessment score (issue 21 item 4): the overall of their newest assessment. Read in
 * SQL by referral matching (service.ts) and in bulk by the referee inbox and the evaluator queue.
 */
import { desc, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { LatestAssessment } from '../../src/domain/contract/assessments';
import { assessments } from '../db/schema';
import type { Executor } from '../referrals/credits';

/** `(select overall … newest)` for the user id in `userId`: null when never assessed. */
export function latestOverallSql(userId: AnyColumn | SQL): SQL<number | null> {
  return sql<
    number | null
  >`(select a.overall from assessments a where a.subject_id = ${userId} order by a.created_at desc, a.id desc limit 1)`;
}

/** The newest assessment of each of `userIds` that has one. */
export async function latestAssessments(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, LatestAssessment>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([assessments.subjectId], {
      subjectId: assessments.subjectId,
      overall: assessments.overall,
      createdAt: assessments.createdAt,
    })
    .from(assessments)
    .where(inArray(assessments.subjectId, ids))
    .orderBy(assessments.subjectId, desc(assessments.createdAt), desc(assessments.id));
  return new Map(
    rows.map((row) => [
      row.subjectId,
      { overall: row.overall, assessedAt: row.createdAt.toISOString() },
    ]),
  );
}

/**
 * Which status a job that asks to be listed gets (issue 20 item 4): PUBLISHED, or PENDING_REVIEW
 * when a moderator must look first (the admin's queue lists those):
 * - a post without a salary range (both ends given; shown or hidden does not matter: the
 *   platform knows it), as the startup job board of the issue requires a real salary;
 * - a new company's first posts: until ModerationRules.reviewedFirstPosts of its own posts have
 *   been listed (published or closed after publishing). A job already listed keeps its place
 *   when edited, unless the edit removes its salary.
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { ModerationRules, PENDING_REVIEW } from '../../src/domain/contract/corporate-jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

type JobRow = typeof jobs.$inferSelect;
/** The database or a transaction on it (a write asks inside its own transaction). */
type Reader = Pick<Database, 'select'>;
export type ListingStatus = 'PUBLISHED' | typeof PENDING_REVIEW;

export function hasSalaryRange(job: Pick<JobRow, 'salaryMin' | 'salaryMax'>): boolean {
  return job.salaryMin !== null && job.salaryMax !== null;
}

/** How many of the company's own posts (not imported ones) reached the listing, `job` aside. */
async function listedPosts(db: Reader, companyId: string, exceptJobId: string | null) {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.isExternal, false),
        // A job reaches CLOSED only from PUBLISHED (manage-routes.ts), so both were listed.
        inArray(jobs.status, ['PUBLISHED', 'CLOSED']),
        ...(exceptJobId ? [ne(jobs.id, exceptJobId)] : []),
      ),
    );
  return row?.n ?? 0;
}

/** A moderator's reason stands on the job (cleared when a moderator approves it). */
async function heldByModerator(db: Reader, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ reason: jobs.moderationReason })
    .from(jobs)
    .where(eq(jobs.id, jobId));
  return row?.reason != null;
}

/**
 * The status for a job that should be listed: `job` holds its fields after the write, `current`
 * its status before (null for a new post).
 */
export async function listingStatus(
  db: Reader,
  job: Pick<JobRow, 'id' | 'companyId' | 'salaryMin' | 'salaryMax'>,
  current: string | null,
): Promise<ListingStatus> {
  if (!hasSalaryRange(job)) return PENDING_REVIEW;
  // A job a moderator held back (rejected, unpublished, marked bad: issue 21 item 1) is looked
  // at again before it is listed, or a company could undo the moderator's decision itself.
  if (current !== null && current !== 'PUBLISHED' && (await heldByModerator(db, job.id))) {
    return PENDING_REVIEW;
  }
  if (current === 'PUBLISHED') return 'PUBLISHED';
  if (!job.companyId) return PENDING_REVIEW;
  const listed = await listedPosts(db, job.companyId, current === null ? null : job.id);
  return listed >= ModerationRules.reviewedFirstPosts ? 'PUBLISHED' : PENDING_REVIEW;
}

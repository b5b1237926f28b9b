/**
 * The system's flags (flags.ts) over the live posts: every job listed or waiting for review,
 * compared with each other for duplicates. Worked out in memory from the jobs' text and kept
 * until the live posts change: a cheap fingerprint (how many, the latest update) is read on each
 * call, so a write by this process or another one is seen on the next read. With the demo's
 * ~3,000 posts a scan takes well under a second; a far larger board would store the flags at
 * write time instead (docs/decisions.md).
 */
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import { PENDING_REVIEW } from '../../src/domain/contract/corporate-jobs';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { FEE_PREFILTER, flagJobs, type JobFlags } from './flags';

/** The statuses whose posts are compared and queued: listed, or asking to be. */
export const LIVE_STATUSES = ['PUBLISHED', PENDING_REVIEW];

export interface FlagScan {
  /** Flags of every live post (posts without flags included, with an empty list). */
  readonly byJob: ReadonlyMap<string, JobFlags>;
  /** Live posts with a flag that no moderator has let through since their last edit. */
  readonly needsReview: readonly string[];
}

const liveWhere = () => and(inArray(jobs.status, LIVE_STATUSES), eq(jobs.badJob, false));

let cached: { key: string; scan: FlagScan } | null = null;

async function fingerprint(db: Database): Promise<string> {
  const [row] = await db
    .select({ n: count(), latest: max(jobs.updatedAt) })
    .from(jobs)
    .where(liveWhere());
  return `${row?.n ?? 0}:${row?.latest?.toISOString() ?? ''}`;
}

export async function scanFlags(db: Database): Promise<FlagScan> {
  const key = await fingerprint(db);
  if (cached?.key === key) return cached.scan;
  // Descriptions only where a rule could need them: text that passes the fee prefilter, or a
  // post sharing its company, city and title with another live post (a coarser key than
  // flags.ts's, so no pair it compares is missed).
  const sameKey = sql`count(*) over (partition by ${jobs.companyId}, lower(regexp_replace(${jobs.city}, '[^[:alnum:]]', '', 'g')), lower(regexp_replace(${jobs.jobTitle}, '[^[:alnum:]]', '', 'g')))`;
  const feeText = sql`(${jobs.jobTitle} || ' ' || ${jobs.jobDescription}) ~* ${FEE_PREFILTER}`;
  const live = db
    .select({
      id: jobs.id,
      companyId: jobs.companyId,
      jobTitle: jobs.jobTitle,
      city: jobs.city,
      salaryMin: jobs.salaryMin,
      salaryMax: jobs.salaryMax,
      createdAt: jobs.createdAt,
      updatedAt: jobs.updatedAt,
      reviewedAt: jobs.reviewedAt,
      jobDescription:
        sql<string>`case when ${feeText} then ${jobs.jobDescription} else null end`.as(
          'fee_description',
        ),
      sameKey: sql<number>`${sameKey}`.mapWith(Number).as('same_key'),
      fullDescription: jobs.jobDescription,
    })
    .from(jobs)
    .where(liveWhere())
    .as('live');
  const rows = await db
    .select({
      id: live.id,
      companyId: live.companyId,
      jobTitle: live.jobTitle,
      city: live.city,
      salaryMin: live.salaryMin,
      salaryMax: live.salaryMax,
      createdAt: live.createdAt,
      updatedAt: live.updatedAt,
      reviewedAt: live.reviewedAt,
      jobDescription: sql<string>`coalesce(${live.jobDescription}, case when ${live.sameKey} > 1 then ${live.fullDescription} end, '')`,
    })
    .from(live);
  const byJob = flagJobs(rows);
  const needsReview = rows
    .filter((row) => (byJob.get(row.id)?.flags.length ?? 0) > 0)
    // Let through by a moderator and not edited since: the flags were seen.
    .filter((row) => !row.reviewedAt || row.updatedAt > row.reviewedAt)
    .map((row) => row.id);
  const scan = { byJob, needsReview };
  cached = { key, scan };
  return scan;
}

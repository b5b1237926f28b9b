/**
 * The daily "a new job matches you" notification (issue 8: "when a new job scoring ≥ 75 for the
 * user is published (at most one digest a day)").
 *
 * When a job becomes PUBLISHED (posted as PUBLISHED, or changed to it), every candidate who has
 * a push subscription is scored against it with spec §9's function (src/domain/score, the one
 * the app's worker uses, via jobs/match-score.ts); those at DIGEST_MIN_SCORE or above who have
 * had no digest in the last DIGEST_INTERVAL get one naming this job.
 *
 * Choices (docs/api.md, Web Push):
 * - One job per digest, the first qualifying one of the window: later matching jobs that day are
 *   not sent (nor queued for the next day); the app's listing ranks them anyway. No batching job,
 *   no scheduler: a digest is sent when a job is published.
 * - Candidates are users whose roles may apply (spec §6 apply_jobs) and whose profile has skills
 *   to score with (the app's rule); users without a profile are skipped.
 * - The work is bounded by subscribers: only users with a push subscription are read (in pages of
 *   DIGEST_PAGE_SIZE), and those who already had a digest in the window are left out by the
 *   query, before any scoring.
 * - "At most one a day" is enforced by the database, not by this process: the send time is
 *   claimed with one INSERT … ON CONFLICT DO UPDATE … WHERE sent_at is older than the window, so
 *   two jobs published at the same moment (or on two servers) cannot both send. The claim is made
 *   before sending: a digest the push service refuses still counts for the day.
 */
import { and, asc, eq, exists, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { hasPermission } from '../../src/domain/roles';
import { createScorer } from '../../src/domain/score';
import type { Database } from '../db/client';
import { matchDigests, pushSubscriptions, users, type jobs } from '../db/schema';
import { candidateProfileOf, isScorable, scorableJob } from '../jobs/match-score';
import type { PushMessage, PushSender } from './push-sender';

type JobRow = typeof jobs.$inferSelect;

// issue 8: "a new job scoring ≥ 75 for the user".
export const DIGEST_MIN_SCORE = 75;
// issue 8: "at most one digest a day".
export const DIGEST_INTERVAL = sql.raw(`interval '24 hours'`);
const DIGEST_PAGE_SIZE = 500;

export interface DigestOptions {
  /** The company logo, shown as the notification icon. */
  icon: string | null;
  /** The in-app path of the job. */
  url: string;
}

/** Subscribers who may get a digest now, a page at a time (keyset on users.id). */
function subscribersPage(db: Database, afterId: string | null) {
  const withinWindow = sql`now() - ${DIGEST_INTERVAL}`;
  return db
    .select({
      id: users.id,
      sub: users.cognitoSub,
      userType: users.userType,
      coreSkills: users.coreSkills,
      softSkills: users.softSkills,
      technicalSkills: users.technicalSkills,
      yoe: users.yoe,
      designation: users.designation,
    })
    .from(users)
    .leftJoin(matchDigests, eq(matchDigests.userId, users.cognitoSub))
    .where(
      and(
        afterId === null ? undefined : gt(users.id, afterId),
        exists(
          db
            .select({ one: sql`1` })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, users.cognitoSub)),
        ),
        or(isNull(matchDigests.sentAt), lt(matchDigests.sentAt, withinWindow)),
      ),
    )
    .orderBy(asc(users.id))
    .limit(DIGEST_PAGE_SIZE);
}

/** Claims today's digest for these users; returns the ones whose claim succeeded. */
async function claimDigests(db: Database, subs: string[], jobId: string): Promise<string[]> {
  if (subs.length === 0) return [];
  const claimed = await db
    .insert(matchDigests)
    .values(subs.map((userId) => ({ userId, jobId })))
    .onConflictDoUpdate({
      target: matchDigests.userId,
      set: { jobId, sentAt: sql`now()` },
      setWhere: lt(matchDigests.sentAt, sql`now() - ${DIGEST_INTERVAL}`),
    })
    .returning({ userId: matchDigests.userId });
  return claimed.map((row) => row.userId);
}

/** Sends the digest about `job` to every candidate it qualifies for; returns devices reached. */
export async function sendMatchDigests(
  db: Database,
  sender: PushSender,
  job: JobRow,
  options: DigestOptions,
): Promise<number> {
  if (job.status !== 'PUBLISHED' || job.badJob) return 0;
  const target = scorableJob(job);
  let delivered = 0;
  let afterId: string | null = null;
  for (;;) {
    const page = await subscribersPage(db, afterId);
    const scores = new Map<string, number>();
    for (const user of page) {
      const profile = candidateProfileOf(user);
      if (!user.sub || !hasPermission(user.userType, 'apply_jobs') || !isScorable(profile)) {
        continue;
      }
      const { finalScore } = createScorer(profile)(target);
      if (finalScore >= DIGEST_MIN_SCORE) scores.set(user.sub, finalScore);
    }
    const claimed = await claimDigests(db, [...scores.keys()], job.id);
    const reached = await Promise.all(
      claimed.map((sub) => {
        const message: PushMessage = {
          title: 'A new job that matches you',
          body: `${job.jobTitle} at ${job.companyName}: a ${Math.round(scores.get(sub) ?? 0)}% match for your profile.`,
          url: options.url,
          jobId: job.id,
          icon: options.icon,
          // One digest at a time on a device: a newer one replaces it.
          tag: 'match-digest',
        };
        return sender.sendToUsers([sub], message);
      }),
    );
    delivered += reached.reduce((sum, n) => sum + n, 0);
    const last = page.at(-1);
    if (!last || page.length < DIGEST_PAGE_SIZE) return delivered;
    afterId = last.id;
  }
}

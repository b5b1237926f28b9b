/**
 * A corporate user's role reaches their identity groups (issue 20 item 3): an accepted invite,
 * a role change or a deactivation by the company's admin. The product record
 * (corporate_users) is the truth; the pool's corporate groups are made to match it, so the
 * user's next token carries the role and the app's guards open (or close).
 *
 * Durable: the write's transaction creates a `corporate-groups` job (server/queue), so a crash
 * or an unreachable pool right after the commit is retried with backoff. The route also syncs
 * at once after its commit, so the invitee's token refresh a moment later already has the group;
 * the job then finds nothing to change. Both read the record as it is when they run, so running
 * twice, or late, or out of order still ends at the latest role (at-least-once is safe).
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CORPORATE_GROUPS,
  IdentityUserNotFoundError,
  type IdentityGroup,
  type IdentityGroups,
} from '../auth/identity-groups';
import type { Database } from '../db/client';
import { corporateUsers } from '../db/schema';
import type { Executor, JobKind, JobQueue } from '../queue/job-queue';

export interface CorporateGroupsJob {
  /** The user's sub (corporate_users.cognito_user_id). */
  sub: string;
}

export const CORPORATE_GROUPS_JOB: Pick<
  JobKind<CorporateGroupsJob>,
  'name' | 'retryLimit' | 'retryDelaySeconds' | 'expireInSeconds' | 'concurrency'
> = {
  name: 'corporate-groups',
  // 10 s doubling 10 times: about three hours of an unreachable pool before a dead letter.
  retryLimit: 10,
  retryDelaySeconds: 10,
  expireInSeconds: 60,
  concurrency: 2,
};

/** The corporate group a record's type means; a plain "corporate" record is an admin (spec §6). */
function groupOf(type: string): IdentityGroup {
  return type === 'corporate-recruiter' ? 'corporate-recruiter' : 'corporate-admin';
}

/**
 * Makes the user's corporate groups match their record: their role's group while active, none
 * when deactivated or without a record. Other groups (general-user, linkedin…) are kept.
 * Returns false when the pool has no such user (nothing to do there).
 */
export async function syncCorporateGroups(
  db: Database,
  groups: IdentityGroups,
  sub: string,
): Promise<boolean> {
  const [row] = await db
    .select({ type: corporateUsers.corporateUserType, isDeleted: corporateUsers.isDeleted })
    .from(corporateUsers)
    .where(eq(corporateUsers.cognitoUserId, sub))
    .limit(1);
  const wanted = row && !row.isDeleted ? [groupOf(row.type)] : [];
  try {
    await groups.setAmong(sub, wanted, CORPORATE_GROUPS);
    return true;
  } catch (error) {
    if (error instanceof IdentityUserNotFoundError) return false;
    throw error;
  }
}

export interface CorporateGroupSync {
  /** Creates the job with the write's transaction (no-op without an identity pool). */
  queue(tx: Executor, sub: string): Promise<void>;
  /** After the commit: syncs now; a failure is left to the job. */
  now(sub: string): Promise<void>;
}

export function defineCorporateGroupSync(
  queue: JobQueue,
  options: { db: Database; groups: IdentityGroups | null; log: FastifyBaseLogger },
): CorporateGroupSync {
  const { db, groups, log } = options;
  queue.define<CorporateGroupsJob>({
    ...CORPORATE_GROUPS_JOB,
    handler: async ({ sub }) => {
      if (!groups) return;
      await syncCorporateGroups(db, groups, sub);
    },
  });
  return {
    async queue(tx, sub) {
      if (!groups) return;
      // One waiting job per user: it reads the latest record when it runs.
      await queue.send(tx, CORPORATE_GROUPS_JOB, { sub }, { key: sub });
    },
    async now(sub) {
      if (!groups) return;
      try {
        await syncCorporateGroups(db, groups, sub);
      } catch (error) {
        // The error's name only (no user, no token); the queued job retries.
        log.warn({ err: { name: (error as Error).name } }, 'corporate groups: left to the job');
      }
    },
  };
}

/**
 * Push notifications as durable `push` jobs (issue 25 item 1). The write that causes a
 * notification inserts its job in its own transaction (`send(tx, …)`), so a crash after the
 * answer no longer loses it, and any server process delivers it. A job carries ids and the kind
 * of change, not rows: the handler reads the job as it is when it runs (its title, company, logo).
 *
 * Dedupe keys name the event (the job and its change, the application and its new state), so the
 * same event waiting twice is sent once. A process killed in the middle of a delivery leaves the
 * job to be retried after it expires; the retry skips the devices the first run reached (the
 * sender records each delivery under the job's id, push-sender.ts), so only a kill between a push
 * service's answer and that record repeats a message, and then its tag makes the repeat replace
 * the first on the device instead of stacking.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import type { Executor, JobQueue } from '../queue/job-queue';
import type { ReferralNotice } from '../referrals/notify';
import { sendNotices } from '../referrals/notify';
import { createNotifications, jobChangesOf, type JobChange } from './notifications';
import { senderForJob, type PushSender } from './push-sender';

type JobRow = typeof jobs.$inferSelect;

export type PushJob =
  | { type: 'saved-job-changed'; jobId: string; change: JobChange }
  | { type: 'job-published'; jobId: string }
  | { type: 'application-state'; jobId: string; userEmail: string; status: string }
  | { type: 'referral-notices'; notices: ReferralNotice[] };

export const PUSH_JOB = { name: 'push' } as const;

function keyOf(job: PushJob): string | undefined {
  switch (job.type) {
    case 'saved-job-changed':
      return `saved:${job.jobId}:${job.change}`;
    case 'job-published':
      return `published:${job.jobId}`;
    case 'application-state':
      return `application:${job.jobId}:${job.userEmail.toLowerCase()}:${job.status}`;
    case 'referral-notices':
      return undefined;
  }
}

export interface PushJobs {
  /** Queues `job` in the caller's transaction (pass the transaction of the write). */
  send: (executor: Executor, job: PushJob) => Promise<void>;
  /** The notifications a job row change causes (saved-job followers, the match digest). */
  jobChanged: (executor: Executor, before: JobRow | null, after: JobRow) => Promise<void>;
}

export function createPushJobs(queue: JobQueue): PushJobs {
  const send = async (executor: Executor, job: PushJob) => {
    await queue.send(executor, PUSH_JOB, job, { key: keyOf(job) });
    // Looked for once the caller's transaction has had a chance to commit; a poll finds it
    // otherwise (within the poll interval).
    setImmediate(() => queue.nudge());
  };
  return {
    send,
    async jobChanged(executor, before, after) {
      const [change] = before ? jobChangesOf(before, after) : [];
      if (change) await send(executor, { type: 'saved-job-changed', jobId: after.id, change });
      if (after.status === 'PUBLISHED' && before?.status !== 'PUBLISHED') {
        await send(executor, { type: 'job-published', jobId: after.id });
      }
    },
  };
}

export function definePushJobs(
  queue: JobQueue,
  deps: { db: Database; sender: PushSender; log: FastifyBaseLogger },
): void {
  const { db, sender } = deps;
  const jobRow = async (id: string) =>
    (await db.select().from(jobs).where(eq(jobs.id, id)).limit(1))[0];
  queue.define<PushJob>({
    name: PUSH_JOB.name,
    // A push service that is down for a while: 5 tries over about a minute, then a dead letter.
    retryLimit: 4,
    retryDelaySeconds: 4,
    // push-sender.ts gives each push service 10 s; a digest reaches many devices. A run still active
    // after this is taken for dead and retried (a digest claims its users first: no repeat).
    expireInSeconds: 120,
    concurrency: 4,
    handler: async (job, run) => {
      // Each device once per job, however many times the job runs.
      const notifications = createNotifications(db, senderForJob(sender, run.id));
      switch (job.type) {
        case 'saved-job-changed': {
          const row = await jobRow(job.jobId);
          if (row) await notifications.savedJobChangedAs(row, job.change);
          return;
        }
        case 'job-published': {
          const row = await jobRow(job.jobId);
          if (row) await notifications.jobPublished(row);
          return;
        }
        case 'application-state': {
          const row = await jobRow(job.jobId);
          if (row) {
            await notifications.applicationStateChanged({
              job: row,
              userEmail: job.userEmail,
              status: job.status,
            });
          }
          return;
        }
        case 'referral-notices':
          await sendNotices(db, notifications, job.notices);
          return;
      }
    },
  });
}

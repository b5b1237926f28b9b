/**
 * CV parses as durable jobs (issue 25 item 1): the CV patch inserts a `cv-parse` job in the same
 * transaction that marks the user "being read", so a crash after the answer can no longer lose
 * the parse; any server process on the same database runs it. The parsing itself happens in a
 * worker thread with a heap cap and a time limit (cv-parser.ts, issue 23 item 1); one parse per
 * process at a time (2 cores, stack-notes).
 *
 * A run may happen twice (a process killed mid-parse: pg-boss retries the job after it expires),
 * so a run first checks that the user is still being read from this very file, and a file that
 * was being read when a process died MAX_PARSE_ATTEMPTS times is marked unreadable instead of
 * being tried again (it may be what kills the process). The dedupe key (user and file) keeps a
 * second job for the same file from waiting beside the first.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { Executor, JobQueue } from '../queue/job-queue';
import { PARSE_TIME_LIMIT_MS } from './parse-limits';
import { CV_PARSE_ERRORS } from './parse-errors';
import { runCvParse, type ParseDeps, type ParseJob } from './run-parse';
import { storeParseError } from './store-result';

/** The first run and one retry. */
export const MAX_PARSE_ATTEMPTS = 2;

export const CV_PARSE_JOB = { name: 'cv-parse' } as const;

const keyOf = (job: ParseJob) => `${job.userId}:${job.objectKey}`;

/** Queues the parse of `job` in the caller's transaction; null when it is already waiting. */
export function sendCvParse(queue: JobQueue, executor: Executor, job: ParseJob) {
  return queue.send(executor, CV_PARSE_JOB, job, { key: keyOf(job) });
}

export function defineCvParseJobs(queue: JobQueue, deps: ParseDeps): void {
  queue.define<ParseJob>({
    name: CV_PARSE_JOB.name,
    // Retries are for runs that never ended (runCvParse stores every failure as an outcome);
    // the attempts counter below decides when to give up, one retry more leaves it room to.
    retryLimit: MAX_PARSE_ATTEMPTS,
    retryDelaySeconds: 2,
    // Well past the parse's own time limit: an active run older than this had its process die.
    expireInSeconds: Math.ceil((PARSE_TIME_LIMIT_MS * 4) / 1000),
    concurrency: 1,
    handler: (job) => runQueuedParse(deps, job),
  });
}

async function beingRead(db: Database, job: ParseJob) {
  const [user] = await db
    .select({ attempts: users.cvParseAttempts })
    .from(users)
    .where(
      and(
        eq(users.id, job.userId),
        eq(users.cvObjectKey, job.objectKey),
        eq(users.isCvExtracted, false),
        isNull(users.cvParseError),
      ),
    )
    .limit(1);
  return user;
}

export async function runQueuedParse(deps: ParseDeps, job: ParseJob): Promise<void> {
  const user = await beingRead(deps.db, job);
  // Read already, or replaced by a newer file (whose own job reads it): nothing to do.
  if (!user) return;
  if (user.attempts >= MAX_PARSE_ATTEMPTS) {
    await storeParseError(deps.db, job, CV_PARSE_ERRORS.tooComplex);
    deps.log.warn(
      { userId: job.userId, attempts: user.attempts },
      'CV parse never finished; marked unreadable, not retried',
    );
    return;
  }
  await runCvParse(deps, job);
}

/**
 * Parses with no job (issue 25 item 1). Since the CV patch inserts its parse job in its own
 * transaction, a user "being read" (cv_object_key set, is_cv_extracted false, no cv_parse_error)
 * always has a job, unless the row was written by a server from before the job queue or by hand.
 * On start, such users get their job; those that already have one waiting or running (in any
 * process) are left alone, so N processes starting together queue nothing twice, and the dedupe
 * key catches a race between two of them.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { JobQueue } from '../queue/job-queue';
import { QUEUE_SCHEMA } from '../queue/job-queue';
import { CV_PARSE_JOB, sendCvParse } from './parse-queue';

/** Queues the unfinished parses without a job; resolves with how many were queued. */
export async function resumeUnfinishedParses(deps: {
  db: Database;
  queue: JobQueue;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { db, queue, log } = deps;
  const unfinished = await db
    .select({ userId: users.id, objectKey: users.cvObjectKey })
    .from(users)
    .where(
      and(
        isNotNull(users.cvObjectKey),
        eq(users.isCvExtracted, false),
        isNull(users.cvParseError),
        sql`NOT EXISTS (SELECT 1 FROM ${sql.raw(QUEUE_SCHEMA)}.job j
          WHERE j.name = ${CV_PARSE_JOB.name} AND j.state < 'completed'
            AND j.singleton_key = ${users.id} || ':' || ${users.cvObjectKey})`,
      ),
    );
  let queued = 0;
  for (const { userId, objectKey } of unfinished) {
    if (!objectKey) continue;
    if (await sendCvParse(queue, db, { userId, objectKey })) queued += 1;
  }
  if (queued > 0) {
    log.info({ count: queued }, 'queued CV parses left without a job');
    queue.nudge();
  }
  return queued;
}

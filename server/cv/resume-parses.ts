/**
 * Parses that a stopped server never finished. The CV patch marks the user "being read"
 * (cv_object_key set, is_cv_extracted false, no cv_parse_error) and queues the parse in memory;
 * a crash or restart before it ran would leave the user there for good, and while a CV is being
 * read applications are answered 409 "Match scores are still processing" (applications/routes.ts),
 * so that candidate could never apply again. On start, every such user's parse is queued again.
 *
 * But not forever (issue 23 item 1): a file that took the process down while it was being read
 * would take it down again on every start. Each run counts itself (cv_parse_attempts, run-parse.ts)
 * before it begins, so a user still "being read" after MAX_PARSE_ATTEMPTS runs is one whose
 * parses never finished: the CV is marked unreadable instead of being parsed a third time.
 *
 * Several servers on one Postgres may each re-run the same parse: harmless, as a result is only
 * written onto the CV it was read from (store-result.ts) and both runs read the same object.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { ObjectStore } from '../storage/object-store';
import type { CvParser } from './cv-parser';
import { CV_PARSE_ERRORS } from './parse-errors';
import type { CvParseQueue } from './parse-queue';
import { runCvParse } from './run-parse';
import { storeParseError } from './store-result';

/** The first run and one retry. */
export const MAX_PARSE_ATTEMPTS = 2;

/**
 * Queues the unfinished parses that may still be tried and fails the others; resolves with how
 * many were queued, without waiting for them.
 */
export async function resumeUnfinishedParses(deps: {
  db: Database;
  store: ObjectStore;
  parser: CvParser;
  queue: CvParseQueue;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { db, queue, log } = deps;
  const unfinished = await db
    .select({
      userId: users.id,
      objectKey: users.cvObjectKey,
      attempts: users.cvParseAttempts,
    })
    .from(users)
    .where(
      and(isNotNull(users.cvObjectKey), eq(users.isCvExtracted, false), isNull(users.cvParseError)),
    );
  let queued = 0;
  for (const { userId, objectKey, attempts } of unfinished) {
    if (!objectKey) continue;
    if (attempts >= MAX_PARSE_ATTEMPTS) {
      await storeParseError(db, { userId, objectKey }, CV_PARSE_ERRORS.tooComplex);
      log.warn({ userId, attempts }, 'CV parse never finished; marked unreadable, not retried');
      continue;
    }
    queued += 1;
    void queue.enqueue(`cv:${userId}`, () => runCvParse(deps, { userId, objectKey }));
  }
  if (queued > 0) log.info({ count: queued }, 'resumed CV parses left unfinished by the last run');
  return queued;
}

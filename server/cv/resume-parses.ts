/**
 * Parses that a stopped server never finished. The CV patch marks the user "being read"
 * (cv_object_key set, is_cv_extracted false, no cv_parse_error) and queues the parse in memory;
 * a crash or restart before it ran would leave the user there for good, and while a CV is being
 * read applications are answered 409 "Match scores are still processing" (applications/routes.ts),
 * so that candidate could never apply again. On start, every such user's parse is queued again.
 *
 * Several servers on one Postgres may each re-run the same parse: harmless, as a result is only
 * written onto the CV it was read from (store-result.ts) and both runs read the same object.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { ObjectStore } from '../storage/object-store';
import type { CvParseQueue } from './parse-queue';
import { runCvParse } from './run-parse';

/** Queues the unfinished parses; resolves with how many, without waiting for them. */
export async function resumeUnfinishedParses(deps: {
  db: Database;
  store: ObjectStore;
  queue: CvParseQueue;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { db, store, queue, log } = deps;
  const unfinished = await db
    .select({ userId: users.id, objectKey: users.cvObjectKey })
    .from(users)
    .where(
      and(isNotNull(users.cvObjectKey), eq(users.isCvExtracted, false), isNull(users.cvParseError)),
    );
  for (const { userId, objectKey } of unfinished) {
    if (!objectKey) continue;
    void queue.enqueue(`cv:${userId}`, () => runCvParse({ db, store, log }, { userId, objectKey }));
  }
  if (unfinished.length > 0) {
    log.info({ count: unfinished.length }, 'resumed CV parses left unfinished by the last run');
  }
  return unfinished.length;
}

/**
 * The background job behind `PATCH /user/{email}/cv`: read the stored object, parse it in the
 * parse worker (cv-parser.ts), store the profile or a message the client can show. Logs carry
 * the user id, the outcome code, which limit stopped the parse if one did, and the time taken,
 * never the CV's text or extracted fields.
 *
 * Each run counts itself in users.cv_parse_attempts before it starts, so that a parse that
 * never finishes (the process died during it) is retried once at most (resume-parses.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { ObjectStore } from '../storage/object-store';
import type { CvParser } from './cv-parser';
import { CV_PARSE_ERRORS, CvParseFailure, type CvParseErrorCode } from './parse-errors';
import { storeParseError, storeParsedProfile } from './store-result';

export interface ParseJob {
  userId: string;
  objectKey: string;
}

export interface ParseDeps {
  db: Database;
  store: ObjectStore;
  parser: CvParser;
  log: FastifyBaseLogger;
}

async function countAttempt(db: Database, job: ParseJob): Promise<void> {
  await db
    .update(users)
    .set({ cvParseAttempts: sql`${users.cvParseAttempts} + 1` })
    .where(and(eq(users.id, job.userId), eq(users.cvObjectKey, job.objectKey)));
}

export async function runCvParse(deps: ParseDeps, job: ParseJob): Promise<void> {
  const started = performance.now();
  let outcome: CvParseErrorCode | 'extracted' = 'extracted';
  let detail: string | undefined;
  try {
    await countAttempt(deps.db, job);
    const bytes = await deps.store.get(job.objectKey);
    if (!bytes) throw new CvParseFailure('missing');
    const profile = await deps.parser.parse(bytes);
    await storeParsedProfile(deps.db, job, profile);
  } catch (error) {
    outcome = error instanceof CvParseFailure ? error.code : 'failed';
    detail = error instanceof CvParseFailure ? error.detail : undefined;
    if (!(error instanceof CvParseFailure)) {
      deps.log.error({ err: error, userId: job.userId }, 'CV parse failed');
    }
    await storeParseError(deps.db, job, CV_PARSE_ERRORS[outcome]);
  }
  // A file that hit a limit or broke the worker is worth a look by whoever runs the server.
  const level = outcome === 'failed' || outcome === 'tooComplex' ? 'warn' : 'info';
  deps.log[level](
    { userId: job.userId, outcome, detail, ms: Math.round(performance.now() - started) },
    'CV parsed',
  );
}

/**
 * The background job behind `PATCH /user/{email}/cv`: read the stored object, parse it, store
 * the profile or a message the client can show. Logs carry the user id, the outcome code and the
 * time taken, never the CV's text or extracted fields.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { ObjectStore } from '../storage/object-store';
import { parseCv } from './parse-cv';
import { CV_PARSE_ERRORS, CvParseFailure, type CvParseErrorCode } from './parse-errors';
import { storeParseError, storeParsedProfile } from './store-result';

export interface ParseJob {
  userId: string;
  objectKey: string;
}

export async function runCvParse(
  deps: { db: Database; store: ObjectStore; log: FastifyBaseLogger },
  job: ParseJob,
): Promise<void> {
  const started = performance.now();
  let outcome: CvParseErrorCode | 'extracted' = 'extracted';
  try {
    const bytes = await deps.store.get(job.objectKey);
    if (!bytes) throw new CvParseFailure('missing');
    const profile = await parseCv(bytes);
    await storeParsedProfile(deps.db, job, profile);
  } catch (error) {
    outcome = error instanceof CvParseFailure ? error.code : 'failed';
    if (outcome === 'failed') deps.log.error({ err: error, userId: job.userId }, 'CV parse failed');
    await storeParseError(deps.db, job, CV_PARSE_ERRORS[outcome]);
  }
  deps.log.info(
    { userId: job.userId, outcome, ms: Math.round(performance.now() - started) },
    'CV parsed',
  );
}

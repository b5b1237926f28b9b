/**
 * The saved-jobs API area (issue 8): saved jobs follow the user across devices. Both writes are
 * idempotent by nature (the outbox may deliver one twice).
 *
 * Status meanings: PUT 201 saved now, 200 already saved (the note replaced when one is sent),
 * 404 no such published job; DELETE 204 whether or not it was saved.
 */
import * as z from 'zod/mini';
import { idOf } from './common';
import { JobSchema } from './jobs';

export const SavedJobLimits = { noteMax: 2000 } as const;

export const SavedJobErrors = {
  jobNotFound: 'Job not found',
  changedMeanwhile: 'The saved job changed meanwhile: try again',
} as const;

export const SavedJobParams = z.object({ jobId: idOf(100) });

/** PUT body: optional, and its note optional (no note keeps the saved one). */
export const SaveJobBody = z.nullish(
  z.strictObject({ note: z.nullish(z.string().check(z.maxLength(SavedJobLimits.noteMax))) }),
);

export const SavedJobSchema = z.object({
  jobId: z.string(),
  note: z.string(),
  savedAt: z.string(),
});
export const SavedJobAnswerSchema = z.object({ data: SavedJobSchema });

/** GET /saved-jobs: newest first, each with its job (null once the job is unpublished). */
export const SavedJobListSchema = z.object({
  data: z.array(z.extend(SavedJobSchema, { job: z.nullable(JobSchema) })),
});

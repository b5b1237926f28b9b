/**
 * spec §7 `PATCH /user/{email}/cv` (body isCvExtracted, resume, userCvFileName; expects 200) and
 * spec §4 "Resume update" step 3: the uploaded object becomes the user's CV and a background
 * parse starts. The answer does not wait for the parse; the client polls basic details until
 * isCvExtracted is true (spec §9: up to 4 retries, 8 s apart), or shows cvParseError.
 *
 * The caller may only set their own CV, from an object they uploaded through a signed URL.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, EmailParams } from '../../src/domain/contract/common';
import { CvPatchAnswerSchema } from '../../src/domain/contract/files';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { keyFromResumeReference } from '../files/object-key';
import { RESUME_PURPOSE } from '../files/upload-limits';
import { findUpload } from '../files/upload-record';
import { confirmDirectUpload } from '../storage/direct-upload';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { requireGeneralUser } from '../users/current-user';
import type { JobQueue } from '../queue/job-queue';
import { sendCvParse } from './parse-queue';

/** The server maps `resume` (a cloudFileName, or the signed URL it came in) to its object key. */
const CvBody = z.object({
  // The client always sends false (spec §4); the server owns the flag and resets it regardless.
  isCvExtracted: z.boolean(),
  resume: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .transform(keyFromResumeReference)
    .refine(isObjectKey, 'must be the cloudFileName of an uploaded CV'),
  userCvFileName: z.string().trim().min(1).max(255),
});

export const patchCvRoute = defineRoute({
  method: 'PATCH',
  url: `${API_PREFIX}/user/:email/cv`,
  summary:
    "Point the caller's profile at an uploaded CV (its cloudFileName); the CV is read in the background",
  auth: true,
  params: EmailParams,
  body: CvBody,
  responses: {
    200: {
      description: '`{ data: { email, CV, isCvExtracted: false } }`',
      schema: CvPatchAnswerSchema,
    },
    403: { description: 'Not yours, or the file is not yours' },
    404: { description: 'CV file not found. Please upload it again.' },
    413: { description: 'File must be less than 2MB. (a file uploaded straight to S3)' },
  },
});

export interface CvRoutesOptions {
  db: Database;
  store: ObjectStore;
  jobs: JobQueue;
}

export function registerCvRoutes(app: FastifyInstance, { db, store, jobs }: CvRoutesOptions) {
  registerRoute(
    app,
    patchCvRoute,
    async (request) => {
      const principal = requirePrincipal(request);
      const { email } = parseOrThrow(patchCvRoute.params, request.params, 'email');
      const body = parseOrThrow(patchCvRoute.body, request.body ?? {}, 'body');
      const user = await requireGeneralUser(db, principal);
      if (user.email.toLowerCase() !== email.toLowerCase()) {
        throw new HttpError(403, 'You can only update your own CV');
      }
      const upload = await findUpload(db, body.resume);
      if (!upload || upload.purpose !== RESUME_PURPOSE) {
        throw new HttpError(404, 'CV file not found. Please upload it again.');
      }
      if (upload.ownerId !== user.id) throw new HttpError(403, 'This CV file is not yours');
      // S3: the client PUT straight to the bucket; confirm the object here (size, once).
      if (store.direct) await confirmDirectUpload(db, store.direct, body.resume);
      else if (!upload.uploadedAt || !(await store.exists(body.resume))) {
        throw new HttpError(404, 'CV file not found. Please upload it again.');
      }

      const now = new Date();
      const job = { userId: user.id, objectKey: body.resume };
      // The parse job is written with the change that needs it (issue 25): both or neither.
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            cvFileName: body.userCvFileName,
            cvObjectKey: body.resume,
            isCvExtracted: false,
            cvParseError: null,
            cvParseAttempts: 0, // a new file gets its own attempts (parse-queue.ts)
            cvUpdatedAt: now,
            updatedAt: now,
          })
          .where(eq(users.id, user.id));
        await sendCvParse(jobs, tx, job);
      });
      jobs.nudge();
      return { data: { email: user.email, CV: body.userCvFileName, isCvExtracted: false } };
    },
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );
}

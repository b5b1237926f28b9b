/**
 * Upload a CV (spec §7, issue 6), three persisted steps so a retry resumes where it stopped:
 * signedUrl (`POST /file/gsu2u/USER_RESUME`, after `GET /user/basic-details` when the user id was
 * not known on the device) → put (`PUT {signed URL}`, the PDF Blob kept in IndexedDB) → patch
 * (`PATCH /user/{email}/cv`, isCvExtracted false). A signed URL that expired or was used (403 on
 * the PUT), or an upload the server lost (404 on the PATCH), goes back for a fresh URL, at most
 * MAX_RESTARTS times.
 *
 * Steps that can run again with a different body (after a restart) get an Idempotency-Key derived
 * from the action's key, the step and the restart count, so a replay never meets "same key,
 * different request" (422).
 */
import * as z from 'zod/mini';
import {
  CvPatchAnswerSchema,
  ResumeLimits,
  type SignedUploadInput,
} from '../../../domain/contract/files';
import { BasicDetailsSchema } from '../../../domain/contract/profile';
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';
import {
  askSignedUrl,
  putSignedFile,
  restartUpload,
  stepKey,
  storedSignedUrl,
} from '../signed-upload';

export interface CvUploadPayload {
  readonly email: string;
  readonly userId: string;
  readonly file: Blob;
  readonly fileName: string;
}

/** spec §7 `GET /user/basic-details`: only the user id is read here. */
const BasicDetailsIdSchema = z.object({ data: z.pick(BasicDetailsSchema, { userId: true }) });

const FIRST_STEP = 'signedUrl';

export const cvUploadKind = defineKind<CvUploadPayload>({
  label: 'CV upload',
  describe: (payload, subject) => payload.fileName || subject,
  firstStep: FIRST_STEP,
  coalesce: { mode: 'replace-unstarted' },
  toast: {
    done: () => ({ level: 'success', text: 'CV uploaded successfully' }), // spec §8
    failed: (error) => ({
      level: 'warning',
      text: `Your CV could not be uploaded: ${error ?? ''}`,
    }),
  },
  async execute(action, context) {
    const payload = action.payload as CvUploadPayload;
    const signed = storedSignedUrl(action);

    if (action.step === FIRST_STEP || !signed) {
      // Queued before the profile was ever loaded on this device: look the user id up first.
      let userId = payload.userId;
      if (!userId) {
        const details = await context.send({
          method: 'GET',
          url: `${context.apiUrl}/user/basic-details`,
        });
        if (!isOk(details)) return classifyFailure(details);
        const found = z.safeParse(BasicDetailsIdSchema, details.data);
        if (!found.success || !found.data.data.userId) {
          return { type: 'fail', error: 'Your profile could not be found' };
        }
        userId = found.data.data.userId;
      }
      const body: SignedUploadInput = {
        userId,
        resumeUserFileName: payload.fileName,
        resumeFileMimeType: ResumeLimits.mimeType,
      };
      return askSignedUrl(action, context, {
        url: `${context.apiUrl}/file/gsu2u/${ResumeLimits.purpose}`,
        body,
        nextStep: 'put',
      });
    }

    if (action.step === 'put') {
      return putSignedFile(action, context, {
        signed,
        file: payload.file,
        contentType: ResumeLimits.mimeType,
        firstStep: FIRST_STEP,
        nextStep: 'patch',
      });
    }

    const response = await context.send({
      method: 'PATCH',
      url: `${context.apiUrl}/user/${encodeURIComponent(payload.email)}/cv`,
      body: {
        isCvExtracted: false,
        resume: signed.cloudFileName,
        userCvFileName: payload.fileName,
      },
      idempotencyKey: stepKey(action),
    });
    if (isOk(response)) {
      // Uploaded either way (the server holds the file); its answer is kept when it reads as one.
      const answer = z.safeParse(CvPatchAnswerSchema, response.data);
      return {
        type: 'done',
        outcome: 'uploaded',
        ...(answer.success ? { result: answer.data } : {}),
      };
    }
    if (response.status === 404)
      return restartUpload(action, FIRST_STEP, response.errorMsg ?? 'Uploaded CV not found');
    return classifyFailure(response);
  },
});

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
  SignedUploadAnswerSchema,
  type SignedUploadInput,
} from '../../../domain/contract/files';
import { BasicDetailsSchema } from '../../../domain/contract/profile';
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';
import { MAX_RESTARTS, UPLOAD_TIMEOUT_MS, type StepResult } from '../model';
import type { OutboxEntry } from '../../db/types';

export interface CvUploadPayload {
  readonly email: string;
  readonly userId: string;
  readonly file: Blob;
  readonly fileName: string;
}

/** The signed URL as the signedUrl step keeps it in stepData (not the server's field names). */
const StoredSignedUrlSchema = z.object({
  url: z.string(),
  tag: z.catch(z.string(), ''),
  cloudFileName: z.string(),
});
type SignedUrl = z.infer<typeof StoredSignedUrlSchema>;

/** spec §7 `GET /user/basic-details`: only the user id is read here. */
const BasicDetailsIdSchema = z.object({ data: z.pick(BasicDetailsSchema, { userId: true }) });

const RestartsSchema = z.catch(z.number(), 0);

function restartsOf(action: OutboxEntry): number {
  return RestartsSchema.parse(action.stepData?.restarts);
}

/** Back to a fresh signed URL, or failed when that has happened too often already. */
function restart(action: OutboxEntry, why: string): StepResult {
  const restarts = restartsOf(action) + 1;
  if (restarts > MAX_RESTARTS) return { type: 'fail', error: why };
  return { type: 'advance', step: 'signedUrl', stepData: { restarts } };
}

export const cvUploadKind = defineKind<CvUploadPayload>({
  label: 'CV upload',
  describe: (payload, subject) => payload.fileName || subject,
  firstStep: 'signedUrl',
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
    const restarts = restartsOf(action);
    const stepKey = `${action.idempotencyKey}.${action.step}.${restarts}`;
    const stored = StoredSignedUrlSchema.safeParse(action.stepData?.signed);
    const signed: SignedUrl | null = stored.success ? stored.data : null;

    if (action.step === 'signedUrl' || !signed) {
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
      const response = await context.send({
        method: 'POST',
        url: `${context.apiUrl}/file/gsu2u/${ResumeLimits.purpose}`,
        body,
        idempotencyKey: stepKey,
      });
      if (!isOk(response)) return classifyFailure(response);
      const next = z.safeParse(SignedUploadAnswerSchema, response.data);
      if (!next.success) return { type: 'retry', error: 'The upload link was not understood' };
      const { awsS3SignedUrl: url, awsS3Tag: tag, cloudFileName } = next.data;
      return {
        type: 'advance',
        step: 'put',
        stepData: { restarts, signed: { url, tag, cloudFileName } },
      };
    }

    if (action.step === 'put') {
      const response = await context.send({
        method: 'PUT',
        url: signed.url,
        body: payload.file,
        headers: {
          'content-type': 'application/pdf',
          ...(signed.tag ? { 'x-amz-tagging': signed.tag } : {}),
        },
        auth: false,
        timeoutMs: UPLOAD_TIMEOUT_MS,
        idempotencyKey: stepKey,
      });
      if (isOk(response)) {
        return { type: 'advance', step: 'patch', stepData: { restarts, signed } };
      }
      // Expired, or already used by a PUT whose answer we never saw: ask for a fresh link.
      if (response.status === 403)
        return restart(action, response.errorMsg ?? 'Upload link refused');
      return classifyFailure(response);
    }

    const response = await context.send({
      method: 'PATCH',
      url: `${context.apiUrl}/user/${encodeURIComponent(payload.email)}/cv`,
      body: {
        isCvExtracted: false,
        resume: signed.cloudFileName,
        userCvFileName: payload.fileName,
      },
      idempotencyKey: stepKey,
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
      return restart(action, response.errorMsg ?? 'Uploaded CV not found');
    return classifyFailure(response);
  },
});

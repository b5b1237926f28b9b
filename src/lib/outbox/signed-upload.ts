/**
 * The two steps every file upload shares (spec §7 "POST /file/gsu2u/{purpose} → PUT {signed URL}"):
 * ask for a signed URL, then PUT the Blob kept in IndexedDB to it. The CV upload and the proof of
 * a referral (issue 17) both run them, each followed by its own call that names the uploaded key.
 *
 * A signed URL that expired or was used (403 on the PUT), or an upload the server lost, sends the
 * action back for a fresh URL, at most MAX_RESTARTS times (`restartUpload`). Steps that can run
 * again with a different body get an Idempotency-Key derived from the action's key, the step and
 * the restart count (`stepKey`), so a replay never meets "same key, different request" (422).
 */
import * as z from 'zod/mini';
import { SignedUploadAnswerSchema } from '../../domain/contract/files';
import type { OutboxEntry } from '../db/types';
import { classifyFailure, isOk } from './classify';
import { MAX_RESTARTS, UPLOAD_TIMEOUT_MS, type StepContext, type StepResult } from './model';

/** The signed URL as an upload keeps it in stepData.signed (not the server's field names). */
const StoredSignedUrlSchema = z.object({
  url: z.string(),
  tag: z.catch(z.string(), ''),
  cloudFileName: z.string(),
});
export type SignedUrl = z.infer<typeof StoredSignedUrlSchema>;

const RestartsSchema = z.catch(z.number(), 0);

export function restartsOf(action: OutboxEntry): number {
  return RestartsSchema.parse(action.stepData?.restarts);
}

/** The signed URL an earlier step kept, or null when there is none (yet). */
export function storedSignedUrl(action: OutboxEntry): SignedUrl | null {
  const stored = StoredSignedUrlSchema.safeParse(action.stepData?.signed);
  return stored.success ? stored.data : null;
}

/** The Idempotency-Key of this step of this attempt. */
export function stepKey(action: OutboxEntry): string {
  return `${action.idempotencyKey}.${action.step}.${restartsOf(action)}`;
}

/** Back to `firstStep` for a fresh signed URL, or failed when that has happened too often. */
export function restartUpload(action: OutboxEntry, firstStep: string, why: string): StepResult {
  const restarts = restartsOf(action) + 1;
  if (restarts > MAX_RESTARTS) return { type: 'fail', error: why };
  return { type: 'advance', step: firstStep, stepData: { restarts } };
}

/**
 * `POST {url}` for a signed URL; on success, advances to `nextStep` keeping the URL (and the
 * restart count) in stepData.
 */
export async function askSignedUrl(
  action: OutboxEntry,
  context: StepContext,
  { url, body, nextStep }: { url: string; body: unknown; nextStep: string },
): Promise<StepResult> {
  const response = await context.send({
    method: 'POST',
    url,
    body,
    idempotencyKey: stepKey(action),
  });
  if (!isOk(response)) return classifyFailure(response);
  const next = z.safeParse(SignedUploadAnswerSchema, response.data);
  if (!next.success) return { type: 'retry', error: 'The upload link was not understood' };
  const { awsS3SignedUrl, awsS3Tag: tag, cloudFileName } = next.data;
  const signed: SignedUrl = { url: awsS3SignedUrl, tag, cloudFileName };
  return { type: 'advance', step: nextStep, stepData: { restarts: restartsOf(action), signed } };
}

/**
 * `PUT {signed URL}` with the file, without the bearer token (the URL carries its own
 * credentials); on success, advances to `nextStep`. A refused URL (403) restarts at `firstStep`.
 */
export async function putSignedFile(
  action: OutboxEntry,
  context: StepContext,
  {
    signed,
    file,
    contentType,
    firstStep,
    nextStep,
  }: { signed: SignedUrl; file: Blob; contentType: string; firstStep: string; nextStep: string },
): Promise<StepResult> {
  const response = await context.send({
    method: 'PUT',
    url: signed.url,
    body: file,
    headers: {
      'content-type': contentType,
      ...(signed.tag ? { 'x-amz-tagging': signed.tag } : {}),
    },
    auth: false,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    idempotencyKey: stepKey(action),
  });
  if (isOk(response)) {
    return { type: 'advance', step: nextStep, stepData: { restarts: restartsOf(action), signed } };
  }
  // Expired, or already used by a PUT whose answer we never saw: ask for a fresh link.
  if (response.status === 403) {
    return restartUpload(action, firstStep, response.errorMsg ?? 'Upload link refused');
  }
  return classifyFailure(response);
}

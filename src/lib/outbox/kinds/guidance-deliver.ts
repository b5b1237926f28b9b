/**
 * The referee marks a booking delivered: `POST /api/guidance/bookings/{id}/deliver` (issue 19
 * part 3). Resume writing is delivered with the finished file, uploaded first through the signed
 * path: `send` asks `POST …/file-upload` for a URL → `put` (the Blob kept in IndexedDB) → `send`
 * again, now naming the uploaded `fileKey`. A URL that expired (403) or a file the server lost
 * (GuidanceErrors.fileNotUploaded) goes back for a fresh URL (../signed-upload.ts).
 */
import * as z from 'zod/mini';
import { DeliveryUploadAnswerSchema, GuidanceErrors } from '../../../domain/contract/guidance';
import { classifyFailure, isOk } from '../classify';
import { defineKind } from '../kind';
import {
  putSignedFile,
  restartUpload,
  restartsOf,
  stepKey,
  storedSignedUrl,
} from '../signed-upload';
import {
  GUIDANCE_BOOKING_LINE,
  bookingToast,
  classifyBookingAnswer,
  describeBooking,
  postBookingAction,
  type GuidanceBookingPayload,
} from './guidance-booking';

export interface GuidanceDeliverPayload extends GuidanceBookingPayload {
  readonly note?: string;
  /** The finished file (resume writing), kept in IndexedDB until it is uploaded. */
  readonly file?: { readonly file: Blob; readonly fileName: string; readonly mimeType: string };
}

const FIRST_STEP = 'send';
const UploadedSchema = z.object({ fileKey: z.string() });

export const guidanceDeliverKind = defineKind<GuidanceDeliverPayload>({
  label: 'Mark delivered',
  describe: describeBooking,
  firstStep: FIRST_STEP,
  line: GUIDANCE_BOOKING_LINE,
  coalesce: { mode: 'subject', retryFailed: true },
  toast: bookingToast('Marked as delivered.', 'Marking as delivered failed'),
  async execute(action, context) {
    const payload = action.payload as GuidanceDeliverPayload;
    const { file } = payload;
    const uploaded = z.safeParse(UploadedSchema, action.stepData ?? {});
    const fileKey = uploaded.success ? uploaded.data.fileKey : undefined;

    if (file && !fileKey) {
      const signed = storedSignedUrl(action);
      if (action.step === 'put' && signed) {
        const put = await putSignedFile(action, context, {
          signed,
          file: file.file,
          contentType: file.mimeType,
          firstStep: FIRST_STEP,
          nextStep: FIRST_STEP,
        });
        // Uploaded: the next `send` names the key.
        return put.type === 'advance' && put.step === FIRST_STEP && put.stepData?.signed
          ? { ...put, stepData: { ...put.stepData, fileKey: signed.cloudFileName } }
          : put;
      }
      const response = await context.send({
        method: 'POST',
        url: `${context.apiUrl}/guidance/bookings/${encodeURIComponent(payload.bookingId)}/file-upload`,
        body: { fileName: file.fileName, mimeType: file.mimeType },
        idempotencyKey: stepKey(action),
      });
      if (!isOk(response)) return classifyFailure(response);
      const answer = z.safeParse(DeliveryUploadAnswerSchema, response.data);
      if (!answer.success) return { type: 'retry', error: 'The upload link was not understood' };
      return {
        type: 'advance',
        step: 'put',
        stepData: {
          restarts: restartsOf(action),
          signed: {
            url: answer.data.data.uploadUrl,
            tag: '',
            cloudFileName: answer.data.data.fileKey,
          },
        },
      };
    }

    const note = payload.note?.trim();
    const body = { ...(fileKey ? { fileKey } : {}), ...(note ? { note } : {}) };
    const response = file
      ? await context.send({
          method: 'POST',
          url: `${context.apiUrl}/guidance/bookings/${encodeURIComponent(payload.bookingId)}/deliver`,
          body,
          // Per attempt: the upload of the same step has its own key.
          idempotencyKey: `${stepKey(action)}.deliver`,
        })
      : await postBookingAction(context, payload.bookingId, 'deliver', body);
    if (file && response.status === 400 && response.errorMsg === GuidanceErrors.fileNotUploaded) {
      return restartUpload(action, FIRST_STEP, response.errorMsg);
    }
    return classifyBookingAnswer(response, 'delivered', ['delivered', 'reviewed']);
  },
});

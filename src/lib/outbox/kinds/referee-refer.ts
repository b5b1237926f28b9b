/**
 * The accepting referee says the referral was made: `POST /api/referrals/{id}/refer` (issue 17),
 * with an optional reference (an application id, or any note that proves it) and an optional
 * proof file (a screenshot or PDF). It consumes the candidate's held credit on the server.
 * Already referred (or acknowledged) is done.
 *
 * With a proof the action uploads first, through the steps every upload shares
 * (../signed-upload.ts): `send` asks for a signed URL (`POST /file/gsu2u/REFERRAL_PROOF`) →
 * `put` (the Blob kept in IndexedDB) → `send` again, now naming the uploaded key as `proofFile`.
 * A proof the server no longer has (400 "not uploaded") goes back for a fresh URL.
 */
import * as z from 'zod/mini';
import { ProofLimits, ProofMessages, type ProofUploadInput } from '../../../domain/contract/files';
import type { ReferReferralInput } from '../../../domain/contract/referrals';
import { defineKind } from '../kind';
import {
  askSignedUrl,
  putSignedFile,
  restartUpload,
  stepKey,
  storedSignedUrl,
} from '../signed-upload';
import {
  REFEREE_KIND_BASE,
  classifyRefereeAnswer,
  refereeToast,
  type RefereeAnswerPayload,
} from './referee-answer';
import { postReferralAction } from './referral-action';

export interface RefereeReferPayload extends RefereeAnswerPayload {
  readonly reference?: string;
  /** A screenshot or PDF proving the referral, kept in IndexedDB until it is uploaded. */
  readonly proof?: { readonly file: Blob; readonly fileName: string; readonly mimeType: string };
}

const FIRST_STEP = REFEREE_KIND_BASE.firstStep;

const UploadedSchema = z.object({ proofFile: z.string() });

export const refereeReferKind = defineKind<RefereeReferPayload>({
  label: 'Mark as referred',
  ...REFEREE_KIND_BASE,
  toast: refereeToast('Marked as referred.'),
  async execute(action, context) {
    const payload = action.payload as RefereeReferPayload;
    const { proof } = payload;
    const uploaded = z.safeParse(UploadedSchema, action.stepData ?? {});
    const proofFile = uploaded.success ? uploaded.data.proofFile : undefined;

    if (proof && !proofFile) {
      const signed = storedSignedUrl(action);
      if (action.step === 'put' && signed) {
        const put = await putSignedFile(action, context, {
          signed,
          file: proof.file,
          contentType: proof.mimeType,
          firstStep: FIRST_STEP,
          nextStep: FIRST_STEP,
        });
        // Uploaded: the next `send` names the key.
        return put.type === 'advance' && put.step === FIRST_STEP && put.stepData?.signed
          ? { ...put, stepData: { ...put.stepData, proofFile: signed.cloudFileName } }
          : put;
      }
      const body: ProofUploadInput = {
        requestId: payload.requestId,
        fileName: proof.fileName,
        mimeType: proof.mimeType,
      };
      return askSignedUrl(action, context, {
        url: `${context.apiUrl}/file/gsu2u/${ProofLimits.purpose}`,
        body,
        nextStep: 'put',
      });
    }

    const reference = payload.reference?.trim();
    const body: ReferReferralInput = {
      ...(reference ? { reference } : {}),
      ...(proofFile ? { proofFile } : {}),
    };
    const response = await postReferralAction(
      context,
      payload.requestId,
      'refer',
      body,
      // Without a proof, the action's own key (as before proofs existed); with one, per attempt
      // (the signed-URL request of the same step has its own).
      proof ? `${stepKey(action)}.refer` : undefined,
    );
    if (proof && response.status === 400 && response.errorMsg === ProofMessages.notUploaded) {
      return restartUpload(action, FIRST_STEP, response.errorMsg);
    }
    return classifyRefereeAnswer(response, 'referred', ['referred', 'acknowledged']);
  },
});

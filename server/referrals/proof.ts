/**
 * Proof of a referral (issue 17 "Mark as referred … a screenshot/PDF upload through the existing
 * signed upload path"): the referee who accepted a request asks for a signed URL, PUTs the file to
 * it (storage/put-route.ts checks the bytes against the key's type), then sends the key with
 * `POST /referrals/{id}/refer` (service.ts takes it with `takeProofFile`). The candidate and that
 * referee read it back through a 5-minute link.
 *
 * Who may do what is the request's business, so a request id that does not exist and one that is
 * not the caller's answer alike (ids are not to be probed).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  PROOF_FILE_TYPES,
  ProofLimits,
  ProofLinkSchema,
  ProofMessages,
  ProofUploadBody,
  SignedUploadAnswerSchema,
  isProofMimeType,
  isProofSizeAllowed,
} from '../../src/domain/contract/files';
import { ReferralErrors, ReferralIdParams } from '../../src/domain/contract/referrals';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { referralRequests, uploadedFiles } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { UPLOAD_RATE_LIMIT } from '../http/protection';
import { linkOrigin } from '../http/public-origin';
import { parseOrThrow } from '../http/validation';
import { newProofKey, proofKeyPrefix } from '../files/object-key';
import { UPLOAD_URL_TTL_SECONDS } from '../files/upload-limits';
import { recordIssuedUpload } from '../files/upload-record';
import { DOWNLOAD_LINK_SECONDS } from '../storage/get-route';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { noStore, signedFileLink } from '../storage/signed-link';
import { signedUploadPath } from '../storage/url-signing';
import { findGeneralUser, requireGeneralUser } from '../users/current-user';
import type { Executor } from './credits';

export const proofUploadRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/file/gsu2u/${ProofLimits.purpose}`,
  summary:
    'A signed, expiring, single-use URL to PUT a proof of referral to (PNG, JPEG, WebP or PDF, under 2 MB): only for the referee who accepted the request',
  auth: true,
  body: ProofUploadBody,
  responses: {
    200: {
      description:
        '`{ awsS3SignedUrl, awsS3Tag, cloudFileName }`: send cloudFileName as `proofFile`',
      schema: SignedUploadAnswerSchema,
    },
    403: { description: ProofMessages.notYours },
    415: { description: ProofMessages.wrongType },
  },
});

export const proofLinkRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/referrals/:id/proof`,
  summary: "A 5-minute link to a referral's uploaded proof, for its candidate and its referee",
  auth: true,
  params: ReferralIdParams,
  responses: {
    200: { description: '`{ data: { url, fileName, expiresAt } }`', schema: ProofLinkSchema },
    403: { description: ReferralErrors.forbidden },
    404: { description: ProofMessages.none },
  },
});

export const PROOF_ROUTES = [proofUploadRoute, proofLinkRoute] as const;

export interface ProofRouteOptions {
  db: Database;
  store: ObjectStore;
  signingSecret: () => string;
  publicOrigin: string;
}

export function registerProofRoutes(app: FastifyInstance, options: ProofRouteOptions) {
  const { db, store, signingSecret, publicOrigin } = options;

  registerRoute(
    app,
    proofUploadRoute,
    async (request) => {
      const principal = requirePrincipal(request);
      const body = parseOrThrow(proofUploadRoute.body, request.body ?? {}, 'body');
      const referee = await requireGeneralUser(db, principal);
      const [row] = await db
        .select({ state: referralRequests.state, refereeId: referralRequests.currentRefereeId })
        .from(referralRequests)
        .where(eq(referralRequests.id, body.requestId))
        .limit(1);
      // Proof is for the referral about to be made: the accepting referee, while accepted.
      if (!row || row.refereeId !== referee.id || row.state !== 'accepted') {
        throw new HttpError(403, ProofMessages.notYours);
      }
      const mimeType = body.mimeType.toLowerCase();
      if (!isProofMimeType(mimeType)) throw new HttpError(415, ProofMessages.wrongType);

      const { fileId, key } = newProofKey(body.requestId, PROOF_FILE_TYPES[mimeType]);
      const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
      await recordIssuedUpload(db, {
        id: fileId,
        objectKey: key,
        ownerId: referee.id,
        purpose: ProofLimits.purpose,
        fileName: body.fileName,
        mimeType,
        expiresAt: new Date(expires * 1000),
      });
      const tag = new URLSearchParams({ purpose: ProofLimits.purpose, owner: referee.id });
      const awsS3SignedUrl = store.direct
        ? await store.direct.uploadUrl(key, {
            contentType: mimeType,
            tagging: tag.toString(),
            expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
          })
        : `${linkOrigin(publicOrigin)}${signedUploadPath(signingSecret(), { key, expires })}`;
      return { awsS3SignedUrl, awsS3Tag: tag.toString(), cloudFileName: key };
    },
    { config: { rateLimit: UPLOAD_RATE_LIMIT } },
  );

  registerRoute(app, proofLinkRoute, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { id } = parseOrThrow(proofLinkRoute.params, request.params, 'referral id');
    const user = await findGeneralUser(db, principal);
    const [row] = await db
      .select({
        candidateId: referralRequests.candidateId,
        refereeId: referralRequests.currentRefereeId,
        key: referralRequests.proofFileKey,
        name: referralRequests.proofFileName,
      })
      .from(referralRequests)
      .where(eq(referralRequests.id, id))
      .limit(1);
    const mayRead =
      principal.roles.includes('admin') ||
      (user !== undefined && (row?.candidateId === user.id || row?.refereeId === user.id));
    if (!row || !mayRead) throw new HttpError(403, ReferralErrors.forbidden);
    if (!row.key || !isObjectKey(row.key) || !(await store.exists(row.key))) {
      throw new HttpError(404, ProofMessages.none);
    }
    noStore(reply);
    const extension = row.key.slice(row.key.lastIndexOf('.') + 1);
    const name = row.name?.trim() || `Proof.${extension}`;
    const link = await signedFileLink(
      { store, signingSecret, publicOrigin },
      { key: row.key, name, seconds: DOWNLOAD_LINK_SECONDS },
    );
    return { data: link };
  });
}

/**
 * With S3 the bytes went straight to the bucket: the object must be there and under 2 MB before
 * the referral points at it (the checks the local PUT route makes as the bytes arrive).
 */
export async function confirmDirectProof(
  db: Database,
  store: ObjectStore,
  key: string,
): Promise<void> {
  if (!store.direct || !isObjectKey(key)) return;
  const bytes = await store.direct.size(key);
  if (bytes === undefined) throw new HttpError(400, ProofMessages.notUploaded);
  if (!isProofSizeAllowed(bytes)) throw new HttpError(413, ProofMessages.tooLarge);
  await db
    .update(uploadedFiles)
    .set({ uploadedAt: new Date(), sizeBytes: bytes })
    .where(and(eq(uploadedFiles.objectKey, key), isNull(uploadedFiles.uploadedAt)));
}

/**
 * The proof a refer names, checked inside the refer's transaction: an uploaded file of purpose
 * REFERRAL_PROOF, uploaded by this referee, under this request's folder. Anything else is a 400
 * (the referee attaches it again), never someone else's file.
 */
export async function takeProofFile(
  tx: Executor,
  { requestId, refereeId, key }: { requestId: string; refereeId: string; key: string },
): Promise<{ key: string; fileName: string }> {
  if (!isObjectKey(key) || !key.startsWith(proofKeyPrefix(requestId))) {
    throw new HttpError(400, ProofMessages.notUploaded);
  }
  const [upload] = await tx
    .select({ fileName: uploadedFiles.fileName })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.objectKey, key),
        eq(uploadedFiles.purpose, ProofLimits.purpose),
        eq(uploadedFiles.ownerId, refereeId),
        isNotNull(uploadedFiles.uploadedAt),
      ),
    )
    .limit(1);
  if (!upload) throw new HttpError(400, ProofMessages.notUploaded);
  return { key, fileName: upload.fileName };
}

/**
 * spec §7 `POST /file/gsu2u/USER_RESUME`: a signed, expiring, single-use URL to upload the
 * caller's CV to this server's own `PUT /storage/<key>` (storage/put-route.ts).
 *
 * - Only for the caller's own user id (the `id`/`userId` of their profile), only PDFs (spec §9).
 * - The response keeps the spec's AWS-flavoured names so the client is the same against S3:
 *   `awsS3SignedUrl` (where to PUT), `awsS3Tag` (the object-storage tagging header value the
 *   client sends with the PUT, spec §7 "optional headers") and `cloudFileName` (the object key the
 *   client later passes to `PATCH /user/{email}/cv` as `resume`).
 */
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  ResumeLimits,
  ResumeMessages,
  SignedUploadAnswerSchema,
  SignedUploadBody,
} from '../../src/domain/contract/files';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { UPLOAD_RATE_LIMIT } from '../http/protection';
import { linkOrigin } from '../http/public-origin';
import { parseOrThrow } from '../http/validation';
import type { ObjectStore } from '../storage/object-store';
import { signedUploadPath } from '../storage/url-signing';
import { requireGeneralUser } from '../users/current-user';
import { newResumeKey } from './object-key';
import { RESUME_PURPOSE, UPLOAD_URL_TTL_SECONDS } from './upload-limits';
import { recordIssuedUpload } from './upload-record';

const RESUME_MIME_TYPE = ResumeLimits.mimeType;

export const signedUploadRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/file/gsu2u/${RESUME_PURPOSE}`,
  summary:
    "A signed, expiring, single-use URL to PUT the caller's CV to (PDF, under 2 MB; spec §7)",
  auth: true,
  body: SignedUploadBody,
  responses: {
    200: {
      description: '`{ awsS3SignedUrl, awsS3Tag, cloudFileName }`',
      schema: SignedUploadAnswerSchema,
    },
    403: { description: ResumeMessages.notYourProfile },
    415: { description: ResumeMessages.notPdf },
  },
});

export interface FileRoutesOptions {
  db: Database;
  /** With `store.direct` (S3) the URL is the bucket's presigned PUT. */
  store: ObjectStore;
  /** The HMAC secret, read when first needed. */
  signingSecret: () => string;
  /** Origin for the URLs we hand out; empty: root-relative links (http/public-origin.ts). */
  publicOrigin: string;
}

export function registerFileRoutes(app: FastifyInstance, options: FileRoutesOptions) {
  const { db, store, signingSecret, publicOrigin } = options;

  registerRoute(
    app,
    signedUploadRoute,
    async (request) => {
      const principal = requirePrincipal(request);
      const body = parseOrThrow(signedUploadRoute.body, request.body ?? {}, 'body');
      const user = await requireGeneralUser(db, principal);
      if (body.userId !== user.id) {
        throw new HttpError(403, ResumeMessages.notYourProfile);
      }
      if (body.resumeFileMimeType.toLowerCase() !== RESUME_MIME_TYPE) {
        throw new HttpError(415, ResumeMessages.notPdf);
      }

      const { fileId, key } = newResumeKey(user.id);
      const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
      await recordIssuedUpload(db, {
        id: fileId,
        objectKey: key,
        ownerId: user.id,
        purpose: RESUME_PURPOSE,
        fileName: body.resumeUserFileName,
        mimeType: RESUME_MIME_TYPE,
        expiresAt: new Date(expires * 1000),
      });
      const tag = new URLSearchParams({ purpose: RESUME_PURPOSE, owner: user.id });
      const awsS3SignedUrl = store.direct
        ? await store.direct.uploadUrl(key, {
            contentType: RESUME_MIME_TYPE,
            tagging: tag.toString(),
            expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
          })
        : `${linkOrigin(publicOrigin)}${signedUploadPath(signingSecret(), { key, expires })}`;
      return {
        awsS3SignedUrl,
        awsS3Tag: tag.toString(),
        cloudFileName: key,
      };
    },
    { config: { rateLimit: UPLOAD_RATE_LIMIT } },
  );
}

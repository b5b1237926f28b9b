/**
 * The file of a resume-writing delivery (issue 19), through the signed upload path CVs and
 * referral proofs use: the referee of a confirmed async booking asks for a signed URL
 * (`POST /guidance/bookings/{id}/file-upload`), PUTs the PDF or DOCX to it (storage/put-route.ts
 * checks the bytes against the key's type and the 2 MB limit), then sends the key with
 * `POST …/deliver`, which accepts only an uploaded file of this purpose, by this referee, under
 * this booking's folder. The candidate and the referee read it through a 5-minute link.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  DELIVERY_FILE_TYPES,
  DELIVERY_MAX_BYTES,
  DELIVERY_UPLOAD_PURPOSE,
  DeliveryUploadBody,
  GuidanceErrors,
  isLiveKind,
  type ServiceKind,
} from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import { guidanceBookings, uploadedFiles } from '../db/schema';
import { registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { UPLOAD_RATE_LIMIT } from '../http/protection';
import { linkOrigin } from '../http/public-origin';
import { parseOrThrow } from '../http/validation';
import { UPLOAD_URL_TTL_SECONDS } from '../files/upload-limits';
import { recordIssuedUpload } from '../files/upload-record';
import { DOWNLOAD_LINK_SECONDS } from '../storage/get-route';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { noStore, signedFileLink } from '../storage/signed-link';
import { signedUploadPath } from '../storage/url-signing';
import { deliveryFileRoute, deliveryUploadRoute } from './api-routes';
import { registerCandidateCvRoute } from './candidate-cv';

/** `delivery/<bookingId>/` — booking ids are `bkg_` + base36, already key-safe. */
const folderOf = (bookingId: string) =>
  `delivery/${bookingId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}/`;

type UserOf = (request: FastifyRequest) => Promise<{ id: string }>;

export interface DeliveryFiles {
  takeDeliveryFile(input: {
    bookingId: string;
    refereeId: string;
    key: string;
  }): Promise<{ key: string; name: string }>;
  register(
    scope: FastifyInstance,
    helpers: { party: UserOf; idOf: (request: FastifyRequest) => string },
  ): void;
}

export function createDeliveryFiles(options: {
  db: Database;
  store: ObjectStore;
  signingSecret: () => string;
  publicOrigin: string;
}): DeliveryFiles {
  const { db, store, signingSecret, publicOrigin } = options;

  async function bookingOf(id: string) {
    const [row] = await db
      .select()
      .from(guidanceBookings)
      .where(eq(guidanceBookings.id, id))
      .limit(1);
    return row;
  }

  return {
    async takeDeliveryFile({ bookingId, refereeId, key }) {
      if (!isObjectKey(key) || !key.startsWith(folderOf(bookingId))) {
        throw new HttpError(400, GuidanceErrors.fileNotUploaded);
      }
      const [upload] = await db
        .select({ fileName: uploadedFiles.fileName, sizeBytes: uploadedFiles.sizeBytes })
        .from(uploadedFiles)
        .where(
          and(
            eq(uploadedFiles.objectKey, key),
            eq(uploadedFiles.purpose, DELIVERY_UPLOAD_PURPOSE),
            eq(uploadedFiles.ownerId, refereeId),
            isNotNull(uploadedFiles.uploadedAt),
          ),
        )
        .limit(1);
      if (!upload) throw new HttpError(400, GuidanceErrors.fileNotUploaded);
      // With S3 the bytes went straight to the bucket: they must be there, under the limit.
      if (store.direct) {
        const bytes = await store.direct.size(key);
        if (bytes === undefined || bytes >= DELIVERY_MAX_BYTES) {
          throw new HttpError(400, GuidanceErrors.fileNotUploaded);
        }
      }
      return { key, name: upload.fileName };
    },

    register(scope, { party, idOf }) {
      registerRoute(
        scope,
        deliveryUploadRoute,
        async (request) => {
          const user = await party(request);
          const id = idOf(request);
          const body = parseOrThrow(DeliveryUploadBody, request.body ?? {}, 'file');
          const booking = await bookingOf(id);
          if (!booking || (booking.refereeId !== user.id && booking.candidateId !== user.id)) {
            throw new HttpError(404, GuidanceErrors.bookingNotFound);
          }
          if (booking.refereeId !== user.id) throw new HttpError(403, GuidanceErrors.notYours);
          if (booking.state !== 'confirmed' || isLiveKind(booking.kind as ServiceKind)) {
            throw new HttpError(409, GuidanceErrors.wrongState);
          }
          const mimeType = body.mimeType.toLowerCase();
          if (!Object.hasOwn(DELIVERY_FILE_TYPES, mimeType)) {
            throw new HttpError(415, GuidanceErrors.wrongFileType);
          }
          const extension = DELIVERY_FILE_TYPES[mimeType as keyof typeof DELIVERY_FILE_TYPES];
          const fileId = randomUUID();
          const key = `${folderOf(id)}${fileId}.${extension}`;
          const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
          await recordIssuedUpload(db, {
            id: fileId,
            objectKey: key,
            ownerId: user.id,
            purpose: DELIVERY_UPLOAD_PURPOSE,
            fileName: body.fileName,
            mimeType,
            expiresAt: new Date(expires * 1000),
          });
          const uploadUrl = store.direct
            ? await store.direct.uploadUrl(key, {
                contentType: mimeType,
                tagging: new URLSearchParams({
                  purpose: DELIVERY_UPLOAD_PURPOSE,
                  owner: user.id,
                }).toString(),
                expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
              })
            : `${linkOrigin(publicOrigin)}${signedUploadPath(signingSecret(), { key, expires })}`;
          return {
            data: { uploadUrl, fileKey: key, expiresAt: new Date(expires * 1000).toISOString() },
          };
        },
        { config: { rateLimit: UPLOAD_RATE_LIMIT } },
      );

      registerRoute(scope, deliveryFileRoute, async (request, reply) => {
        const user = await party(request);
        const booking = await bookingOf(idOf(request));
        if (!booking || (booking.refereeId !== user.id && booking.candidateId !== user.id)) {
          throw new HttpError(404, GuidanceErrors.bookingNotFound);
        }
        if (
          !booking.fileKey ||
          !isObjectKey(booking.fileKey) ||
          !(await store.exists(booking.fileKey))
        ) {
          throw new HttpError(404, GuidanceErrors.noFile);
        }
        noStore(reply);
        const extension = booking.fileKey.slice(booking.fileKey.lastIndexOf('.') + 1);
        const name = booking.fileName?.trim() || `Resume.${extension}`;
        const link = await signedFileLink(
          { store, signingSecret, publicOrigin },
          { key: booking.fileKey, name, seconds: DOWNLOAD_LINK_SECONDS },
        );
        return { data: link };
      });

      registerCandidateCvRoute(scope, { db, store, signingSecret, publicOrigin, party, idOf });
    },
  };
}

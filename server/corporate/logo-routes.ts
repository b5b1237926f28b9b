/**
 * Company logo upload (issue 20 item 3; contract src/domain/contract/corporate-company.ts),
 * through the same signed upload path as CVs and proofs:
 * 1. `POST /api/file/gsu2u/COMPANY_LOGO` (corporate admins of the company, spec §6
 *    manage_users): a signed, expiring, single-use URL for `logo/<company>/<uuid>.<png|jpg|webp>`;
 * 2. the app PUTs the image there (storage/put-route.ts checks its first bytes against the key's
 *    type: a PNG key takes only PNG bytes);
 * 3. `PATCH /api/corporate/company { logoFile }` checks that the file is this company's, uploaded
 *    and at most 1 MB (`takeLogoFile`), and points logoUrl at
 * 4. `GET /api/company-logos/<company>/<file>`: public, like the seeded logos, cached for good
 *    (a new logo is a new key, so a cached old one is never shown under the new address).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  CompanyLogoFileParams,
  CompanyProfileErrors,
  LOGO_FILE_TYPES,
  LogoLimits,
  LogoMessages,
  LogoUploadBody,
  isLogoMimeType,
  isLogoSizeAllowed,
} from '../../src/domain/contract/corporate-company';
import { SignedUploadAnswerSchema } from '../../src/domain/contract/files';
import type { Database } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { keySegment } from '../files/object-key';
import { UPLOAD_URL_TTL_SECONDS } from '../files/upload-limits';
import { recordIssuedUpload } from '../files/upload-record';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { UPLOAD_RATE_LIMIT } from '../http/protection';
import { linkOrigin } from '../http/public-origin';
import { parseOrThrow } from '../http/validation';
import { requireCompanyMember } from '../jobs/company-access';
import { contentTypeOfKey } from '../storage/file-types';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { signedUploadPath } from '../storage/url-signing';
import { randomUUID } from 'node:crypto';
import type { CorporateRouteOptions } from './options';

export const logoUploadRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/file/gsu2u/${LogoLimits.purpose}`,
  summary:
    "A signed, expiring, single-use URL to PUT the company's logo to (PNG, JPEG or WebP, at most 1 MB; corporate admins)",
  auth: true,
  body: LogoUploadBody,
  responses: {
    200: {
      description:
        '`{ awsS3SignedUrl, awsS3Tag, cloudFileName }`: send cloudFileName as `logoFile`',
      schema: SignedUploadAnswerSchema,
    },
    403: { description: CompanyProfileErrors.adminsOnly },
    415: { description: LogoMessages.wrongType },
  },
});

export const companyLogoFileRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/company-logos/:company/:file`,
  summary: "A company's uploaded logo (public)",
  params: CompanyLogoFileParams,
  responses: { 404: { description: 'No such logo' } },
});

export const LOGO_ROUTES = [logoUploadRoute, companyLogoFileRoute];

/** The folder of one company's logos. */
const logoPrefix = (companyId: string) => `logo/${keySegment(companyId, 'company')}/`;

/** The public address of a stored logo key (`logo/<company>/<file>`). */
export function logoUrlOf(key: string): string {
  return `${API_PREFIX}/company-logos/${key.slice('logo/'.length)}`;
}

/**
 * The PATCH's `logoFile`: this company's uploaded logo, at most 1 MB (the PUT route allows 2 MB,
 * its limit for CVs). Returns the logoUrl to store.
 */
export async function takeLogoFile(
  db: Database,
  store: ObjectStore,
  companyId: string,
  key: string,
): Promise<string> {
  if (!isObjectKey(key) || !key.startsWith(logoPrefix(companyId))) {
    throw new HttpError(400, LogoMessages.notUploaded);
  }
  const [upload] = await db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(and(eq(uploadedFiles.objectKey, key), isNotNull(uploadedFiles.uploadedAt)))
    .limit(1);
  // On S3 the bytes go to the bucket and the row is never marked: the object itself counts.
  const size = store.direct
    ? await store.direct.size(key)
    : upload
      ? (await store.get(key))?.length
      : undefined;
  if (size === undefined) throw new HttpError(400, LogoMessages.notUploaded);
  if (!isLogoSizeAllowed(size)) throw new HttpError(413, LogoMessages.tooLarge);
  return logoUrlOf(key);
}

export function registerLogoRoutes(app: FastifyInstance, options: CorporateRouteOptions) {
  const { db, store, signingSecret, config } = options;

  registerRoute(
    app,
    logoUploadRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'manage_users');
      const body = parseOrThrow(logoUploadRoute.body, request.body ?? {}, 'logo');
      const mimeType = body.mimeType.toLowerCase();
      if (!isLogoMimeType(mimeType)) throw new HttpError(415, LogoMessages.wrongType);
      const fileId = randomUUID();
      const key = `${logoPrefix(member.company.id)}${fileId}.${LOGO_FILE_TYPES[mimeType]}`;
      const expires = Math.floor(Date.now() / 1000) + UPLOAD_URL_TTL_SECONDS;
      await recordIssuedUpload(db, {
        id: fileId,
        objectKey: key,
        ownerId: member.corporateUserId,
        purpose: LogoLimits.purpose,
        fileName: body.fileName,
        mimeType,
        expiresAt: new Date(expires * 1000),
      });
      const tag = new URLSearchParams({ purpose: LogoLimits.purpose, owner: member.company.id });
      const awsS3SignedUrl = store.direct
        ? await store.direct.uploadUrl(key, {
            contentType: mimeType,
            tagging: tag.toString(),
            expiresInSeconds: UPLOAD_URL_TTL_SECONDS,
          })
        : `${linkOrigin(config.PUBLIC_ORIGIN)}${signedUploadPath(signingSecret(), { key, expires })}`;
      return { awsS3SignedUrl, awsS3Tag: tag.toString(), cloudFileName: key };
    },
    { config: { rateLimit: UPLOAD_RATE_LIMIT } },
  );

  registerRoute(app, companyLogoFileRoute, async (request, reply) => {
    const { company, file } = parseOrThrow(companyLogoFileRoute.params, request.params, 'logo');
    const key = `logo/${company}/${file}`;
    const bytes = isObjectKey(key) ? await store.get(key) : undefined;
    if (!bytes) throw new HttpError(404, 'No such logo');
    return reply
      .type(contentTypeOfKey(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}

/**
 * `GET /storage/<key>?expires=…&name=…&signature=…`: the target of a short-lived download link
 * (issue 10: the candidate views or downloads the current CV). The link is handed out by
 * `GET /user/{email}/cv/url` (cv/download-route.ts) to the CV's owner only; whoever holds it can
 * read the file until it expires, like an S3 presigned GET. The signature covers the method, so an
 * upload link can never be used to read a file (url-signing.ts).
 *
 * The file is answered inline (the browser's PDF viewer, which also offers the download) under the
 * name the user uploaded, never cached by the browser or a proxy.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { contentTypeOfKey } from './file-types';
import { isObjectKey, type ObjectStore } from './object-store';
import { isValidDownloadSignature } from './url-signing';

/** How long a download link works. Long enough to open it, short enough not to be shared. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

export const DOWNLOAD_MESSAGES = {
  invalidLink: 'This file link is not valid. Please open the file again from your profile.',
  expiredLink: 'This file link has expired. Please open the file again from your profile.',
  missing: 'This file is no longer available.',
} as const;

const DownloadQuery = z.object({
  expires: z.coerce.number().int().positive(),
  name: z.string().min(1).max(255),
  signature: z.string().min(1).max(200),
});

function keyOf(request: FastifyRequest): string {
  return (request.params as { '*'?: string })['*'] ?? '';
}

/** `inline` with an ASCII fallback name and the exact name in RFC 8187 form. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\w .()-]/g, '_').trim() || 'file.pdf';
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface StorageGetRouteOptions {
  store: ObjectStore;
  signingSecret: () => string;
}

export function registerStorageGetRoute(app: FastifyInstance, options: StorageGetRouteOptions) {
  const { store, signingSecret } = options;
  app.get('/storage/*', async (request, reply) => {
    const key = keyOf(request);
    const query = DownloadQuery.safeParse(request.query);
    if (!isObjectKey(key) || !query.success) {
      throw new HttpError(403, DOWNLOAD_MESSAGES.invalidLink);
    }
    const { expires, name, signature } = query.data;
    if (!isValidDownloadSignature(signingSecret(), { key, expires, name }, signature)) {
      throw new HttpError(403, DOWNLOAD_MESSAGES.invalidLink);
    }
    if (expires * 1000 <= Date.now()) throw new HttpError(403, DOWNLOAD_MESSAGES.expiredLink);
    const bytes = await store.get(key);
    if (!bytes) throw new HttpError(404, DOWNLOAD_MESSAGES.missing);
    return reply
      .header('content-type', contentTypeOfKey(key))
      .header('content-disposition', contentDisposition(name))
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });
}

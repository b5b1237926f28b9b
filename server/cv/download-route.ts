/**
 * `GET /user/{email}/cv/url` (issue 10; the spec does not show this call, docs/api.md): a link to
 * the caller's current CV that works for DOWNLOAD_LINK_SECONDS, pointing at the storage GET route
 * (storage/get-route.ts). Only the CV's owner gets one; the link itself carries no token, so it can
 * be opened in a new tab or the PDF viewer.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { originOf } from '../files/routes';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { DOWNLOAD_LINK_SECONDS } from '../storage/get-route';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { signedDownloadPath } from '../storage/url-signing';
import { requireGeneralUser } from '../users/current-user';

const EmailParams = z.object({ email: z.email().max(254) });

export const NO_CV_MESSAGE = 'No CV uploaded yet.';

export interface CvDownloadRouteOptions {
  db: Database;
  store: ObjectStore;
  prefix: string;
  signingSecret: () => string;
  publicOrigin: string;
}

export function registerCvDownloadRoute(app: FastifyInstance, options: CvDownloadRouteOptions) {
  const { db, store, prefix, signingSecret, publicOrigin } = options;
  app.get(`${prefix}/user/:email/cv/url`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { email } = parseOrThrow(EmailParams, request.params, 'email');
    const user = await requireGeneralUser(db, principal);
    if (user.email.toLowerCase() !== email.toLowerCase()) {
      throw new HttpError(403, 'You can only open your own CV');
    }
    const key = user.cvObjectKey;
    if (!key || !isObjectKey(key) || !(await store.exists(key))) {
      throw new HttpError(404, NO_CV_MESSAGE);
    }
    const expires = Math.floor(Date.now() / 1000) + DOWNLOAD_LINK_SECONDS;
    const name = user.cvFileName?.trim() || 'CV.pdf';
    const url = store.direct
      ? await store.direct.downloadUrl(key, {
          fileName: name,
          expiresInSeconds: DOWNLOAD_LINK_SECONDS,
        })
      : `${originOf(request, publicOrigin)}${signedDownloadPath(signingSecret(), { key, expires, name })}`;
    // A link minted now must not be served from a cache later.
    reply.header('cache-control', 'private, no-store');
    return {
      data: {
        url,
        fileName: name,
        expiresAt: new Date(expires * 1000).toISOString(),
      },
    };
  });
}

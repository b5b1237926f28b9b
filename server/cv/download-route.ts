/**
 * `GET /user/{email}/cv/url` (issue 10; the spec does not show this call, docs/api.md): a link to
 * the caller's current CV that works for DOWNLOAD_LINK_SECONDS, pointing at the storage GET route
 * (storage/get-route.ts). Only the CV's owner gets one; the link itself carries no token, so it can
 * be opened in a new tab or the PDF viewer.
 */
import type { FastifyInstance } from 'fastify';
import { API_PREFIX, EmailParams } from '../../src/domain/contract/common';
import { CvLinkSchema } from '../../src/domain/contract/files';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { DOWNLOAD_LINK_SECONDS } from '../storage/get-route';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { noStore, signedFileLink } from '../storage/signed-link';
import { requireGeneralUser } from '../users/current-user';

export const NO_CV_MESSAGE = 'No CV uploaded yet.';

export const cvLinkRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/user/:email/cv/url`,
  summary: "A 5-minute link to the caller's current CV (GET /storage/<key>, served inline as PDF)",
  auth: true,
  params: EmailParams,
  responses: {
    200: { description: '`{ data: { url, fileName, expiresAt } }`', schema: CvLinkSchema },
    403: { description: 'Not yours' },
    404: { description: NO_CV_MESSAGE },
  },
});

export interface CvDownloadRouteOptions {
  db: Database;
  store: ObjectStore;
  signingSecret: () => string;
  publicOrigin: string;
}

export function registerCvDownloadRoute(app: FastifyInstance, options: CvDownloadRouteOptions) {
  const { db, store, signingSecret, publicOrigin } = options;
  registerRoute(app, cvLinkRoute, async (request, reply) => {
    const principal = requirePrincipal(request);
    const { email } = parseOrThrow(cvLinkRoute.params, request.params, 'email');
    const user = await requireGeneralUser(db, principal);
    if (user.email.toLowerCase() !== email.toLowerCase()) {
      throw new HttpError(403, 'You can only open your own CV');
    }
    const key = user.cvObjectKey;
    if (!key || !isObjectKey(key) || !(await store.exists(key))) {
      throw new HttpError(404, NO_CV_MESSAGE);
    }
    noStore(reply);
    const name = user.cvFileName?.trim() || 'CV.pdf';
    const link = await signedFileLink(
      { store, signingSecret, publicOrigin },
      { key, name, seconds: DOWNLOAD_LINK_SECONDS },
    );
    return { data: link };
  });
}

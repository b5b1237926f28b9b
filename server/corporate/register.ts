/**
 * The corporate side's routes (issue 20 items 2 and 3): the applicant pipeline, the company
 * profile and the company's users. Registered with the other corporate writes (server/app.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { CorporateWriteOptions } from '../jobs/company-access';
import type { MailSender } from '../mail/mail-sender';
import { linkOrigin } from '../http/public-origin';
import { isObjectKey } from '../storage/object-store';
import { resolveSigningSecret } from '../storage/signing-secret';
import { createObjectStore } from '../storage/select-store';
import { signedDownloadPath } from '../storage/url-signing';
import { registerCompanyProfileRoutes } from './company-routes';
import { defineCorporateGroupSync } from './group-sync';
import type { CorporateRouteOptions } from './options';
import { registerPipelineRoutes } from './pipeline-routes';
import { registerLogoRoutes } from './logo-routes';
import { registerCorporateUserRoutes } from './users-routes';

/** A CV link lasts as long as the candidate's own (storage/get-route.ts): 5 minutes. */
const CV_LINK_SECONDS = 5 * 60;

export interface RegisterCorporateOptions extends CorporateWriteOptions {
  config: ServerConfig;
  mail: MailSender;
  /** Tests: the clock of invite expiry. */
  clock?: () => Date;
}

export async function registerCorporateRoutes(
  app: FastifyInstance,
  options: RegisterCorporateOptions,
) {
  const { config } = options;
  const store = await createObjectStore(config);
  let secret: string | undefined;
  const signingSecret = () =>
    (secret ??= resolveSigningSecret(config.STORAGE_SIGNING_SECRET, config.DATA_DIR));
  const routes: CorporateRouteOptions = {
    ...options,
    clock: options.clock ?? (() => new Date()),
    store,
    signingSecret,
    groupSync: defineCorporateGroupSync(app.jobs, {
      db: options.db,
      groups: app.identityGroups,
      log: app.log,
    }),
    async cvLink(key) {
      if (!isObjectKey(key) || !(await store.exists(key))) return null;
      // Real time, as the storage GET route checks it. A neutral name: the candidate's own file
      // name may carry their full name.
      const expires = Math.floor(Date.now() / 1000) + CV_LINK_SECONDS;
      const name = 'CV.pdf';
      const url = store.direct
        ? await store.direct.downloadUrl(key, { fileName: name, expiresInSeconds: CV_LINK_SECONDS })
        : `${linkOrigin(config.PUBLIC_ORIGIN)}${signedDownloadPath(signingSecret(), { key, expires, name })}`;
      return { url, expiresAt: new Date(expires * 1000).toISOString() };
    },
  };
  registerPipelineRoutes(app, routes);
  registerCompanyProfileRoutes(app, routes);
  registerCorporateUserRoutes(app, routes);
  registerLogoRoutes(app, routes);
}

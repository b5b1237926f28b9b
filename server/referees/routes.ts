/**
 * The referee API (issue 17), REST-ish under /api like the referral routes:
 *
 *   GET   /referee/profile            status (none/pendingCode/verified), company, details, record
 *   PATCH /referee/profile            pause/resume, designation, department, location
 *   POST  /referee/work-email         mails a 6-digit code to a work email of the company (202)
 *   POST  /referee/work-email/verify  the code → verified for that company
 *   GET   /referee/offers/{id}/cv     a 5-minute signed link to the candidate's CV, only for the
 *                                     referee who holds the request (offered or accepted)
 *
 * GET /referee/offers (the inbox) and the accept/decline/refer actions are the referral routes'
 * (server/referrals/routes.ts). Bodies, answers and texts are the contract's
 * (src/domain/contract/referees.ts). Writes are rate limited like every write. In MAIL_MODE=local
 * the dev mailbox is served at GET /_dev/mail (server/mail/dev-mail-route.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  RefereeCvLinkSchema,
  RefereeErrors,
  RefereeLimits,
  RefereeOfferIdParams,
  RefereeProfileOneSchema,
  RefereeProfilePatchBody,
  VerifyCodeBody,
  WorkEmailBody,
  WorkEmailPendingSchema,
} from '../../src/domain/contract/referees';
import { requirePrincipal } from '../auth/authenticate';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { referralRequests, users } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { createMailSender, type MailSender } from '../mail/mail-sender';
import { registerDevMailRoute } from '../mail/dev-mail-route';
import { refereeHoldsForCv } from '../referrals/views';
import { isObjectKey, type ObjectStore } from '../storage/object-store';
import { createObjectStore } from '../storage/select-store';
import { resolveSigningSecret } from '../storage/signing-secret';
import { noStore, signedFileLink } from '../storage/signed-link';
import { requireGeneralUser } from '../users/current-user';
import {
  loadRefereeProfile,
  patchRefereeProfile,
  requestWorkEmailCode,
  verifyWorkEmailCode,
} from './service';

const refusal = { description: "Refused: `{ errorMsg }` with the contract's text" };

export const refereeProfileRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/referee/profile`,
  summary: "The caller's referee status, company, details and record",
  auth: true,
  responses: {
    200: { description: '`{ data: profile }`', schema: RefereeProfileOneSchema },
    404: { description: 'No profile found for this account' },
  },
});

export const patchRefereeProfileRoute = defineRoute({
  method: 'PATCH',
  url: `${API_PREFIX}/referee/profile`,
  summary: 'Pause/resume offers, or change designation, department, location',
  auth: true,
  body: RefereeProfilePatchBody,
  responses: {
    200: { description: '`{ data: profile }`', schema: RefereeProfileOneSchema },
    422: { description: RefereeErrors.notReferee },
  },
});

export const workEmailRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/referee/work-email`,
  summary: `Mails a ${RefereeLimits.codeLength}-digit code (valid ${RefereeLimits.codeTtlMinutes} min) to a work email of the company`,
  auth: true,
  body: WorkEmailBody,
  responses: {
    202: {
      description: 'Code sent: `{ data: { status, emailDomain, expiresAt } }`',
      schema: WorkEmailPendingSchema,
    },
    422: refusal,
    429: { description: RefereeErrors.codeTooSoon },
  },
});

export const verifyWorkEmailRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/referee/work-email/verify`,
  summary: 'The mailed code: verifies the caller as a referee of the company',
  auth: true,
  body: VerifyCodeBody,
  responses: {
    200: { description: '`{ data: profile }`', schema: RefereeProfileOneSchema },
    422: refusal,
  },
});

export const refereeCvRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/referee/offers/:id/cv`,
  summary: "A 5-minute link to the candidate's CV, for the referee holding the request",
  auth: true,
  params: RefereeOfferIdParams,
  responses: {
    200: { description: '`{ data: { url, expiresAt } }`', schema: RefereeCvLinkSchema },
    403: { description: RefereeErrors.notOffered },
    404: { description: RefereeErrors.cvNotFound },
  },
});

export const REFEREE_ROUTES = [
  refereeProfileRoute,
  patchRefereeProfileRoute,
  workEmailRoute,
  verifyWorkEmailRoute,
  refereeCvRoute,
] as const;

export interface RefereeRouteOptions {
  db: Database;
  config: ServerConfig;
  /** Tests: another sender; default from MAIL_MODE. */
  mail?: MailSender;
  /** Tests: the clock of code expiry. */
  clock?: () => Date;
  store?: ObjectStore;
}

export async function registerRefereeRoutes(app: FastifyInstance, options: RefereeRouteOptions) {
  const { db, config } = options;
  const clock = options.clock ?? (() => new Date());
  const mail = options.mail ?? (await createMailSender(config, app.log));
  if (mail.mailbox) registerDevMailRoute(app, mail.mailbox);
  const store = options.store ?? (await createObjectStore(config));
  let secret: string | undefined;
  const signingSecret = () =>
    (secret ??= resolveSigningSecret(config.STORAGE_SIGNING_SECRET, config.DATA_DIR));
  const write = { config: { rateLimit: WRITE_RATE_LIMIT } };

  registerRoute(app, refereeProfileRoute, async (request) => {
    const user = await requireGeneralUser(db, requirePrincipal(request));
    return { data: await loadRefereeProfile(db, user) };
  });

  registerRoute(
    app,
    patchRefereeProfileRoute,
    async (request) => {
      const user = await requireGeneralUser(db, requirePrincipal(request));
      const patch = parseOrThrow(patchRefereeProfileRoute.body, request.body ?? {}, 'profile');
      await patchRefereeProfile(db, { user, patch, now: clock() });
      return { data: await loadRefereeProfile(db, user) };
    },
    write,
  );

  registerRoute(
    app,
    workEmailRoute,
    async (request, reply) => {
      const user = await requireGeneralUser(db, requirePrincipal(request));
      const input = parseOrThrow(workEmailRoute.body, request.body ?? {}, 'work email');
      const data = await requestWorkEmailCode(db, { user, input, now: clock(), mail });
      return reply.code(202).send({ data });
    },
    write,
  );

  registerRoute(
    app,
    verifyWorkEmailRoute,
    async (request) => {
      const user = await requireGeneralUser(db, requirePrincipal(request));
      const { code } = parseOrThrow(verifyWorkEmailRoute.body, request.body ?? {}, 'code');
      await verifyWorkEmailCode(db, { user, code, now: clock() });
      return { data: await loadRefereeProfile(db, user) };
    },
    write,
  );

  registerRoute(app, refereeCvRoute, async (request, reply) => {
    const referee = await requireGeneralUser(db, requirePrincipal(request));
    const { id } = parseOrThrow(refereeCvRoute.params, request.params, 'referral id');
    const [row] = await db
      .select({
        state: referralRequests.state,
        currentRefereeId: referralRequests.currentRefereeId,
        cvObjectKey: users.cvObjectKey,
      })
      .from(referralRequests)
      .innerJoin(users, eq(users.id, referralRequests.candidateId))
      .where(eq(referralRequests.id, id))
      .limit(1);
    // Not found and not yours answer alike: request ids are not to be probed.
    if (!row || !refereeHoldsForCv(row, referee.id)) {
      throw new HttpError(403, RefereeErrors.notOffered);
    }
    const key = row.cvObjectKey;
    if (!key || !isObjectKey(key) || !(await store.exists(key))) {
      throw new HttpError(404, RefereeErrors.cvNotFound);
    }
    noStore(reply);
    // A neutral file name: the candidate's own may carry their full name.
    const { url, expiresAt } = await signedFileLink(
      { store, signingSecret, publicOrigin: config.PUBLIC_ORIGIN },
      { key, name: 'CV.pdf', seconds: RefereeLimits.cvLinkTtlMinutes * 60 },
    );
    return { data: { url, expiresAt } };
  });
}

/**
 * The referral API (issue 16; spec §7 lists no referral calls, so these are REST-ish under /api):
 *
 *   POST /referrals                    request a referral; evaluated at once → a spec §4 result
 *   GET  /referrals/mine               the caller's requests with their timelines (the tracker)
 *   GET  /referrals/balance            the caller's credits (balance, held, consumed)
 *   GET  /referrals/{id}               one request (its candidate, its current referee, admins)
 *   POST /referrals/{id}/accept        the offered referee accepts
 *   POST /referrals/{id}/decline       … declines with a reason (passes it to the next referee)
 *   POST /referrals/{id}/refer         … says the referral was made (consumes the credit)
 *   POST /referrals/{id}/acknowledge   the candidate confirms the referral
 *   POST /referrals/{id}/cancel        the candidate withdraws it, or an admin cancels it
 *   POST /referrals/{id}/expire        an admin expires it
 *   GET  /referee/offers               the requests offered to the caller as a referee
 *   POST /admin/credit-grants          an admin grants credits
 *
 * Bodies and answers are the contract's (src/domain/contract/referrals.ts). Writes are rate
 * limited and honour Idempotency-Key (http/idempotency.ts: a replay returns the first answer, so
 * a request sent twice by the outbox creates one request). A state that moved on answers 409
 * `{ errorMsg, state }`; an action the caller may never take answers 403. Notifications go out
 * after the response (app.backgroundTasks). The sweep runs on an unref'd timer, stopped on close.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import {
  CreateReferralBody,
  CreditGrantBody,
  DeclineReferralBody,
  ReferReferralBody,
  ReferralErrors,
  ReferralIdParams,
  ReferralLimits,
  ReferralNoteBody,
} from '../../src/domain/contract/referrals';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Principal } from '../auth/verify-token';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { BackgroundTasks } from '../http/background-tasks';
import { acceptEmptyJson } from '../http/empty-json';
import { HttpError } from '../http/errors';
import { registerRoute } from '../http/api-route';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { createObjectStore } from '../storage/select-store';
import type { ObjectStore } from '../storage/object-store';
import { findGeneralUser, requireGeneralUser } from '../users/current-user';
import {
  REFERRAL_ACTION_ROUTES,
  createReferralRoute,
  creditBalanceRoute,
  creditGrantRoute,
  disputeReferralRoute,
  myReferralsRoute,
  refereeOffersRoute,
  referralRoute,
} from './api-routes';
import { creditSummary } from './credits';
import { sendNotices, type NoticeSender, type ReferralNotice } from './notify';
import type { PushJobs } from '../push/push-jobs';
import {
  ReferralConflict,
  actOnReferral,
  createReferralRequest,
  grantCredits,
  rolesOf,
  type ActionInput,
  type Caller,
} from './service';
import { scheduleReferralSweep, sweepReferrals, type SweepReport } from './sweep';
import { loadCandidateRequests, loadRefereeOffers, loadRequestDto } from './views';
import { referralRequests } from '../db/schema';
import { resolveSigningSecret } from '../storage/signing-secret';
import { confirmDirectProof, registerProofRoutes } from './proof';
import { disputeReferral } from './dispute';
import { DisputeBody } from '../../src/domain/contract/admin-referrals';
import { eq } from 'drizzle-orm';

declare module 'fastify' {
  interface FastifyInstance {
    /** The referral sweep, for tests and a future job queue (the timer calls it too). */
    referrals?: { sweep: (now: Date) => Promise<SweepReport> };
  }
}

export interface ReferralRouteOptions {
  db: Database;
  config: ServerConfig;
  notifications: NoticeSender;
  tasks: BackgroundTasks;
  /** Notices go out as durable push jobs (issue 25); without it, as background tasks. */
  push?: PushJobs;
  /** Injectable for tests; the real time otherwise. */
  clock?: () => Date;
  /** How often the sweep runs; 0 turns the timer off. Default 60 s. */
  sweepIntervalMs?: number;
  /** Tests: a store other than the configured one. */
  store?: ObjectStore;
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

const isAdmin = (principal: Principal) => principal.roles.includes('admin');

export async function registerReferralRoutes(app: FastifyInstance, options: ReferralRouteOptions) {
  const { db } = options;
  const clock = options.clock ?? (() => new Date());
  const store = options.store ?? (await createObjectStore(options.config));
  const send = (notices: ReferralNotice[]) => {
    if (notices.length === 0) return;
    // The service writes in its own transactions and hands back the notices after commit: the
    // push job is written right after (a crash in between loses them; docs/decisions.md).
    const { push } = options;
    if (push) {
      options.tasks.run('referral notifications', () =>
        push.send(db, { type: 'referral-notices', notices: [...notices] }),
      );
      return;
    }
    options.tasks.run('referral notifications', () =>
      sendNotices(db, options.notifications, notices),
    );
  };
  app.decorate('referrals', { sweep: (now: Date) => sweepReferrals(db, now, send) });
  const interval = options.sweepIntervalMs ?? 60_000;
  if (interval > 0) {
    // A periodic job on the durable queue: once per period across all processes (issue 25).
    scheduleReferralSweep(app.jobs, {
      db,
      intervalMs: interval,
      clock,
      onNotices: send,
      log: app.log,
    });
  }
  let secret: string | undefined;
  const signingSecret = () =>
    (secret ??= resolveSigningSecret(
      options.config.STORAGE_SIGNING_SECRET,
      options.config.DATA_DIR,
    ));
  void app.register((scope, _opts, done) => {
    acceptEmptyJson(scope);
    referralRoutes(scope, { ...options, clock, store, send });
    // Proof of a referral: its signed upload and its link (issue 17).
    registerProofRoutes(scope, {
      db,
      store,
      signingSecret,
      publicOrigin: options.config.PUBLIC_ORIGIN,
    });
    done();
  });
}

function referralRoutes(
  app: FastifyInstance,
  {
    db,
    clock,
    store,
    send,
  }: ReferralRouteOptions & {
    clock: () => Date;
    store: ObjectStore;
    send: (notices: ReferralNotice[]) => void;
  },
) {
  const write = { config: { rateLimit: WRITE_RATE_LIMIT } };

  registerRoute(
    app,
    createReferralRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!can(principal, 'apply_jobs')) throw new HttpError(403, ReferralErrors.candidatesOnly);
      const user = await requireGeneralUser(db, principal);
      const input = parseOrThrow(CreateReferralBody, request.body ?? {}, 'referral request');
      const outcome = await createReferralRequest(db, store, { user, input, now: clock() });
      send(outcome.notices);
      const dto = outcome.requestId ? await loadRequestDto(db, outcome.requestId) : null;
      return reply
        .code(dto ? 201 : 200)
        .send({ data: { type: outcome.type, request: dto, balance: outcome.balance } });
    },
    write,
  );

  registerRoute(app, myReferralsRoute, async (request) => {
    const principal = requirePrincipal(request);
    const user = await findGeneralUser(db, principal);
    return { data: user ? await loadCandidateRequests(db, user.id) : [] };
  });

  registerRoute(app, creditBalanceRoute, async (request) => {
    const principal = requirePrincipal(request);
    const user = await findGeneralUser(db, principal);
    const summary = user ? await creditSummary(db, user.id) : { balance: 0, held: 0, consumed: 0 };
    return { data: { ...summary, cost: ReferralLimits.creditCost } };
  });

  registerRoute(app, referralRoute, async (request) => {
    const principal = requirePrincipal(request);
    const { id } = parseOrThrow(ReferralIdParams, request.params, 'referral id');
    const [row] = await db
      .select()
      .from(referralRequests)
      .where(eq(referralRequests.id, id))
      .limit(1);
    if (!row) throw new HttpError(404, ReferralErrors.notFound);
    const caller: Caller = {
      user: await findGeneralUser(db, principal),
      isAdmin: isAdmin(principal),
    };
    if (rolesOf(row, caller).size === 0) throw new HttpError(403, ReferralErrors.forbidden);
    return { data: await loadRequestDto(db, id) };
  });

  async function act(
    request: FastifyRequest,
    reply: FastifyReply,
    input: (body: unknown) => ActionInput,
    view: 'request' | 'offer',
  ) {
    const principal = requirePrincipal(request);
    const { id } = parseOrThrow(ReferralIdParams, request.params, 'referral id');
    const actionInput = input(request.body ?? undefined);
    if (actionInput.action === 'refer' && actionInput.body.proofFile) {
      await confirmDirectProof(db, store, actionInput.body.proofFile);
    }
    const caller: Caller = {
      user: await findGeneralUser(db, principal),
      isAdmin: isAdmin(principal),
    };
    const now = clock();
    try {
      const outcome = await actOnReferral(db, { requestId: id, input: actionInput, caller, now });
      send(outcome.notices);
    } catch (error) {
      if (error instanceof ReferralConflict) {
        return reply.code(409).send({ errorMsg: error.message, state: error.state });
      }
      throw error;
    }
    if (view === 'offer' && caller.user) {
      const [offer] = await loadRefereeOffers(db, caller.user.id, now, id);
      return reply.send({ data: offer });
    }
    return reply.send({ data: await loadRequestDto(db, id) });
  }

  const noteOf = (body: unknown) => parseOrThrow(ReferralNoteBody, body, 'body')?.note;
  for (const action of ['accept', 'acknowledge', 'cancel', 'expire'] as const) {
    registerRoute(
      app,
      REFERRAL_ACTION_ROUTES[action],
      (request, reply) =>
        act(
          request,
          reply,
          (body) => ({ action, note: noteOf(body) }),
          action === 'accept' ? 'offer' : 'request',
        ),
      write,
    );
  }
  registerRoute(
    app,
    REFERRAL_ACTION_ROUTES.decline,
    (request, reply) =>
      act(
        request,
        reply,
        (body) => ({
          action: 'decline',
          body: parseOrThrow(DeclineReferralBody, body ?? {}, 'decline'),
        }),
        'offer',
      ),
    write,
  );
  registerRoute(
    app,
    REFERRAL_ACTION_ROUTES.refer,
    (request, reply) =>
      act(
        request,
        reply,
        (body) => ({
          action: 'refer',
          body: parseOrThrow(ReferReferralBody, body ?? {}, 'referral'),
        }),
        'offer',
      ),
    write,
  );

  // issue 21: "Report a problem" (dispute.ts).
  registerRoute(
    app,
    disputeReferralRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { id } = parseOrThrow(ReferralIdParams, request.params, 'referral id');
      const { note } = parseOrThrow(DisputeBody, request.body ?? {}, 'report');
      const user = await findGeneralUser(db, principal);
      const kind = await disputeReferral(db, { requestId: id, user, note, now: clock() });
      return reply.code(201).send({ data: { requestId: id, kind } });
    },
    write,
  );

  registerRoute(app, refereeOffersRoute, async (request) => {
    const principal = requirePrincipal(request);
    const user = await findGeneralUser(db, principal);
    return { data: user ? await loadRefereeOffers(db, user.id, clock()) : [] };
  });

  registerRoute(
    app,
    creditGrantRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!isAdmin(principal)) throw new HttpError(403, ReferralErrors.adminOnly);
      const body = parseOrThrow(CreditGrantBody, request.body ?? {}, 'grant');
      const admin = await findGeneralUser(db, principal);
      // The Idempotency-Key, when sent, is also the ledger's key: a grant happens once even if the
      // stored answer has been forgotten.
      const raw = request.headers['idempotency-key'];
      const header = Array.isArray(raw) ? raw[0] : raw;
      const key = header && KEY_PATTERN.test(header) ? `${principal.sub}:${header}` : randomUUID();
      const result = await grantCredits(db, {
        userId: body.userId,
        amount: body.amount,
        note: body.note ?? null,
        key,
        adminId: admin?.id ?? null,
      });
      return reply.code(result.granted ? 201 : 200).send({ data: result });
    },
    write,
  );
}

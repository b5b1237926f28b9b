/**
 * Builds the one Fastify server: security headers, compression, the API routes and the built
 * PWA. `buildServer` does no listening, so tests drive it with `inject` or on a free port.
 */
import compress from '@fastify/compress';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { Agent } from 'node:https';
import { registerAdminRoutes } from './admin/register';
import { registerApplicationRoutes } from './applications/routes';
import { registerApplicationStatusRoute } from './applications/status-route';
import { registerAuthentication } from './auth/authenticate';
import { registerIdentityGroups, type IdentityGroups } from './auth/identity-groups';
import type { TokenVerifier } from './auth/verify-token';
import { registerCompanyRoutes } from './companies/routes';
import { registerContactRoutes } from './contact/routes';
import type { ServerConfig } from './config';
import { registerCorporateRoutes } from './corporate/register';
import { registerCvFeature } from './cv/register';
import type { Database } from './db/client';
import { registerJobManagementRoutes } from './jobs/manage-routes';
import { createMailSender } from './mail/mail-sender';
import { registerJobRoutes } from './jobs/routes';
import { registerPayments, type PaymentOptions } from './payments/register';
import { registerGuidance, type GuidanceOptions } from './guidance/register';
import { registerSavedJobRoutes } from './saved-jobs/routes';
import { registerPushFeature } from './push/register';
import { registerReferralRoutes } from './referrals/routes';
import { registerRefereeRoutes } from './referees/routes';
import { registerUserRoutes } from './users/routes';
import { registerBackgroundTasks } from './http/background-tasks';
import { registerJobQueue, registerJobQueueRoutes } from './queue/register';
import { badInputFromDatabase, HttpError } from './http/errors';
import { registerClientConfig, type IdentityClientSettings } from './http/client-config';
import { registerHealthRoutes } from './http/health';
import { registerIdempotency, type IdempotencyOptions } from './http/idempotency';
import { registerInputGuard } from './http/validation';
import { registerOpenApi } from './http/openapi';
import { logOptions } from './http/log-options';
import { registerProtection } from './http/protection';
import { sharedRateLimitStore } from './http/rate-limit-store';
import { registerSecurityHeaders } from './http/security';
import { serverTimeouts } from './http/server-timeouts';
import { registerShedding } from './http/shedding';
import { registerStaticApp } from './http/static-app';
import { jobsFirstScreen } from './jobs/first-screen-source';

export interface BuildServerOptions {
  config: ServerConfig;
  /** Version string reported by /api/health. */
  version?: string;
  /** The product database. Without one only health and the static app are served (tests of
   * the static layer). */
  db?: Database;
  /** Verifies bearer tokens; without one every request is anonymous and the routes that need a
   * signed-in user are not served (tests of the public layer). */
  verifier?: TokenVerifier;
  /** Origins the browser may call besides ours (the identity endpoints). */
  connectSrc?: string[];
  /** Identity settings handed to the app at /api/client-config. */
  identityClient?: IdentityClientSettings;
  /** The identity pool's groups (`app.identityGroups`): roles changed in the product reach the
   * user's next token. Without it, group changes are skipped (tests that sign their own tokens). */
  identityGroups?: IdentityGroups;
  /** Tests: a local push service (its TLS agent); allows loopback push endpoints. */
  testPushService?: { agent: Agent };
  /** Tests: the idempotency store's clock and purge interval, the shedding sample interval. */
  tuning?: {
    idempotency?: Omit<IdempotencyOptions, 'db'>;
    shedSampleIntervalMs?: number;
    jobs?: { pollIntervalMs?: number; maintenanceIntervalSeconds?: number };
  };
  /** Tests: the payment provider, late-delivery delay, reconciler interval, clock. */
  payments?: Omit<PaymentOptions, 'db' | 'config'>;
  /** Tests: the guidance clock (holds, cut-offs, penalties) and object store. */
  guidance?: GuidanceOptions;
}

export async function buildServer({
  config,
  version = 'dev',
  db,
  verifier,
  connectSrc = [],
  identityClient,
  identityGroups,
  testPushService,
  tuning = {},
  payments,
  guidance,
}: BuildServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // No credentials, signatures or database row values in logs (server/http/log-options.ts).
    logger: logOptions(config.LOG_LEVEL),
    bodyLimit: 1_048_576,
    // The client's address from X-Forwarded-For only when it comes from the configured proxy
    // (TRUST_PROXY; server/http/trust-proxy.ts).
    trustProxy: config.TRUST_PROXY,
    // Slow or stalled clients are cut off (server/http/server-timeouts.ts).
    ...serverTimeouts({
      requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: config.HTTP_IDLE_TIMEOUT_MS,
    }),
  });

  // Client errors (bad JSON, too large) answer 4xx with the errorMsg shape, never a 500.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ errorMsg: error.message });
    }
    // A value the database refused (NUL byte, impossible date, number out of range) is the
    // caller's error: 400. Logged without the query, whose parameters hold personal data.
    const badInput = badInputFromDatabase(error);
    if (badInput) {
      request.log.warn(
        { sqlState: badInput.sqlState, route: request.routeOptions.url },
        'the database refused a value that validation let through',
      );
      return reply.code(400).send({ errorMsg: badInput.error.message });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply
      .code(status)
      .send({ errorMsg: status >= 500 ? 'Something went wrong' : error.message });
  });

  // The first onRequest hook: an overloaded server answers 503 before doing any other work.
  registerShedding(app, {
    maxEventLoopDelayMs: config.SHED_EVENT_LOOP_DELAY_MS,
    maxInFlight: config.SHED_MAX_IN_FLIGHT,
    sampleIntervalMs: tuning.shedSampleIntervalMs,
  });

  // Before any route: it checks the input of every route (a NUL byte anywhere is a 400).
  registerInputGuard(app);

  await registerSecurityHeaders(app, {
    connectSrc,
    https: config.PUBLIC_ORIGIN.startsWith('https:'),
    razorpayCheckout: config.PAYMENT_PROVIDER === 'razorpay',
  });
  await app.register(compress, { threshold: 1024 });
  await registerProtection(app, {
    corsOrigins: config.CORS_ORIGINS,
    writesPerMinute: config.RATE_LIMIT_WRITES_PER_MINUTE,
    uploadsPerMinute: config.RATE_LIMIT_UPLOADS_PER_MINUTE,
    // Several processes on one Postgres count together (issue 25).
    store: sharedRateLimitStore(db),
  });
  // Work started by a request and finished after its response (push notifications).
  registerBackgroundTasks(app);
  registerHealthRoutes(app, { version });
  registerOpenApi(app, { version });
  if (identityClient) {
    registerClientConfig(app, { identity: identityClient, publicOrigin: config.PUBLIC_ORIGIN });
  }
  registerContactRoutes(app, { dataDir: config.DATA_DIR });
  // Before idempotency: keys are scoped to the verified caller.
  if (verifier) registerAuthentication(app, { verifier, db });
  registerIdentityGroups(app, identityGroups);
  if (db) {
    // Durable background work (issue 25): before the features that define job kinds.
    const jobs = registerJobQueue(app, { db, tuning: tuning.jobs });
    registerIdempotency(app, { ...tuning.idempotency, db });
    // The two hosts of spec §7, under two prefixes of this one server.
    registerCompanyRoutes(app, { db });
    registerJobRoutes(app, { db });
    if (verifier) {
      registerJobQueueRoutes(app, jobs);
      registerUserRoutes(app, { db });
      registerApplicationRoutes(app, { db });
      registerSavedJobRoutes(app, { db });
      registerPushFeature(app, { db, config, testPushService });
      // Corporate writes (jobs, application states): they notify through app.notifications,
      // after their response (app.backgroundTasks).
      const writers = {
        db,
        notifications: app.notifications,
        tasks: app.backgroundTasks,
        push: app.pushJobs,
      };
      registerJobManagementRoutes(app, writers);
      registerApplicationStatusRoute(app, writers);
      // Referral requests, referee actions and credits (issue 16), with their sweep timer.
      await registerReferralRoutes(app, { ...writers, config });
      // The one mail sender (+ /_dev/mail locally, registered by the referee routes).
      const mail = await createMailSender(config, app.log);
      // Becoming a referee, the mail module (+ /_dev/mail locally) and the CV link (issue 17).
      await registerRefereeRoutes(app, { db, config, mail });
      // Plans, orders, the gateway's webhook and the reconciler (issue 18).
      registerPayments(app, { ...payments, db, config });
      // Referees' paid services, bookings, the guidance wallet, reminders (issue 19).
      await registerGuidance(app, { ...guidance, db, config });
      // The applicant pipeline, company profile and company users (issue 20).
      await registerCorporateRoutes(app, { ...writers, config, mail });
      // Signed CV upload, PUT /storage and the CV patch with its background parse (spec §4).
      await registerCvFeature(app, { db, config });
      // Admin and evaluator consoles: moderation, users, oversight, assessments, audit (issue 21).
      registerAdminRoutes(app, { db, config });
    }
  }
  // A signed-out visitor's first screen of /jobs and of a job page comes in the HTML (issue 24).
  await registerStaticApp(app, config.DIST_DIR, {
    firstScreen: db ? jobsFirstScreen(db) : undefined,
  });
  return app;
}

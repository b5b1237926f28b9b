/**
 * What the stand-in does with each request. The stand-in's own routes answer first
 * (`GET /_dev/codes`, `POST /_dev/redirect-urls` and `/_dev/mfa-setup-required`, then the hosted
 * UI and /logout); everything else goes to cognito-local's
 * express app: the user-pool API (`POST /`, routed through `target-router.ts` so the gap-filling
 * handlers run before cognito-local's), the JWKS, and `POST /oauth2/token`.
 *
 * cognito-local's services are wired here by hand instead of by its `createDefaultServer`, which
 * reads `./.cognito` in the working directory and has no hooks: this way the data folder, the
 * issuer, the message sender, the token generator and the (absent) Lambda triggers are ours.
 */
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import {
  AuthorizationCodeStore,
  CognitoServiceFactoryImpl,
  DateClock,
  DefaultConfig,
  JwtTokenGenerator,
  MessageDeliveryService,
  MessagesService,
  Router,
  StormDBDataStoreFactory,
  UserPoolServiceFactoryImpl,
  attachOAuth2Routes,
  createApiApp,
  otp,
  type Config,
  type Services,
} from './cognito-local-internals';
import { adminRefusal, isAdminTarget, targetOf } from './admin-guard';
import { CodeOutbox } from './code-outbox';
import { createHostedUi } from './hosted-ui';
import { errorPage } from './hosted-ui-pages';
import { FormTooLargeError, readForm, sendHtml, sendJson } from './http-io';
import { DEFAULT_REDIRECT_URLS, LOCAL_WEB_CLIENT_ID } from './local-ids';
import { noTriggers } from './no-triggers';
import { createDevices } from './devices';
import { createPasskeys, type RelyingParty } from './passkeys';
import { runWithRequestContext } from './request-context';
import { plainErrorHandler, withPlainErrors } from './plain-errors';
import { identityDbDir, webClient } from './seed';
import { createSessionTargets } from './session-targets';
import { createSignInSteps } from './sign-in-steps';
import { createSrpSignIn } from './srp-sign-in';
import { createTargetRouter } from './target-router';
import { StandinTokenGenerator } from './token-generator';

export async function createRequestHandler(settings: {
  dataDir: string;
  endpoint: string;
  issuer: string;
  logger: Logger;
  redirectUrls: readonly string[] | undefined;
  /** The app's origins: passkeys belong to the first one's host (see `setAppOrigins`). */
  appOrigins: readonly string[] | undefined;
}): Promise<{
  listener: RequestListener;
  setRedirectUrls: (urls: readonly string[]) => Promise<void>;
  setAppOrigins: (origins: readonly string[]) => void;
}> {
  const { logger } = settings;
  const ctx = { logger };
  const config: Config = {
    ...DefaultConfig,
    TriggerFunctions: {},
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: settings.endpoint },
    ServerConfig: { development: false, https: false },
  };
  const clock = new DateClock();
  const dbDir = identityDbDir(settings.dataDir);
  const stores = new StormDBDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    stores,
    new UserPoolServiceFactoryImpl(clock, stores),
  ).create(ctx, config.UserPoolDefaults);
  async function setRedirectUrls(urls: readonly string[]) {
    const pool = await cognito.getUserPoolForClientId(ctx, LOCAL_WEB_CLIENT_ID);
    await pool.saveAppClient(ctx, webClient(urls));
  }
  /** Adds loopback URLs to the ones the hosted UI may send the browser back to. */
  async function addLoopbackRedirectUrls(urls: readonly string[]) {
    const loopback = urls.filter((candidate) => {
      try {
        const url = new URL(candidate);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
        );
      } catch {
        return false;
      }
    });
    if (loopback.length !== urls.length) return false;
    const client = await cognito.getAppClient(ctx, LOCAL_WEB_CLIENT_ID);
    const known = client?.CallbackURLs ?? [];
    await setRedirectUrls([...new Set([...known, ...loopback])]);
    return true;
  }
  // A list given on start replaces the stored one. Otherwise the defaults are added to it, so a
  // data folder made by an older version learns return URLs added since (e.g. the OAuth return
  // page), keeping any a developer registered.
  if (settings.redirectUrls) await setRedirectUrls(settings.redirectUrls);
  else await addLoopbackRedirectUrls(DEFAULT_REDIRECT_URLS);

  const codeOutbox = new CodeOutbox(logger);
  const messages = new MessagesService(noTriggers, new MessageDeliveryService(codeOutbox));
  const tokenGenerator = new StandinTokenGenerator(
    new JwtTokenGenerator(clock, noTriggers, config.TokenConfig),
  );
  const services: Services = {
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator,
    triggers: noTriggers,
  };
  const base = Router(services);
  // Passkeys belong to the app's host (Cognito's WebAuthnRelyingPartyID) and answer its origins
  // only. Until the server knows its own port, the default local app origins.
  let relyingParty = relyingPartyFor(
    settings.appOrigins ?? DEFAULT_REDIRECT_URLS.map((url) => new URL(url).origin),
  );
  const passkeys = createPasskeys({
    dbDir,
    relyingParty: () => relyingParty,
    userForAccessToken: (ctx, token) => steps.userForAccessToken(ctx, token),
  });
  const steps = createSignInSteps({
    cognito,
    messages,
    tokenGenerator,
    issuer: settings.issuer,
    base,
    webAuthn: passkeys,
  });
  const devices = createDevices({
    dbDir,
    userForAccessToken: steps.userForAccessToken,
    issueTokens: steps.issueTokensFor,
  });
  const router = withPlainErrors(
    createTargetRouter(
      base,
      createSrpSignIn(cognito, steps.passwordSignIn, devices),
      createSessionTargets({ cognito, messages, tokenGenerator, issuer: settings.issuer }),
      steps,
      passkeys,
      devices,
    ),
    logger,
  );

  // cognito-local's express app: the API (POST /), JWKS, /health. Its OAuth routes are added
  // with the shared code store; the hosted UI below answers /oauth2/authorize before them.
  const codes = new AuthorizationCodeStore();
  const api = createApiApp(router, logger);
  attachOAuth2Routes(api.application as Parameters<typeof attachOAuth2Routes>[0], services, codes);
  // Last, so it answers the errors of everything before it (body parsing included).
  (api.application as { use: (handler: ReturnType<typeof plainErrorHandler>) => void }).use(
    plainErrorHandler(logger),
  );
  const expressApp = api.application as RequestListener;
  const hostedUi = createHostedUi({ cognito, codes, ctx });

  const listener: RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', settings.endpoint);
    // The administrative side answers local tools only (admin-guard.ts).
    const target = req.method === 'POST' && url.pathname === '/' ? targetOf(req) : undefined;
    if (url.pathname.startsWith('/_dev/') || (target !== undefined && isAdminTarget(target))) {
      const refusal = adminRefusal(req);
      if (refusal) {
        return sendJson(res, 403, {
          __type: 'AccessDeniedException',
          message: `The stand-in's administrative actions answer local tools only (${refusal}).`,
        });
      }
    }
    if (req.method === 'POST' && url.pathname === '/_dev/redirect-urls') {
      // Tests serve the app on a port chosen at run time: they register its return URLs here
      // (`url=` fields, loopback hosts only). Local and test use only, like /_dev/codes.
      void readForm(req)
        .then((form) => addLoopbackRedirectUrls(form.getAll('url')))
        .then((ok) => sendJson(res, ok ? 200 : 400, ok ? { ok } : { error: 'loopback URLs only' }))
        .catch(() => sendJson(res, 400, { error: 'bad form' }));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/_dev/mfa-setup-required') {
      // The user (`email=`) must set up MFA at the next sign-in, choosing among the `method=`
      // fields (SOFTWARE_TOKEN_MFA, EMAIL_OTP), as in a pool where MFA is required. Local and
      // test use only, like /_dev/codes.
      void readForm(req)
        .then((form) =>
          steps.requireMfaSetup(
            ctx,
            LOCAL_WEB_CLIENT_ID,
            form.get('email') ?? '',
            form.getAll('method'),
          ),
        )
        .then((ok) =>
          sendJson(res, ok ? 200 : 400, ok ? { ok } : { error: 'unknown user or method' }),
        )
        .catch(() => sendJson(res, 400, { error: 'bad form' }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/_dev/codes') {
      // Newest first; only those sent to ?email= when given. Local and test use only.
      return sendJson(res, 200, codeOutbox.list(url.searchParams.get('email') ?? undefined));
    }
    hostedUi(req, res, url).then(
      (handled) => {
        if (handled) return;
        const userAgent = req.headers['user-agent'];
        runWithRequestContext({ userAgent }, () => expressApp(req, res));
      },
      (error: unknown) => {
        if (error instanceof FormTooLargeError) return sendHtml(res, 413, errorPage('Too large'));
        logger.error({ err: error }, 'identity stand-in request failed');
        if (!res.headersSent) sendHtml(res, 500, errorPage('The identity stand-in failed.'));
      },
    );
  };
  return {
    listener,
    setRedirectUrls,
    setAppOrigins: (origins) => {
      relyingParty = relyingPartyFor(origins);
    },
  };
}

/** The first origin's host is the relying party; every listed origin may use its passkeys. */
function relyingPartyFor(origins: readonly string[]): RelyingParty {
  const unique = [...new Set(origins.map((origin) => new URL(origin).origin))];
  const first = unique[0];
  if (!first) throw new Error('The identity stand-in needs at least one app origin.');
  return { id: new URL(first).hostname, origins: unique };
}

/**
 * The local identity stand-in: cognito-local, in-process, plus what Amplify v6 needs and it
 * lacks (design/identity.md). One request handler serves two listeners:
 * - http (`endpoint`): the user-pool API Amplify's `userPoolEndpoint` points at, the JWKS, the
 *   token endpoint, and `GET /_dev/codes?email=` for tests;
 * - https (`httpsEndpoint`): the same, as the hosted-UI domain (Amplify insists on https there),
 *   with a certificate made at start-up.
 * What each request gets is in `request-handler.ts`; this file owns the listeners and the data
 * folder.
 *
 * Local runs and tests only: it signs with a key whose private half ships in the npm package,
 * and keeps passwords in plain text. Data lives in `dataDir` (the equivalent of cognito-local's
 * `.cognito` folder, holding `db/`), seeded from `seed.ts` when empty or when `reset` is set.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { pino } from 'pino';
import { LOCAL_REGION, LOCAL_USER_POOL_ID, LOCAL_WEB_CLIENT_ID } from './local-ids';
import { createRequestHandler } from './request-handler';
import { hasSeedData, writeSeedData } from './seed';
import { createTlsCertificate } from './tls-certificate';

/**
 * No `debug` or `trace`: at those levels cognito-local logs whole user records (passwords)
 * and refresh tokens.
 */
export type StandinLogLevel = 'silent' | 'error' | 'warn' | 'info';

export interface IdentityStandinOptions {
  /** Holds `db/` (pool and client files). Tests pass a fresh temporary folder. */
  dataDir: string;
  /** Interface to listen on; default 127.0.0.1 (the stand-in must not face a network). */
  host?: string;
  /** Port of the http endpoint; 0 (default) picks a free one. */
  port?: number;
  /** Port of the https hosted-UI domain; 0 (default) picks a free one. */
  httpsPort?: number;
  /** Replace the data in `dataDir` with a fresh seed even when it exists. */
  reset?: boolean;
  /**
   * The web client's sign-in/sign-out redirect URLs (exact match, as in AWS). Applied on every
   * start, also to existing data. Without it, `DEFAULT_REDIRECT_URLS` are added to the stored
   * list (a new seed has just those).
   */
  redirectUrls?: readonly string[];
  /** Default `warn`. One-time codes are logged at `info`. */
  logLevel?: StandinLogLevel;
  /**
   * The app's origins (e.g. `http://localhost:8080`). Passkeys are made for the first one's host
   * (the WebAuthn relying party) and accepted from these origins only. Default: the local app
   * origins of `DEFAULT_REDIRECT_URLS`.
   */
  appOrigins?: readonly string[];
}

export interface IdentityStandin {
  /** http origin of the user-pool API: Amplify's `userPoolEndpoint`. */
  readonly endpoint: string;
  /** https origin of the hosted UI. Amplify's `oauth.domain` is its host (`hostedUiDomain`). */
  readonly httpsEndpoint: string;
  readonly hostedUiDomain: string;
  /** `iss` of every token: `<endpoint>/<userPoolId>`. */
  readonly issuer: string;
  readonly jwksUri: string;
  readonly region: string;
  readonly userPoolId: string;
  readonly clientId: string;
  /** PEM of the https listener's self-signed certificate, for clients that should trust it. */
  readonly tlsCertificate: string;
  /**
   * Replaces the web client's redirect URLs, for an app whose port is known only after the
   * stand-in started (PORT=0).
   */
  setRedirectUrls(urls: readonly string[]): Promise<void>;
  /** Replaces the app origins passkeys answer (an app whose port is known only later). */
  setAppOrigins(origins: readonly string[]): void;
  stop(): Promise<void>;
}

export async function startIdentityStandin(
  options: IdentityStandinOptions,
): Promise<IdentityStandin> {
  const host = options.host ?? '127.0.0.1';
  const logger = pino({ name: 'identity', level: options.logLevel ?? 'warn' });
  if (options.reset || !hasSeedData(options.dataDir)) {
    writeSeedData(
      options.dataDir,
      options.redirectUrls ? { redirectUrls: options.redirectUrls } : {},
    );
  }

  const tls = await createTlsCertificate(host);
  const httpServer = createHttpServer();
  const httpsServer = createHttpsServer({ cert: tls.certificate, key: tls.privateKey });
  const servers = [httpServer, httpsServer];
  try {
    const port = await listen(httpServer, options.port ?? 0, host, 'IDENTITY_PORT');
    const httpsPort = await listen(
      httpsServer,
      options.httpsPort ?? 0,
      host,
      'IDENTITY_HTTPS_PORT',
    );
    const publicHost = urlHost(host);
    const endpoint = `http://${publicHost}:${port}`;
    const hostedUiDomain = `${publicHost}:${httpsPort}`;
    const issuer = `${endpoint}/${LOCAL_USER_POOL_ID}`;

    const handler = await createRequestHandler({
      dataDir: options.dataDir,
      endpoint,
      issuer,
      logger,
      redirectUrls: options.redirectUrls,
      appOrigins: options.appOrigins,
    });
    for (const server of servers) server.on('request', handler.listener);

    return {
      endpoint,
      httpsEndpoint: `https://${hostedUiDomain}`,
      hostedUiDomain,
      issuer,
      jwksUri: `${issuer}/.well-known/jwks.json`,
      region: LOCAL_REGION,
      userPoolId: LOCAL_USER_POOL_ID,
      clientId: LOCAL_WEB_CLIENT_ID,
      tlsCertificate: tls.certificate,
      setRedirectUrls: handler.setRedirectUrls,
      setAppOrigins: handler.setAppOrigins,
      stop: () => closeAll(servers),
    };
  } catch (error) {
    await closeAll(servers);
    throw error;
  }
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function listen(server: Server, port: number, host: string, setting: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `Identity stand-in: port ${port} is in use. Stop the other process or set ${setting}.`,
            )
          : error,
      );
    });
    server.listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

async function closeAll(servers: readonly Server[]): Promise<void> {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
}

/**
 * Entry point: `npm start` (after building) and `npm run dev` run this. Reads the configuration,
 * starts the server, prints where it listens, and shuts down gracefully on SIGINT/SIGTERM
 * (in-flight requests finish; a second signal or 10 s forces the exit).
 */
import closeWithGrace from 'close-with-grace';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import path from 'node:path';
import { buildServer } from './app';
import { createIdentityGroups, identityGroupsSettings } from './auth/identity-groups';
import { createTokenVerifier } from './auth/verify-token';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DatabaseOpenError, damagedDatabaseMessage, markDemoData } from './db/damaged-database';
import { DataDirLockedError } from './db/data-dir-lock';
import { startsIdentityStandin, tokenVerifierSettings } from './identity/config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './identity/demo-accounts';
import { startIdentityStandin } from './identity/standin';
import { seedDatabase } from './seed/seed-database';
import { storageConnectSrc } from './storage/select-store';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export async function main() {
  const config = loadConfig();
  const pgliteDir = path.resolve(config.DATA_DIR, 'pglite');
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: pgliteDir },
  ).catch((error: unknown) => exitOnDatabaseError(error, config.SEED_DEMO_DATA));
  // Identity: the local Cognito-compatible stand-in by default, Amazon Cognito in production.
  const identity = startsIdentityStandin(config)
    ? await startIdentityStandin({
        dataDir: path.resolve(config.DATA_DIR, 'identity'),
        host: '127.0.0.1',
        port: config.IDENTITY_PORT,
        httpsPort: config.IDENTITY_HTTPS_PORT,
        logLevel: config.LOG_LEVEL === 'silent' ? 'silent' : 'warn',
      })
    : undefined;
  // ID tokens are accepted too: creating a profile (POST /user/profile) needs the verified email,
  // which only the ID token carries. Every other call sends the access token (spec §7).
  const verifier = createTokenVerifier({
    ...tokenVerifierSettings(config, identity),
    acceptIdTokens: true,
  });
  const app = await buildServer({
    config,
    version: pkg.version,
    db: database.db,
    verifier,
    // The browser's Amplify client talks to the identity endpoints directly.
    connectSrc: [
      ...(identity
        ? [identity.endpoint, identity.httpsEndpoint]
        : [`https://cognito-idp.${config.COGNITO_REGION}.amazonaws.com`]),
      // OBJECT_STORE=s3: the browser PUTs the CV to the bucket.
      ...storageConnectSrc(config),
    ],
    // Product role changes (corporate invites, role edits) update the pool's groups.
    identityGroups: createIdentityGroups(identityGroupsSettings(config, identity)),
    // bench:cluster's local push service (config.ts: never behind a public https origin).
    ...(config.PUSH_TEST_SERVICE_CA_FILE
      ? {
          testPushService: {
            agent: new Agent({
              keepAlive: true,
              ca: readFileSync(config.PUSH_TEST_SERVICE_CA_FILE, 'utf8'),
            }),
          },
        }
      : {}),
    identityClient: identity
      ? {
          region: identity.region,
          userPoolId: identity.userPoolId,
          userPoolClientId: identity.clientId,
          userPoolEndpoint: identity.endpoint,
          oauthDomain: identity.hostedUiDomain,
        }
      : {
          region: config.COGNITO_REGION,
          userPoolId: config.COGNITO_USER_POOL_ID ?? '',
          userPoolClientId: config.COGNITO_CLIENT_ID ?? '',
          ...(config.COGNITO_OAUTH_DOMAIN ? { oauthDomain: config.COGNITO_OAUTH_DOMAIN } : {}),
        },
  });
  app.addHook('onClose', async () => {
    // onClose hooks run newest first, so this one runs before buildServer's: let notifications
    // still being sent finish while the database is open.
    await app.backgroundTasks.settle();
    await identity?.stop();
    await database.close();
  });
  if (config.SEED_DEMO_DATA) {
    const result = await seedDatabase(database.db);
    if (result.seeded) app.log.info(result, 'seeded the demo data');
    // Said again if this folder can one day not be opened (server/db/damaged-database.ts).
    if (result.seeded && database.engine === 'pglite') markDemoData(pgliteDir);
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      app.log.fatal(
        `Port ${config.PORT} is in use. Stop the other process or set PORT=<free port>.`,
      );
    } else {
      app.log.fatal({ err: error }, 'could not start the server');
    }
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  await identity?.setRedirectUrls([`${url}/auth/checkRedirection`, `${url}/`]);
  // Passkeys belong to the app's origin (issue 27): the stand-in's relying party is its host.
  identity?.setAppOrigins(config.PUBLIC_ORIGIN ? [config.PUBLIC_ORIGIN, url] : [url]);
  // The lines a new user looks for: printed plainly, not as JSON log records.
  const accounts = identity
    ? `\n  Demo accounts (password ${DEMO_PASSWORD}):\n${DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(26)} ${a.group}`).join('\n')}\n  Local identity stand-in: ${identity.endpoint} (hosted sign-in ${identity.httpsEndpoint})\n`
    : '';
  process.stdout.write(
    `\n  ReferralHub is running at ${url}\n  API health: ${url}/api/health\n${accounts}\n`,
  );
  return app;
}

/**
 * The database cannot be used: another server holds the folder, or PGlite cannot open it. Said
 * plainly on stderr (not as a JSON log record: a person reads it) and the process exits 1.
 */
function exitOnDatabaseError(error: unknown, seedsDemoData: boolean): never {
  let message: string;
  if (error instanceof DataDirLockedError) message = error.message;
  else if (error instanceof DatabaseOpenError) {
    message = damagedDatabaseMessage(error, { seedsDemoData });
  } else throw error;
  process.stderr.write(`\n  ${message.replace(/\n/g, '\n  ')}\n\n`);
  process.exit(1);
}

await main();

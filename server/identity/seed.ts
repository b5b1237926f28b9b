/**
 * The stand-in's data, built from code: one user pool (`LOCAL_USER_POOL_ID`), one web client
 * (`LOCAL_WEB_CLIENT_ID`), the six groups and the demo accounts, in the files cognito-local
 * reads (`<dataDir>/db/clients.json` and `<dataDir>/db/<poolId>.json`).
 *
 * Deterministic on purpose: fixed subs, fixed dates and no random ids, so every run and every
 * test starts from the same users. cognito-local rewrites these files while it runs (refresh
 * tokens, new sign-ups, codes), so a run always gets its own copy: `writeSeedData` writes a fresh
 * folder, and nothing here ever writes into the repository.
 */
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import {
  USER_POOL_AWS_DEFAULTS,
  type AppClient,
  type Group,
  type User,
  type UserPool,
} from './cognito-local-internals';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import {
  DEFAULT_REDIRECT_URLS,
  IDENTITY_GROUPS,
  LINKEDIN_PROVIDER,
  LOCAL_REGION,
  LOCAL_USER_POOL_ID,
  LOCAL_USER_POOL_NAME,
  LOCAL_WEB_CLIENT_ID,
  OAUTH_SCOPES,
  type IdentityGroup,
} from './local-ids';

/** A fixed creation date keeps the files byte-identical from run to run. */
const SEEDED_AT = new Date('2025-01-01T00:00:00.000Z');

const GROUP_DESCRIPTIONS: Record<IdentityGroup, string> = {
  'corporate-admin': 'Corporate user who manages jobs and company users',
  'corporate-recruiter': 'Corporate user who views and posts jobs',
  admin: 'Platform administrator',
  evaluator: 'Evaluates candidates',
  linkedin: 'Signed in with LinkedIn',
  'general-user': 'Candidate or referee',
};

export interface SeedOptions {
  /** Registered sign-in and sign-out redirect URLs of the web client (exact match, as AWS). */
  redirectUrls?: readonly string[];
}

export interface SeedData {
  clients: { Clients: Record<string, AppClient> };
  pool: { Options: UserPool; Users: Record<string, User>; Groups: Record<string, Group> };
}

export function webClient(redirectUrls: readonly string[] = DEFAULT_REDIRECT_URLS): AppClient {
  return {
    ClientId: LOCAL_WEB_CLIENT_ID,
    ClientName: 'web',
    UserPoolId: LOCAL_USER_POOL_ID,
    CreationDate: SEEDED_AT,
    LastModifiedDate: SEEDED_AT,
    ExplicitAuthFlows: [
      'ALLOW_USER_SRP_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      // spec §4 sign-in steps: custom challenge (CUSTOM_AUTH) and first-factor choice (USER_AUTH).
      'ALLOW_CUSTOM_AUTH',
      'ALLOW_USER_AUTH',
    ],
    // Short-lived access and ID tokens (issue 23, docs/decisions.md): the API verifies them
    // offline, so a sign-out (which revokes the refresh token) ends API access when they expire;
    // 15 minutes instead of Cognito's default hour. Amplify refreshes an expired token on the
    // next call; spec §9's 50-minute re-check still forces a refresh on top. Applied to an
    // existing data folder on start (request-handler.ts saves the web client each time).
    AccessTokenValidity: 15,
    IdTokenValidity: 15,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    AllowedOAuthFlows: ['code'],
    AllowedOAuthFlowsUserPoolClient: true,
    AllowedOAuthScopes: [...OAUTH_SCOPES],
    SupportedIdentityProviders: ['COGNITO', LINKEDIN_PROVIDER],
    CallbackURLs: [...redirectUrls],
    LogoutURLs: [...redirectUrls],
    EnableTokenRevocation: true,
  };
}

function userPoolOptions(): UserPool {
  return {
    ...USER_POOL_AWS_DEFAULTS,
    Id: LOCAL_USER_POOL_ID,
    Name: LOCAL_USER_POOL_NAME,
    Arn: `arn:aws:cognito-idp:${LOCAL_REGION}:000000000000:userpool/${LOCAL_USER_POOL_ID}`,
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    // Optional TOTP, so the app's MFA set-up and TOTP sign-in steps (spec §4) can be exercised.
    MfaConfiguration: 'OPTIONAL',
    SoftwareTokenMfaConfiguration: { Enabled: true },
    CreationDate: SEEDED_AT,
    LastModifiedDate: SEEDED_AT,
  };
}

function demoUser(account: (typeof DEMO_ACCOUNTS)[number]): User {
  return {
    Username: account.sub,
    UserStatus: 'CONFIRMED',
    Enabled: true,
    Password: DEMO_PASSWORD,
    RefreshTokens: [],
    UserCreateDate: SEEDED_AT,
    UserLastModifiedDate: SEEDED_AT,
    Attributes: [
      { Name: 'sub', Value: account.sub },
      { Name: 'email', Value: account.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: account.name },
    ],
  };
}

export function buildSeedData(options: SeedOptions = {}): SeedData {
  const client = webClient(options.redirectUrls);
  return {
    clients: { Clients: { [client.ClientId]: client } },
    pool: {
      Options: userPoolOptions(),
      Users: Object.fromEntries(DEMO_ACCOUNTS.map((account) => [account.sub, demoUser(account)])),
      Groups: Object.fromEntries(
        IDENTITY_GROUPS.map((group) => [
          group,
          {
            GroupName: group,
            Description: GROUP_DESCRIPTIONS[group],
            CreationDate: SEEDED_AT,
            LastModifiedDate: SEEDED_AT,
            members: DEMO_ACCOUNTS.filter((account) => account.group === group).map(
              (account) => account.sub,
            ),
          },
        ]),
      ),
    },
  };
}

/** cognito-local keeps one JSON file per pool and one for all app clients under `db/`. */
export function identityDbDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

export function hasSeedData(dataDir: string): boolean {
  return existsSync(path.join(identityDbDir(dataDir), `${LOCAL_USER_POOL_ID}.json`));
}

/** Replaces whatever is in `<dataDir>/db` with a fresh copy of the seed. */
export function writeSeedData(dataDir: string, options: SeedOptions = {}): void {
  const dbDir = identityDbDir(dataDir);
  rmSync(dbDir, { recursive: true, force: true });
  mkdirSync(dbDir, { recursive: true });
  const data = buildSeedData(options);
  // Dates serialise as ISO strings, the form cognito-local's store revives into Dates.
  writeFileSync(path.join(dbDir, 'clients.json'), JSON.stringify(data.clients, null, 2));
  writeFileSync(path.join(dbDir, `${LOCAL_USER_POOL_ID}.json`), JSON.stringify(data.pool, null, 2));
}

/**
 * A user's groups in the identity pool (Cognito user-pool groups): list, add, remove. The groups
 * are what tokens carry as `cognito:groups`, and the app's guards read roles from them (spec §4
 * Session, §6), so a product change of role (an accepted corporate invite, a role change, an
 * admin's edit) must reach the pool for the user's next token to show it.
 *
 * Calls the user-pool admin API (AdminListGroupsForUser, AdminAddUserToGroup,
 * AdminRemoveUserFromGroup, plus ListUsers to find the username) through the AWS SDK:
 * - `IDENTITY_MODE=cognito`: Amazon Cognito, credentials from the SDK's default chain (the
 *   server's IAM role needs cognito-idp:ListUsers, AdminListGroupsForUser, AdminAddUserToGroup,
 *   AdminRemoveUserFromGroup on the pool);
 * - local: the stand-in's endpoint (server/identity/standin.ts), which serves the same API to
 *   callers on this machine (server/identity/admin-guard.ts) and needs no real credentials.
 *
 * Users are named by their `sub` (what the product stores as cognitoUserId). Cognito's admin
 * calls want the username, which is the sub for email sign-ups but `LinkedIn_<id>` for
 * federated users, so it is looked up first (ListUsers filtered by sub).
 *
 * Adding a group the user has, or removing one they lack, is a no-op: callers may repeat a call
 * (a retried job) safely. Nothing here logs; errors carry no token or credential.
 */
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import type { IdentityConfig } from '../identity/config';
import { IDENTITY_GROUPS, LOCAL_USER_POOL_ID, type IdentityGroup } from '../identity/local-ids';

export { IDENTITY_GROUPS, type IdentityGroup };

/** The product roles a corporate user can hold, as pool groups (spec §6). */
export const CORPORATE_GROUPS = [
  'corporate-admin',
  'corporate-recruiter',
] as const satisfies readonly IdentityGroup[];

export interface IdentityGroups {
  /** The user's groups, sorted. Throws IdentityUserNotFoundError for an unknown sub. */
  list(sub: string): Promise<string[]>;
  /** Adds the user to `group` (no-op when already a member). */
  add(sub: string, group: IdentityGroup): Promise<void>;
  /** Removes the user from `group` (no-op when not a member). */
  remove(sub: string, group: IdentityGroup): Promise<void>;
  /**
   * Makes the user's membership among `among` exactly `wanted` (e.g. a corporate role change:
   * among CORPORATE_GROUPS, wanted ['corporate-recruiter']); groups outside `among` are left
   * alone. Adds before it removes, so a failure half way never leaves the user with neither.
   */
  setAmong(
    sub: string,
    wanted: readonly IdentityGroup[],
    among: readonly IdentityGroup[],
  ): Promise<void>;
  close(): void;
}

export interface IdentityGroupsSettings {
  region: string;
  userPoolId: string;
  /** The local stand-in's http endpoint; absent for Amazon Cognito. */
  endpoint?: string;
}

/** No such user in the pool (deleted there, or a sub from another pool). */
export class IdentityUserNotFoundError extends Error {
  constructor() {
    super('The user is not in the identity pool');
    this.name = 'IdentityUserNotFoundError';
  }
}

/** The identity pool could not be reached or refused the call (retry later). */
export class IdentityGroupsUnavailableError extends Error {
  constructor(readonly code: string) {
    super(`The identity pool did not answer the group change (${code})`);
    this.name = 'IdentityGroupsUnavailableError';
  }
}

/** Cognito subs are UUIDs; anything with a quote or backslash could escape the ListUsers filter. */
const SUB_PATTERN = /^[0-9A-Za-z_:.@+-]{1,128}$/;

/**
 * Settings from the server's identity config: Amazon Cognito's pool, or the stand-in (started by
 * this server, `standin`, or elsewhere, COGNITO_ENDPOINT).
 */
export function identityGroupsSettings(
  config: IdentityConfig,
  standin?: { endpoint: string; region: string; userPoolId: string },
): IdentityGroupsSettings {
  if (config.IDENTITY_MODE === 'cognito') {
    return { region: config.COGNITO_REGION, userPoolId: config.COGNITO_USER_POOL_ID ?? '' };
  }
  if (standin) {
    return { region: standin.region, userPoolId: standin.userPoolId, endpoint: standin.endpoint };
  }
  if (!config.COGNITO_ENDPOINT) {
    throw new Error('Local identity needs the started stand-in or COGNITO_ENDPOINT');
  }
  return {
    region: config.COGNITO_REGION,
    userPoolId: config.COGNITO_USER_POOL_ID ?? LOCAL_USER_POOL_ID,
    endpoint: config.COGNITO_ENDPOINT,
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'UnknownError';
}

export function createIdentityGroups(settings: IdentityGroupsSettings): IdentityGroups {
  const client = new CognitoIdentityProviderClient({
    region: settings.region,
    // A request waits on these calls (an invite being accepted): fail fast, the job retries.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 },
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          // The stand-in checks no signature; fixed values stop the SDK hunting for credentials.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  const UserPoolId = settings.userPoolId;

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof IdentityUserNotFoundError) throw error;
      if (errorName(error) === 'UserNotFoundException') throw new IdentityUserNotFoundError();
      // Only the error's name: SDK errors can echo the request (the username).
      throw new IdentityGroupsUnavailableError(errorName(error));
    }
  }

  async function usernameOf(sub: string): Promise<string> {
    if (!SUB_PATTERN.test(sub)) throw new IdentityUserNotFoundError();
    const found = await client.send(
      new ListUsersCommand({ UserPoolId, Filter: `sub = "${sub}"`, Limit: 1 }),
    );
    const username = found.Users?.[0]?.Username;
    if (!username) throw new IdentityUserNotFoundError();
    return username;
  }

  async function listFor(username: string): Promise<string[]> {
    const groups: string[] = [];
    let NextToken: string | undefined;
    do {
      const page = await client.send(
        new AdminListGroupsForUserCommand({ UserPoolId, Username: username, NextToken }),
      );
      for (const group of page.Groups ?? []) if (group.GroupName) groups.push(group.GroupName);
      NextToken = page.NextToken;
    } while (NextToken);
    return groups.sort();
  }

  const add = (Username: string, GroupName: IdentityGroup) =>
    client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username, GroupName }));
  const remove = (Username: string, GroupName: IdentityGroup) =>
    client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId, Username, GroupName }));

  return {
    list: (sub) => call(async () => listFor(await usernameOf(sub))),
    add: (sub, group) =>
      call(async () => {
        await add(await usernameOf(sub), group);
      }),
    remove: (sub, group) =>
      call(async () => {
        await remove(await usernameOf(sub), group);
      }),
    setAmong: (sub, wanted, among) =>
      call(async () => {
        const username = await usernameOf(sub);
        const has = new Set(await listFor(username));
        for (const group of wanted) if (!has.has(group)) await add(username, group);
        for (const group of among) {
          if (has.has(group) && !wanted.includes(group)) await remove(username, group);
        }
      }),
    close: () => client.destroy(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The identity pool's groups; null when the server has no identity pool to manage (tests
     * of other features that sign their own tokens). */
    identityGroups: IdentityGroups | null;
  }
}

/** `app.identityGroups`, closed with the server. */
export function registerIdentityGroups(app: FastifyInstance, groups: IdentityGroups | undefined) {
  app.decorate('identityGroups', groups ?? null);
  if (groups) {
    app.addHook('onClose', (_instance, done) => {
      groups.close();
      done();
    });
  }
}

/**
 * The server's permission answers against the tables the app's route guards use (spec §6 roles
 * and permissions, spec §4 route guard; src/domain/roles.ts and route-access.ts). Tokens are real
 * signed access tokens, verified by the production verifier, so the whole chain is covered:
 * `cognito:groups` → roles (spec §4 mapping) → permissions. The last block asks the real API.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, canOpenRoute } from '../../server/auth/permissions';
import type { DatabaseHandle } from '../../server/db/client';
import { demoAccount } from '../../server/identity/demo-accounts';
import { mapIdentityGroups, PERMISSIONS, type Permission } from '../../src/domain/roles';
import { decideAccess, ROUTE_GUARDS } from '../../src/domain/route-access';
import { makeServer } from './helpers';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

// spec §6, written out again by hand: the server must answer exactly this.
const SPEC_PERMISSIONS: Record<string, readonly Permission[]> = {
  admin: ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users', 'apply_jobs'],
  'corporate-admin': ['view_jobs', 'create_jobs', 'delete_jobs', 'manage_users'],
  'corporate-recruiter': ['view_jobs', 'create_jobs'],
  evaluator: ['view_jobs', 'evaluate_candidates'],
  linkedin: ['view_jobs', 'apply_jobs'],
  'general-user': ['view_jobs', 'apply_jobs'],
  // spec §4: no groups maps to general-user.
  'no groups': ['view_jobs', 'apply_jobs'],
};
const groupsOf = (who: string) => (who === 'no groups' ? [] : [who]);
const WHO = Object.keys(SPEC_PERMISSIONS);

let auth: TestAuth;

beforeAll(async () => {
  auth = await createTestAuth();
});

async function principalOf(who: string) {
  const token = await auth.accessToken({ sub: `sub-${who}`, groups: groupsOf(who) });
  return auth.verifier(token);
}

describe('can(): every role × every permission of spec §6, from a verified token', () => {
  const cells = WHO.flatMap((who) => PERMISSIONS.map((permission) => ({ who, permission })));
  it.each(cells)('$who · $permission', async ({ who, permission }) => {
    expect(can(await principalOf(who), permission)).toBe(
      SPEC_PERMISSIONS[who]!.includes(permission),
    );
  });
});

describe('canOpenRoute(): the server agrees with the app guard table on every cell', () => {
  const cells = WHO.flatMap((who) => ROUTE_GUARDS.map((guard) => ({ who, path: guard.path })));
  it.each(cells)('$who · $path', async ({ who, path }) => {
    const guard = ROUTE_GUARDS.find((g) => g.path === path)!;
    const app = decideAccess(guard, {
      kind: 'signed-in',
      identity: mapIdentityGroups(groupsOf(who)),
    });
    expect(canOpenRoute(await principalOf(who), path)).toBe(app.kind === 'allow');
  });

  it('public paths are open to every caller', async () => {
    expect(canOpenRoute(await principalOf('evaluator'), '/jobs')).toBe(true);
  });
});

describe('the API enforces the same permissions', () => {
  let database: DatabaseHandle;
  let server: FastifyInstance;
  const candidate = demoAccount('candidate@example.com');

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await makeServer('/nonexistent', database.db, auth.verifier);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const tokenFor = (who: string) =>
    auth.accessToken({ sub: `sub-api-${who}`, groups: groupsOf(who) });

  it.each(WHO)('%s reads another user only with manage_users', async (who) => {
    const res = await server.inject({
      url: `/api/user/${encodeURIComponent(candidate.email)}/details`,
      headers: { authorization: `Bearer ${await tokenFor(who)}` },
    });
    expect(res.statusCode).toBe(SPEC_PERMISSIONS[who]!.includes('manage_users') ? 200 : 403);
  });

  it.each(WHO)('%s may apply only with apply_jobs', async (who) => {
    const res = await server.inject({
      method: 'POST',
      url: '/jobs-api/job-application/',
      payload: {},
      headers: { authorization: `Bearer ${await tokenFor(who)}` },
    });
    const refused = res.statusCode === 403 && res.json<{ errorMsg?: string }>().errorMsg;
    expect(refused === 'This account cannot apply for jobs').toBe(
      !SPEC_PERMISSIONS[who]!.includes('apply_jobs'),
    );
  });
});

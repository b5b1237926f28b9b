/**
 * The server's permission answers against the tables the app's route guards use (spec §6 roles
 * and permissions, spec §4 route guard; src/domain/roles.ts and route-access.ts). Tokens are real
 * signed access tokens, verified by the production verifier, so the whole chain is covered:
 * `cognito:groups` → roles (spec §4 mapping) → permissions. The last block asks the real API.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, canOpenRoute } from '../../server/auth/permissions';
import { DEACTIVATED_MESSAGE } from '../../server/auth/authenticate';
import type { DatabaseHandle } from '../../server/db/client';
import { corporateUsers, jobApplications, jobs } from '../../server/db/schema';
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

  // manage_users alone is not enough (issue 23): a corporate admin reads applicants of its own
  // company's jobs only (below); these callers have no company, so only the platform admin reads.
  it.each(WHO)('%s reads an unrelated candidate only as the platform admin', async (who) => {
    const res = await server.inject({
      url: `/api/user/${encodeURIComponent(candidate.email)}/details`,
      headers: { authorization: `Bearer ${await tokenFor(who)}` },
    });
    expect(res.statusCode).toBe(who === 'admin' ? 200 : 403);
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

/**
 * Who may read and do what (issue 23): the same calls the app makes (src/lib/auth/account-status,
 * src/features/match/profile-sync), per role, against a real database. Company A is the demo
 * corporate users' company; company B another seeded company with its own corporate admin. The
 * candidate applied to a job of A, the referee to a job of B only.
 */
describe('who may read whom, and deactivated accounts', () => {
  let database: DatabaseHandle;
  let server: FastifyInstance;
  const candidate = demoAccount('candidate@example.com');
  const referee = demoAccount('referee@example.com');
  const newcandidate = demoAccount('newcandidate@example.com');
  const corpAdminA = demoAccount('corp-admin@example.com');
  const recruiterA = demoAccount('recruiter@example.com');
  const admin = demoAccount('admin@example.com');
  const deactivated = demoAccount('deactivated@example.com');
  const corpAdminB = { sub: '00000000-0000-4000-8000-0000000000b1', group: 'corporate-admin' };
  const UNKNOWN_EMAIL = 'nobody.registered@example.com';
  const UNKNOWN_SUB = '00000000-0000-4000-8000-0000000000ff';
  let jobOfA = '';

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await makeServer('/nonexistent', database.db, auth.verifier);
    const { db } = database;
    const [own] = await db
      .select({ companyId: corporateUsers.companyId })
      .from(corporateUsers)
      .where(eq(corporateUsers.cognitoUserId, corpAdminA.sub));
    const companyA = own!.companyId!;
    const [a] = await db
      .select({ id: jobs.id, companyName: jobs.companyName })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyA), eq(jobs.status, 'PUBLISHED')))
      .limit(1);
    const [b] = await db
      .select({ id: jobs.id, companyId: jobs.companyId, companyName: jobs.companyName })
      .from(jobs)
      .where(and(ne(jobs.companyId, companyA), eq(jobs.status, 'PUBLISHED')))
      .limit(1);
    jobOfA = a!.id;
    await db.insert(corporateUsers).values({
      id: 'corp-admin-b',
      cognitoUserId: corpAdminB.sub,
      email: 'admin.b@example.com',
      corporateUserType: 'corporate-admin',
      companyId: b!.companyId,
    });
    const application = { jobPortal: 'ReferralHub', status: 'APPLIED' };
    await db.insert(jobApplications).values([
      {
        id: 'app-a',
        jobId: a!.id,
        userEmail: candidate.email,
        companyName: a!.companyName,
        ...application,
      },
      {
        id: 'app-b',
        jobId: b!.id,
        userEmail: referee.email,
        companyName: b!.companyName,
        ...application,
      },
    ]);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const access = (who: { sub: string; group: string }) =>
    auth.accessToken({ sub: who.sub, groups: [who.group] });

  async function call(
    token: string,
    url: string,
    method: 'GET' | 'PUT' | 'POST' = 'GET',
    payload?: object,
  ) {
    const res = await server.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json<unknown>() };
  }
  const details = async (who: { sub: string; group: string }, email: string) =>
    call(await access(who), `/api/user/${encodeURIComponent(email)}/details`);
  const corporate = async (who: { sub: string; group: string }, sub: string) =>
    call(await access(who), `/api/corporate-user/${sub}/cognito`);
  const recordOf = (answer: { body: unknown }) => (answer.body as { email?: string }[])[0]?.email;

  it("a corporate admin reads its own company's applicants and users, nothing else", async () => {
    const applicant = await details(corpAdminA, candidate.email);
    expect(applicant.status).toBe(200);
    expect(recordOf(applicant)).toBe(candidate.email);
    expect(recordOf(await corporate(corpAdminA, recruiterA.sub))).toBe(recruiterA.email);

    // The referee applied to company B only; an unknown email answers exactly the same.
    const elsewhere = await details(corpAdminA, referee.email);
    expect(elsewhere).toEqual(await details(corpAdminA, UNKNOWN_EMAIL));
    expect(elsewhere.status).toBe(403);
    const otherCompanyUser = await corporate(corpAdminA, corpAdminB.sub);
    expect(otherCompanyUser).toEqual(await corporate(corpAdminA, UNKNOWN_SUB));
    expect(otherCompanyUser.status).toBe(403);
  });

  it("another company's corporate admin gets the answer of an unknown user", async () => {
    const candidateOfA = await details(corpAdminB, candidate.email);
    expect(candidateOfA.status).toBe(403);
    expect(candidateOfA).toEqual(await details(corpAdminB, UNKNOWN_EMAIL));
    const recruiterOfA = await corporate(corpAdminB, recruiterA.sub);
    expect(recruiterOfA.status).toBe(403);
    expect(recruiterOfA).toEqual(await corporate(corpAdminB, UNKNOWN_SUB));
    // Its own applicant it does read.
    expect(recordOf(await details(corpAdminB, referee.email))).toBe(referee.email);
  });

  it('a recruiter manages nobody (spec §6), and its ID token is no API credential', async () => {
    const applicant = await details(recruiterA, candidate.email);
    expect(applicant.status).toBe(403);
    expect(applicant).toEqual(await details(recruiterA, UNKNOWN_EMAIL));
    expect((await corporate(recruiterA, corpAdminA.sub)).status).toBe(403);
    expect(recordOf(await corporate(recruiterA, recruiterA.sub))).toBe(recruiterA.email);
    // spec §7: calls carry the access token; an ID token (here, of the same user) is refused.
    const idToken = await auth.idToken({
      sub: recruiterA.sub,
      email: recruiterA.email,
      groups: [recruiterA.group],
    });
    expect((await call(idToken, `/api/corporate-user/${recruiterA.sub}/cognito`)).status).toBe(401);
  });

  it('the platform admin keeps full access where a corporate admin is scoped', async () => {
    expect(recordOf(await details(admin, referee.email))).toBe(referee.email);
    expect(recordOf(await details(admin, candidate.email))).toBe(candidate.email);
    expect(await details(admin, UNKNOWN_EMAIL)).toEqual({ status: 200, body: [] });
    expect(recordOf(await corporate(admin, corpAdminB.sub))).toBe('admin.b@example.com');
    expect((await details(corpAdminA, referee.email)).status).toBe(403);
    const idToken = await auth.idToken({ sub: admin.sub, email: admin.email, groups: ['admin'] });
    expect((await call(idToken, `/api/user/${admin.email}/details`)).status).toBe(401);
  });

  it('a candidate reads only itself: another candidate looks like an unknown email', async () => {
    const own = await details(newcandidate, newcandidate.email);
    expect(recordOf(own)).toBe(newcandidate.email);
    const other = await details(newcandidate, candidate.email);
    expect(other.status).toBe(403);
    expect(other).toEqual(await details(newcandidate, UNKNOWN_EMAIL));
    expect((await corporate(newcandidate, corpAdminA.sub)).status).toBe(403);
    // The app reads the profile with the access token (profile-sync.ts); an ID token is refused.
    const idToken = await auth.idToken({ sub: newcandidate.sub, email: newcandidate.email });
    expect((await call(idToken, `/api/user/${newcandidate.email}/details`)).status).toBe(401);
  });

  it('a deactivated account is refused on every authenticated route, but reads its own status', async () => {
    const token = await access(deactivated);
    const refused = { status: 403, body: { errorMsg: DEACTIVATED_MESSAGE } };
    expect(await details(deactivated, candidate.email)).toEqual(refused);
    expect(await corporate(deactivated, recruiterA.sub)).toEqual(refused);
    expect(await call(token, `/api/saved-jobs/${jobOfA}`, 'PUT')).toEqual(refused);
    expect(await call(token, '/api/saved-jobs')).toEqual(refused);
    const subscription = {
      endpoint: 'https://push.example.com/send/deactivated-device',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQt',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    };
    expect(await call(token, '/api/push/subscriptions', 'POST', subscription)).toEqual(refused);
    // spec §4: the app learns it is deactivated from its own record, then signs out.
    const own = await corporate(deactivated, deactivated.sub);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject([{ isDeleted: true }]);
  });

  it('deactivating an account takes effect on its very next request', async () => {
    const token = await access(corpAdminB);
    expect((await call(token, `/api/saved-jobs/${jobOfA}`, 'PUT')).status).toBe(201);
    await database.db
      .update(corporateUsers)
      .set({ isDeleted: true })
      .where(eq(corporateUsers.cognitoUserId, corpAdminB.sub));
    expect(await call(token, `/api/saved-jobs/${jobOfA}`, 'PUT')).toEqual({
      status: 403,
      body: { errorMsg: DEACTIVATED_MESSAGE },
    });
    expect((await details(corpAdminB, referee.email)).status).toBe(403);
    await database.db
      .update(corporateUsers)
      .set({ isDeleted: false })
      .where(eq(corporateUsers.cognitoUserId, corpAdminB.sub));
  });
});

/**
 * The admin console's users and companies (issue 21 item 2) through the real API, on a real
 * PGlite and the real identity stand-in (tokens from its sign-in, roles in its user-pool groups):
 * - spec §6: every call is for site admins; an evaluator, a corporate admin, a candidate and an
 *   anonymous caller are refused;
 * - deactivation refuses the user's next call (general and corporate users) with the spec §8
 *   text, and reactivation lets them back;
 * - a role change is carried by the user's next token;
 * - credits are granted or revoked exactly once per Idempotency-Key, never below zero, with the
 *   admin as the ledger row's author;
 * - the company listing's verified mark follows the admin;
 * - every change leaves an audit row.
 */
import {
  InitiateAuthCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '../../server/auth/authenticate';
import {
  createIdentityGroups,
  identityGroupsSettings,
  type IdentityGroups,
} from '../../server/auth/identity-groups';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { adminAudit, creditLedger, paymentOrders } from '../../server/db/schema';
import { recordMovement } from '../../server/referrals/credits';
import { IdentityConfigSchema } from '../../server/identity/config';
import { DEMO_PASSWORD } from '../../server/identity/demo-accounts';
import {
  AdminUserErrors,
  type AdminUserDetail,
  type AdminUserRow,
} from '../../src/domain/contract/admin-users';
import { startStandinFixture, verifierFor, type StandinFixture } from './identity/standin-fixture';
import { testConfig } from './support/test-config';
import { openTestDatabase } from './support/test-database';

let fixture: StandinFixture;
let sdk: CognitoIdentityProviderClient;
let groups: IdentityGroups;
let database: DatabaseHandle;
let app: FastifyInstance;
const tokens: Record<string, string> = {};

async function signIn(email: string) {
  const answer = await sdk.send(
    new InitiateAuthCommand({
      ClientId: fixture.standin.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  );
  const access = answer.AuthenticationResult?.AccessToken;
  if (!access) throw new Error('sign-in returned no token');
  return access;
}

const ADMIN = 'admin@example.com';
const OTHERS = ['evaluator@example.com', 'corp-admin@example.com', 'candidate@example.com'];

beforeAll(async () => {
  fixture = await startStandinFixture();
  const { standin } = fixture;
  sdk = new CognitoIdentityProviderClient({
    region: standin.region,
    endpoint: standin.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  groups = createIdentityGroups(identityGroupsSettings(IdentityConfigSchema.parse({}), standin));
  database = await openTestDatabase();
  app = await buildServer({
    config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
    db: database.db,
    verifier: verifierFor(standin),
    identityGroups: groups,
  });
  for (const email of [
    ADMIN,
    ...OTHERS,
    'newcandidate@example.com',
    'recruiter@example.com',
    'referee@example.com',
  ]) {
    tokens[email] = await signIn(email);
  }
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.close();
  sdk.destroy();
  await fixture.stop();
});

function call(
  who: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    payload: payload as object | undefined,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
  });
}

const reason = 'Checked with support';
const CALLS: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
  ['GET', '/api/admin/users?q=priya'],
  ['GET', '/api/admin/users/usr:usr-candidate'],
  ['POST', '/api/admin/users/usr:usr-candidate/status', { active: false, reason }],
  ['PUT', '/api/admin/users/usr:usr-candidate/roles', { roles: ['admin'], reason }],
  ['POST', '/api/admin/users/usr:usr-candidate/credits', { action: 'grant', amount: 5, reason }],
  ['GET', '/api/admin/companies?q=monsoon'],
  ['POST', '/api/admin/companies/cmp-monsoon-learning/verification', { verified: false, reason }],
];

describe('spec §6: site admins only', () => {
  it('refuses an evaluator, a corporate admin, a candidate (403) and nobody (401), changing nothing', async () => {
    const { db } = database;
    const ledgerBefore = await db.select().from(creditLedger);
    for (const [method, url, body] of CALLS) {
      for (const who of OTHERS) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ errorMsg: AdminUserErrors.adminsOnly });
      }
      expect((await call(null, method, url, body)).statusCode, `anon ${url}`).toBe(401);
    }
    expect(await db.select().from(creditLedger)).toEqual(ledgerBefore);
    expect(await db.select().from(adminAudit)).toEqual([]);
    // The candidate is still active and still a plain user.
    const me = await call('candidate@example.com', 'GET', '/api/user/basic-details');
    expect(me.statusCode).toBe(200);
  });
});

describe('search and detail', () => {
  it('finds users by name, email and role, general and corporate alike', async () => {
    const byName = (await call(ADMIN, 'GET', '/api/admin/users?q=priya')).json<{
      data: AdminUserRow[];
    }>();
    expect(byName.data.map((u) => u.email)).toEqual(['candidate@example.com']);
    expect(byName.data[0]).toMatchObject({
      id: 'usr:usr-candidate',
      kind: 'general',
      active: true,
    });

    const recruiters = (
      await call(ADMIN, 'GET', '/api/admin/users?role=corporate-recruiter')
    ).json<{ data: AdminUserRow[] }>();
    expect(recruiters.data.map((u) => u.email)).toContain('recruiter@example.com');
    expect(recruiters.data.every((u) => u.kind === 'corporate')).toBe(true);

    const evaluators = (await call(ADMIN, 'GET', '/api/admin/users?role=evaluator')).json<{
      data: AdminUserRow[];
    }>();
    expect(evaluators.data.map((u) => u.email)).toEqual(['evaluator@example.com']);

    const gone = (await call(ADMIN, 'GET', '/api/admin/users?status=deactivated')).json<{
      data: AdminUserRow[];
    }>();
    expect(gone.data.map((u) => u.email)).toEqual(['deactivated@example.com']);
    expect((await call(ADMIN, 'GET', '/api/admin/users?role=teapot')).statusCode).toBe(400);
  });

  it("shows a user's roles, status, credits with the ledger and referral requests", async () => {
    const res = await call(ADMIN, 'GET', '/api/admin/users/usr:usr-candidate');
    expect(res.statusCode).toBe(200);
    const detail = res.json<{ data: AdminUserDetail }>().data;
    expect(detail.user.roles).toEqual(['general-user']);
    expect(detail.credits!.balance).toBe(detail.user.credits);
    expect(detail.ledger.length).toBeGreaterThan(0);
    expect(detail.referralRequests).toBeGreaterThan(0);
    expect(detail.isYou).toBe(false);
    expect((await call(ADMIN, 'GET', '/api/admin/users/usr:nobody')).statusCode).toBe(404);
    expect((await call(ADMIN, 'GET', '/api/admin/users/nonsense')).statusCode).toBe(400);
  });
});

describe('deactivate and reactivate', () => {
  it('refuses a general user on their next call with the spec §8 text, then lets them back', async () => {
    const who = 'newcandidate@example.com';
    const own = `/api/user/${encodeURIComponent(who)}/details`;
    expect((await call(who, 'GET', own)).statusCode).toBe(200);

    const off = await call(ADMIN, 'POST', '/api/admin/users/usr:usr-newcandidate/status', {
      active: false,
      reason: 'Spam reports',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ data: AdminUserDetail }>().data.user.active).toBe(false);
    for (const url of [own, '/api/user/basic-details', '/api/referrals/mine']) {
      const res = await call(who, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ errorMsg: DEACTIVATED_MESSAGE });
    }
    // A fresh sign-in gets a token, but the product refuses it just the same (the app signs out).
    tokens[who] = await signIn(who);
    expect((await call(who, 'GET', own)).json()).toEqual({ errorMsg: DEACTIVATED_MESSAGE });

    const on = await call(ADMIN, 'POST', '/api/admin/users/usr:usr-newcandidate/status', {
      active: true,
      reason: 'Appeal accepted',
    });
    expect(on.json<{ data: AdminUserDetail }>().data.user.active).toBe(true);
    expect((await call(who, 'GET', own)).statusCode).toBe(200);

    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, 'usr:usr-newcandidate'));
    expect(audit.map((row) => [row.action, row.reason, row.before, row.after])).toEqual([
      ['user.deactivate', 'Spam reports', { active: true }, { active: false }],
      ['user.reactivate', 'Appeal accepted', { active: false }, { active: true }],
    ]);
  });

  it('deactivates a corporate user too, and never the admin themself', async () => {
    const off = await call(ADMIN, 'POST', '/api/admin/users/corp:corp-recruiter/status', {
      active: false,
      reason: 'Left the company',
    });
    expect(off.statusCode).toBe(200);
    const refused = await call('recruiter@example.com', 'GET', '/api/corporate/company');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ errorMsg: DEACTIVATED_MESSAGE });
    await call(ADMIN, 'POST', '/api/admin/users/corp:corp-recruiter/status', {
      active: true,
      reason: 'Rejoined',
    });
    expect((await call('recruiter@example.com', 'GET', '/api/corporate/company')).statusCode).toBe(
      200,
    );

    const self = await call(ADMIN, 'POST', '/api/admin/users/usr:usr-admin/status', {
      active: false,
      reason: 'Oops, myself',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ errorMsg: AdminUserErrors.notYourself });
  });
});

describe('roles through the identity pool', () => {
  it("changes the groups the user's next token carries, and the product's copy", async () => {
    const who = 'newcandidate@example.com';
    const groupsOf = (token: string) =>
      ((decodeJwt(token)['cognito:groups'] as string[] | undefined) ?? []).slice().sort();
    expect(groupsOf(tokens[who]!)).toEqual(['general-user']);

    const res = await call(ADMIN, 'PUT', '/api/admin/users/usr:usr-newcandidate/roles', {
      roles: ['general-user', 'evaluator'],
      reason: 'Joined the assessment team',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: AdminUserDetail }>().data.user.roles.sort()).toEqual([
      'evaluator',
      'general-user',
    ]);
    const next = await signIn(who);
    expect(groupsOf(next)).toEqual(['evaluator', 'general-user']);

    const back = await call(ADMIN, 'PUT', '/api/admin/users/usr:usr-newcandidate/roles', {
      roles: ['general-user'],
      reason: 'Left the assessment team',
    });
    expect(back.statusCode).toBe(200);
    expect(groupsOf(await signIn(who))).toEqual(['general-user']);

    // Corporate roles are one of the two sub-types; site roles are not theirs.
    const wrong = await call(ADMIN, 'PUT', '/api/admin/users/corp:corp-recruiter/roles', {
      roles: ['admin'],
      reason: 'Not possible',
    });
    expect(wrong.statusCode).toBe(400);
    const self = await call(ADMIN, 'PUT', '/api/admin/users/usr:usr-admin/roles', {
      roles: ['general-user'],
      reason: 'Not myself',
    });
    expect(self.statusCode).toBe(403);

    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(
        and(eq(adminAudit.subjectId, 'usr:usr-newcandidate'), eq(adminAudit.action, 'user.roles')),
      );
    expect(audit.map((row) => row.after)).toEqual([
      { roles: ['evaluator', 'general-user'] },
      { roles: ['general-user'] },
    ]);
  });
});

describe('credits', () => {
  const url = '/api/admin/users/usr:usr-referee/credits';
  const balance = async () =>
    (await call(ADMIN, 'GET', '/api/admin/users/usr:usr-referee')).json<{ data: AdminUserDetail }>()
      .data.credits!.balance;

  it('grants once per Idempotency-Key, with the admin as the ledger row author', async () => {
    const before = await balance();
    const body = { action: 'grant', amount: 2, reason: 'Goodwill after an outage' };
    const key = { 'idempotency-key': 'grant-referee-0001' };
    const first = await call(ADMIN, 'POST', url, body, key);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ data: AdminUserDetail }>().data.credits!.balance).toBe(before + 2);
    const again = await call(ADMIN, 'POST', url, body, key);
    expect(again.statusCode).toBe(200);
    expect(await balance()).toBe(before + 2);

    const rows = await database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, 'usr-referee'), eq(creditLedger.kind, 'grant')));
    const mine = rows.filter((row) => row.note === 'Goodwill after an outage');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ amount: 2, createdBy: 'usr-admin' });
    // The user sees it: their header count (users.referral_count) and their balance.
    const own = await call('referee@example.com', 'GET', '/api/referrals/balance');
    expect(own.json<{ data: { balance: number } }>().data.balance).toBe(before + 2);
  });

  it('revokes, but never below zero', async () => {
    const before = await balance();
    const tooMuch = await call(
      ADMIN,
      'POST',
      url,
      { action: 'revoke', amount: before + 1, reason: 'Abuse' },
      { 'idempotency-key': 'revoke-referee-0001' },
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({ errorMsg: AdminUserErrors.belowZero(before) });
    expect(await balance()).toBe(before);

    const ok = await call(
      ADMIN,
      'POST',
      url,
      { action: 'revoke', amount: 1, reason: 'Granted by mistake' },
      { 'idempotency-key': 'revoke-referee-0002' },
    );
    expect(ok.statusCode).toBe(200);
    expect(await balance()).toBe(before - 1);
    const [row] = await database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.kind, 'revoke'));
    expect(row).toMatchObject({ userId: 'usr-referee', amount: -1, createdBy: 'usr-admin' });

    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, 'usr:usr-referee'));
    expect(audit.map((entry) => entry.action)).toEqual(['credits.grant', 'credits.revoke']);
    expect(audit[1]).toMatchObject({
      reason: 'Granted by mistake',
      before: { balance: before },
      after: { balance: before - 1, amount: -1 },
    });
    // Company users hold no credits.
    const corp = await call(ADMIN, 'POST', '/api/admin/users/corp:corp-recruiter/credits', {
      action: 'grant',
      amount: 1,
      reason: 'Not possible',
    });
    expect(corp.statusCode).toBe(400);
  });
});

describe('company verification', () => {
  it("sets the listing's verified mark, with an audit row", async () => {
    const listed = async () => {
      const res = await call(null, 'GET', '/api/company/cmp-monsoon-learning');
      const body = res.json<{ id: string; isVerified: boolean }[]>();
      return body[0]?.isVerified;
    };
    expect(await listed()).toBe(true);
    const off = await call(
      ADMIN,
      'POST',
      '/api/admin/companies/cmp-monsoon-learning/verification',
      {
        verified: false,
        reason: 'Domain check failed',
      },
    );
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: { id: 'cmp-monsoon-learning', isVerified: false } });
    expect(await listed()).toBe(false);
    await call(ADMIN, 'POST', '/api/admin/companies/cmp-monsoon-learning/verification', {
      verified: true,
      reason: 'Domain verified',
    });
    expect(await listed()).toBe(true);
    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectType, 'company'));
    expect(audit.map((row) => row.action)).toEqual(['company.unverify', 'company.verify']);
    expect(
      (
        await call(ADMIN, 'POST', '/api/admin/companies/cmp-nope/verification', {
          verified: true,
          reason: 'Nothing',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('payment refunds', () => {
  it('takes a paid purchase back as a ledger row by the admin, with an audit row', async () => {
    const { db } = database;
    await db.insert(paymentOrders).values({
      id: 'ord_adminrefund01',
      userId: 'usr-referee',
      provider: 'local',
      providerOrderId: 'order_admin_refund',
      planId: 'credits-3',
      credits: 2,
      amount: 9_900,
      fee: 1_900,
      status: 'paid',
      paymentId: 'pay_admin_refund',
    });
    await db.transaction((tx) =>
      recordMovement(tx, {
        userId: 'usr-referee',
        kind: 'purchase',
        amount: 2,
        uniqueKey: 'purchase:pay_admin_refund',
      }),
    );
    const url = '/api/admin/payments/ord_adminrefund01/refund';
    expect((await call('evaluator@example.com', 'POST', url, { note: 'No' })).statusCode).toBe(403);
    const res = await call(ADMIN, 'POST', url, { note: 'Charged twice' });
    expect(res.statusCode).toBe(200);
    const [refund] = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, 'usr-referee'), eq(creditLedger.kind, 'refund')));
    expect(refund).toMatchObject({ amount: -2, createdBy: 'usr-admin', note: 'Charged twice' });
    const audit = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, 'ord_adminrefund01'));
    expect(audit.map((row) => [row.action, row.reason, row.after])).toEqual([
      ['payment.refund', 'Charged twice', { status: 'refunded' }],
    ]);
    // Once: a second refund is refused and writes nothing more.
    expect((await call(ADMIN, 'POST', url, { note: 'Again' })).statusCode).toBe(409);
    expect(
      await db.select().from(adminAudit).where(eq(adminAudit.subjectId, 'ord_adminrefund01')),
    ).toHaveLength(1);
  });
});

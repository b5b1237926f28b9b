/**
 * Referral oversight (issue 21 item 3) through the real API on a real PGlite with the seeded
 * referral demo: the candidate's "not referred" and a referee's "I did refer" disputes, stuck
 * requests, and their resolution moving the request's credit exactly once (even when two admins
 * resolve at the same moment), with the timeline and the audit rows. Site admins only (spec §6).
 */
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import {
  adminAudit,
  creditLedger,
  referralOffers,
  referralRequests,
  users,
} from '../../server/db/schema';
import {
  OversightErrors,
  OversightLimits,
  type OversightDetail,
  type OversightItem,
} from '../../src/domain/contract/admin-referrals';
import { startApiServer, type ApiTestServer } from './support/api-server';
import { demoTokens } from './support/demo-tokens';
import type { TestAuth } from './support/test-auth';

const DAY = 24 * 3_600_000;
let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
const tokens: Record<string, string> = {};

function call(who: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    payload,
    headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
  });
}

async function requestFor(jobId: string) {
  const [row] = await database.db
    .select()
    .from(referralRequests)
    .where(
      and(eq(referralRequests.candidateId, 'usr-candidate'), eq(referralRequests.jobId, jobId)),
    );
  if (!row) throw new Error(`no seeded request for ${jobId}`);
  return row;
}

const balance = async () =>
  (await call('candidate@example.com', 'GET', '/api/referrals/balance')).json<{
    data: { balance: number };
  }>().data.balance;

/** A token for a product user (seed-only referees get an identity here). */
async function tokenFor(userId: string): Promise<string> {
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  let sub = user!.cognitoSub;
  if (!sub) {
    sub = `sub-${userId}`;
    await database.db.update(users).set({ cognitoSub: sub }).where(eq(users.id, userId));
  }
  return auth.accessToken({ sub, groups: ['general-user'] });
}

beforeAll(async () => {
  server = await startApiServer();
  ({ database, auth, app } = server);
  Object.assign(
    tokens,
    await demoTokens(auth, [
      'admin@example.com',
      'evaluator@example.com',
      'corp-admin@example.com',
      'candidate@example.com',
      'nocredits@example.com',
    ]),
  );
});
afterAll(async () => {
  await server.close();
});

describe('spec §6: oversight is for site admins', () => {
  it('refuses an evaluator, a corporate admin, a candidate (403) and nobody (401)', async () => {
    const referred = await requestFor('job-002072');
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/api/admin/referrals'],
      ['GET', `/api/admin/referrals/${referred.id}`],
      [
        'POST',
        `/api/admin/referrals/${referred.id}/resolve`,
        { outcome: 'release', reason: 'x y z' },
      ],
    ];
    for (const [method, url, body] of calls) {
      for (const who of [
        'evaluator@example.com',
        'corp-admin@example.com',
        'candidate@example.com',
      ]) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json()).toEqual({ errorMsg: OversightErrors.adminsOnly });
      }
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    }
    expect(await database.db.select().from(adminAudit)).toEqual([]);
  });
});

describe("the candidate's dispute: not referred", () => {
  it('queues the request; releasing gives the credit back exactly once', async () => {
    const referred = await requestFor('job-002072');
    expect(referred.state).toBe('referred');
    const url = `/api/referrals/${referred.id}/dispute`;
    expect((await call(null, 'POST', url, { note: 'HR says no referral' })).statusCode).toBe(401);
    // Someone else's request.
    expect(
      (await call('nocredits@example.com', 'POST', url, { note: 'Not mine' })).statusCode,
    ).toBe(403);
    const res = await call('candidate@example.com', 'POST', url, {
      note: 'HR at Cedar says no referral arrived',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { requestId: referred.id, kind: 'notReferred' } });
    const again = await call('candidate@example.com', 'POST', url, { note: 'Still nothing' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorMsg: OversightErrors.alreadyDisputed });
    // The tracker still reads (it lists lifecycle events only).
    const mine = await call('candidate@example.com', 'GET', '/api/referrals/mine');
    expect(mine.statusCode).toBe(200);

    const list = (
      await call('admin@example.com', 'GET', '/api/admin/referrals?filter=disputed')
    ).json<{
      data: OversightItem[];
    }>().data;
    const item = list.find((entry) => entry.id === referred.id);
    expect(item).toMatchObject({
      state: 'referred',
      credit: 'consumed',
      dispute: {
        kind: 'notReferred',
        by: 'candidate',
        note: 'HR at Cedar says no referral arrived',
      },
      candidate: { email: 'candidate@example.com' },
    });

    const before = await balance();
    const resolve = () =>
      call('admin@example.com', 'POST', `/api/admin/referrals/${referred.id}/resolve`, {
        outcome: 'release',
        reason: 'Referee could not show proof',
      });
    // Two admins at once: one resolves, the other is told there is nothing left to resolve.
    const [a, b] = await Promise.all([resolve(), resolve()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await balance()).toBe(before + 1);
    expect((await resolve()).statusCode).toBe(409);
    expect(await balance()).toBe(before + 1);

    const detail = (
      await call('admin@example.com', 'GET', `/api/admin/referrals/${referred.id}`)
    ).json<{
      data: OversightDetail;
    }>().data;
    expect(detail.request).toMatchObject({
      dispute: null,
      credit: 'released',
      resolution: 'release',
    });
    expect(detail.timeline.slice(-2).map((e) => [e.action, e.actor, e.reason])).toEqual([
      ['dispute', 'candidate', 'notReferred'],
      ['resolve', 'admin', 'release'],
    ]);
    expect(detail.ledger.map((row) => [row.kind, row.amount])).toEqual([
      ['hold', -1],
      ['consume', 0],
      ['release', 1],
    ]);
    const audit = await database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.subjectId, referred.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'referral.release',
      reason: 'Referee could not show proof',
      before: { state: 'referred', credit: 'consumed', dispute: 'notReferred' },
      after: { state: 'referred', credit: 'released' },
    });
  });
});

describe('stuck requests', () => {
  it('lists an accepted request not referred for days and releases its credit by ending it', async () => {
    const accepted = await requestFor('job-000964');
    expect(accepted.state).toBe('accepted');
    const listed = async () =>
      (await call('admin@example.com', 'GET', '/api/admin/referrals?filter=stuck'))
        .json<{
          data: OversightItem[];
        }>()
        .data.map((entry) => entry.id);
    expect(await listed()).not.toContain(accepted.id);
    // Accepted longer ago than the stuck threshold.
    await database.db
      .update(referralRequests)
      .set({ updatedAt: new Date(Date.now() - (OversightLimits.stuckAfterDays + 1) * DAY) })
      .where(eq(referralRequests.id, accepted.id));
    expect(await listed()).toContain(accepted.id);

    const before = await balance();
    const res = await call(
      'admin@example.com',
      'POST',
      `/api/admin/referrals/${accepted.id}/resolve`,
      {
        outcome: 'release',
        reason: 'Referee unreachable',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: OversightDetail }>().data.request).toMatchObject({
      state: 'cancelled',
      credit: 'released',
      stuck: null,
    });
    expect(await balance()).toBe(before + 1);
    expect(await listed()).not.toContain(accepted.id);

    // A request that is neither disputed nor stuck has nothing to resolve.
    const fine = await requestFor('job-000133');
    const nothing = await call(
      'admin@example.com',
      'POST',
      `/api/admin/referrals/${fine.id}/resolve`,
      {
        outcome: 'release',
        reason: 'Just because',
      },
    );
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ errorMsg: OversightErrors.nothingToResolve });
    const unknown = await call('admin@example.com', 'POST', '/api/admin/referrals/nope/resolve', {
      outcome: 'release',
      reason: 'Nothing here',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await call('admin@example.com', 'POST', `/api/admin/referrals/${fine.id}/resolve`, {
      outcome: 'refund-everyone',
      reason: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("a referee's dispute: I did refer", () => {
  it('lets the referee who lost an accepted request say so; consuming makes it referred by them', async () => {
    const offered = await requestFor('job-002790');
    expect(offered.state).toBe('offered');
    const holder = offered.currentRefereeId!;
    tokens.holder = await tokenFor(holder);
    expect((await call('holder', 'POST', `/api/referrals/${offered.id}/accept`)).statusCode).toBe(
      200,
    );
    // Too early: it is still theirs to mark referred.
    const early = await call('holder', 'POST', `/api/referrals/${offered.id}/dispute`, {
      note: 'I referred already',
    });
    expect(early.statusCode).toBe(403);

    // The refer window passes: the sweep takes it from them and offers it to someone else.
    await app.referrals!.sweep(new Date(Date.now() + 8 * DAY));
    const moved = await requestFor('job-002790');
    expect(moved.currentRefereeId).not.toBe(holder);

    const res = await call('holder', 'POST', `/api/referrals/${offered.id}/dispute`, {
      note: 'Referred on day 6, portal id MON-4411',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { kind: 'wasReferred' } });
    // The candidate cannot dispute a request that was never marked referred.
    expect(
      (
        await call('candidate@example.com', 'POST', `/api/referrals/${offered.id}/dispute`, {
          note: 'Nothing yet',
        })
      ).statusCode,
    ).toBe(403);

    const item = (
      await call('admin@example.com', 'GET', `/api/admin/referrals/${offered.id}`)
    ).json<{ data: OversightDetail }>().data.request;
    expect(item).toMatchObject({ dispute: { kind: 'wasReferred', by: 'referee' }, credit: 'held' });
    expect(item.referee!.id).toBe(holder);

    const before = await balance();
    const ok = await call(
      'admin@example.com',
      'POST',
      `/api/admin/referrals/${offered.id}/resolve`,
      {
        outcome: 'consume',
        reason: 'Portal screenshot checked',
      },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: OversightDetail }>().data.request).toMatchObject({
      state: 'referred',
      credit: 'consumed',
      dispute: null,
    });
    expect(await balance()).toBe(before);
    const after = await requestFor('job-002790');
    expect(after.currentRefereeId).toBe(holder);
    const offers = await database.db
      .select()
      .from(referralOffers)
      .where(eq(referralOffers.requestId, offered.id));
    expect(offers.find((o) => o.refereeId === holder)?.answer).toBe('referred');
    expect(offers.filter((o) => o.answer === null)).toEqual([]);
    const settles = await database.db
      .select()
      .from(creditLedger)
      .where(like(creditLedger.uniqueKey, `%${offered.id}`));
    expect(settles.map((row) => row.kind).sort()).toEqual(['consume', 'hold']);
  });
});

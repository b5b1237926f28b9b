/**
 * Referrals through the real API (issue 16): every spec §4 result type from real data, each
 * transition allowed only to its actor, the credit ledger (holds, releases, consumption, the
 * race for the last credit), pass-on after a decline or a time-out and expiry (the sweep with a
 * moved clock), and idempotent replays. The database is a copy of the seeded template (PGlite,
 * or Postgres with DATABASE_URL), so the seeded referees, jobs and demo candidates are used as
 * they are; the CV objects are written by the CV feature on start, into a temporary DATA_DIR.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import {
  creditLedger,
  refereeProfiles,
  referralOffers,
  referralRequests,
  users,
} from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { NO_CREDITS_CV_KEY } from '../../server/seed/demo-cv';
import { ReferralLimits } from '../../src/domain/contract/referrals';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const MONSOON = 'cmp-monsoon-learning';
const HOUR = 3_600_000;

const who = {
  candidate: demoAccount('candidate@example.com'),
  newCandidate: demoAccount('newcandidate@example.com'),
  noCredits: demoAccount('nocredits@example.com'),
  referee: demoAccount('referee@example.com'),
  referee2: demoAccount('referee2@example.com'),
  admin: demoAccount('admin@example.com'),
};
type Who = keyof typeof who | 'stranger';
const STRANGER_SUB = '00000000-0000-4000-8000-0000000000ff';
const userIdOf = (name: keyof typeof who) => `usr-${who[name].email.split('@')[0]}`;

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let dataDir: string;
const tokens = {} as Record<Who, string>;

interface Answer {
  status: number;
  body: {
    data?: Record<string, unknown> & {
      type?: string;
      request?: Request | null;
      balance?: number;
    };
    errorMsg?: string;
    state?: string;
  };
  headers: Record<string, unknown>;
}
interface Request {
  id: string;
  state: string;
  referee: { name: string } | null;
  rejectionReasons: { code: string; text: string }[];
  timeline: { action: string; actor: string; reason: string | null; text: string | null }[];
  matchScore: { finalScore: number } | null;
  attempt: number;
}

async function call(
  caller: Who | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...headers, ...(caller ? { authorization: `Bearer ${tokens[caller]}` } : {}) },
  });
  await app.backgroundTasks.settle();
  await app.jobs.settle(); // the push jobs the writes queued (issue 25)
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const requestReferral = (caller: Who, body: object, headers?: Record<string, string>) =>
  call(caller, 'POST', '/api/referrals', body, headers);
const act = (caller: Who, id: string, action: string, body?: object) =>
  call(caller, 'POST', `/api/referrals/${id}/${action}`, body);

async function balance(name: keyof typeof who): Promise<number> {
  const res = await call(name, 'GET', '/api/referrals/balance');
  expect(res.status).toBe(200);
  return res.body.data!.balance as number;
}

async function requestRow(id: string) {
  const [row] = await database.db
    .select()
    .from(referralRequests)
    .where(eq(referralRequests.id, id));
  return row!;
}

/** The caller name of the referee a request is offered to now. */
async function holderOf(id: string): Promise<'referee' | 'referee2'> {
  const row = await requestRow(id);
  if (row.currentRefereeId === userIdOf('referee')) return 'referee';
  if (row.currentRefereeId === userIdOf('referee2')) return 'referee2';
  throw new Error(`offered to ${row.currentRefereeId}`);
}
const other = (name: 'referee' | 'referee2') => (name === 'referee' ? 'referee2' : 'referee');

let pasted = 0;

/** A request the product accepts: a pasted link to an unlisted Monsoon Learning job (accepted on
 * eligibility; every call a new job). */
async function acceptedRequest(
  caller: Who = 'candidate',
  headers?: Record<string, string>,
): Promise<Request> {
  const jobUrl = `https://careers.monsoon-learning.example.com/jobs/test-${++pasted}`;
  const res = await requestReferral(caller, { companyId: MONSOON, jobUrl }, headers);
  expect(res.body.data?.type).toBe('RequestAccepted');
  return res.body.data!.request!;
}

/** The credit movements of one request, in order. */
async function movementsOf(id: string) {
  return database.db
    .select({ kind: creditLedger.kind, amount: creditLedger.amount })
    .from(creditLedger)
    .where(eq(creditLedger.requestId, id))
    .orderBy(creditLedger.id);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-referrals-'));
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
      // The embedded database blocks the loop on a busy machine: these tests are not about load.
      SHED_EVENT_LOOP_DELAY_MS: '0',
    }),
    db: database.db,
    verifier: auth.verifier,
  });
  await app.ready();
  for (const [name, account] of Object.entries(who)) {
    tokens[name as Who] = await auth.accessToken({
      sub: account.sub,
      groups: [account.group],
    });
  }
  tokens.stranger = await auth.accessToken({ sub: STRANGER_SUB });
  // The demo candidate has 3 credits; these tests hold many more (through the admin route).
  const grant = await call('admin', 'POST', '/api/admin/credit-grants', {
    userId: userIdOf('candidate'),
    amount: 40,
  });
  expect(grant.status).toBe(201);
  // Only the two signed-in referees refer for Monsoon Learning here, so every offer goes to one
  // of them; the seeded others stay in the data but step aside.
  await database.db
    .update(refereeProfiles)
    .set({ active: false })
    .where(
      and(
        eq(refereeProfiles.companyId, MONSOON),
        sql`${refereeProfiles.userId} not in (${userIdOf('referee')}, ${userIdOf('referee2')})`,
      ),
    );
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the tracker', () => {
  it('lists the demo candidate’s requests in every state, with timelines', async () => {
    const res = await call('candidate', 'GET', '/api/referrals/mine');
    expect(res.status).toBe(200);
    const list = res.body.data as unknown as Request[];
    const states = new Set(list.map((r) => r.state));
    for (const state of [
      'approved',
      'rejected',
      'offered',
      'accepted',
      'referred',
      'acknowledged',
      'expired',
      'cancelled',
    ]) {
      expect(states, state).toContain(state);
    }
    for (const request of list) expect(request.timeline[0]!.action).toBe('request');
    // Nobody else sees them.
    const theirs = await call('newCandidate', 'GET', '/api/referrals/mine');
    expect(theirs.body.data).toEqual([]);
  });
});

describe('spec §4 result types, each from real data', () => {
  it('profileCompletion: a candidate without a CV', async () => {
    const res = await requestReferral('newCandidate', { companyId: MONSOON, jobId: 'job-000964' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'profileCompletion', request: null });
  });

  it('zeroReferral: a complete profile with a CV and no credits', async () => {
    const res = await requestReferral('noCredits', { companyId: MONSOON, jobId: 'job-000964' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'zeroReferral', request: null, balance: 0 });
  });

  it('RequestAccepted: a listed job the candidate matches; one credit is held and a referee gets it', async () => {
    const before = await balance('candidate');
    const res = await requestReferral('candidate', {
      companyId: MONSOON,
      jobId: 'job-002575',
      note: 'Keen on the New Delhi office',
    });
    expect(res.status).toBe(201);
    const request = res.body.data!.request!;
    expect(res.body.data!.type).toBe('RequestAccepted');
    expect(request.state).toBe('offered');
    expect(request.matchScore!.finalScore).toBeGreaterThanOrEqual(ReferralLimits.matchThreshold);
    expect(request.timeline.map((e) => e.action)).toEqual(['request', 'approve', 'offer']);
    // Anonymous until a referee accepts (issue 17).
    expect(request.referee).toBeNull();
    expect(await balance('candidate')).toBe(before - ReferralLimits.creditCost);
    expect(res.body.data!.balance).toBe(before - ReferralLimits.creditCost);
    // The header's count (spec §2) is the balance.
    const details = await call('candidate', 'GET', '/api/user/basic-details');
    expect(details.body.data!.referralCount).toBe(before - 1);
  });

  it('AlreadyRequested: the same job again, while the first request is open', async () => {
    const before = await balance('candidate');
    const res = await requestReferral('candidate', { companyId: MONSOON, jobId: 'job-002575' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'AlreadyRequested', request: null });
    expect(await balance('candidate')).toBe(before);
  });

  it('RequestRejected then Max_tries: a job far from the profile, asked for again and again', async () => {
    const before = await balance('candidate');
    // Performance Marketer at Monsoon Learning: the frontend profile scores far under 50.
    const first = await requestReferral('candidate', { companyId: MONSOON, jobId: 'job-000171' });
    expect(first.status).toBe(201);
    expect(first.body.data!.type).toBe('RequestRejected');
    const rejected = first.body.data!.request!;
    expect(rejected.state).toBe('rejected');
    expect(rejected.rejectionReasons.map((r) => r.code)).toContain('coreSkills');
    expect(rejected.rejectionReasons[0]!.text).toMatch(/\w/);
    expect(await balance('candidate')).toBe(before); // a rejection costs nothing
    for (let attempt = 2; attempt <= ReferralLimits.maxTriesPerJob; attempt++) {
      const again = await requestReferral('candidate', { companyId: MONSOON, jobId: 'job-000171' });
      expect(again.body.data!.type).toBe('RequestRejected');
      expect(again.body.data!.request!.attempt).toBe(attempt);
    }
    const last = await requestReferral('candidate', { companyId: MONSOON, jobId: 'job-000171' });
    expect(last.status).toBe(200);
    expect(last.body.data).toMatchObject({ type: 'Max_tries', request: null });
  });

  it('Error_251: a job flagged bad, and a pasted link off the company domain', async () => {
    const bad = await requestReferral('candidate', { companyId: MONSOON, jobId: 'job-001214' });
    expect(bad.body.data).toMatchObject({ type: 'Error_251', request: null });
    const elsewhere = await requestReferral('candidate', {
      companyId: MONSOON,
      jobUrl: 'https://careers.another-company.example.com/jobs/42',
    });
    expect(elsewhere.body.data).toMatchObject({ type: 'Error_251', request: null });
  });

  it('a pasted link on the company domain is accepted on eligibility (nothing to score)', async () => {
    const res = await requestReferral('candidate', {
      companyId: MONSOON,
      jobUrl: 'https://careers.monsoon-learning.example.com/jobs/frontend-7#apply',
      jobTitle: 'Frontend Engineer (unlisted)',
    });
    expect(res.status).toBe(201);
    expect(res.body.data!.type).toBe('RequestAccepted');
    expect(res.body.data!.request).toMatchObject({
      jobId: null,
      jobUrl: 'https://careers.monsoon-learning.example.com/jobs/frontend-7',
      jobTitle: 'Frontend Engineer (unlisted)',
      matchScore: null,
    });
  });

  it('Error_250: the CV on file is gone from the object store', async () => {
    const file = path.join(dataDir, 'objects', ...NO_CREDITS_CV_KEY.split('/'));
    const bytes = readFileSync(file);
    unlinkSync(file);
    try {
      const res = await requestReferral('noCredits', { companyId: MONSOON, jobId: 'job-000964' });
      expect(res.body.data).toMatchObject({ type: 'Error_250', request: null });
    } finally {
      writeFileSync(file, bytes);
    }
  });

  it('bad input is a 400/404 naming the problem, never a 500', async () => {
    const both = await requestReferral('candidate', {
      companyId: MONSOON,
      jobId: 'job-000964',
      jobUrl: 'https://careers.monsoon-learning.example.com/x',
    });
    expect(both.status).toBe(400);
    const ftp = await requestReferral('candidate', { companyId: MONSOON, jobUrl: 'ftp://x.com/a' });
    expect(ftp.status).toBe(400);
    expect(ftp.body.errorMsg).toMatch(/http/);
    const otherCompany = await requestReferral('candidate', {
      companyId: 'cmp-peacock-analytics',
      jobId: 'job-000964',
    });
    expect(otherCompany.status).toBe(400);
    const noCompany = await requestReferral('candidate', { companyId: 'cmp-nope', jobId: 'x' });
    expect(noCompany.status).toBe(404);
    const extra = await requestReferral('candidate', { companyId: MONSOON, jobId: 'x', y: 1 });
    expect(extra.status).toBe(400);
    const long = await requestReferral('candidate', {
      companyId: MONSOON,
      jobId: 'job-000964',
      note: 'x'.repeat(ReferralLimits.noteMaxLength + 1),
    });
    expect(long.status).toBe(400);
    const anonymous = await call(null, 'POST', '/api/referrals', { companyId: MONSOON });
    expect(anonymous.status).toBe(401);
  });
});

describe('each transition only by its actor (others 403)', () => {
  it('accept → refer → acknowledge, with every wrong actor refused on the way', async () => {
    const request = await acceptedRequest();
    const id = request.id;
    const holder = await holderOf(id);
    const held = await balance('candidate');

    for (const wrong of ['candidate', 'admin', 'stranger', other(holder)] as const) {
      expect((await act(wrong, id, 'accept')).status, `${wrong} accepts`).toBe(403);
      expect((await act(wrong, id, 'decline', { reason: 'roleFilled' })).status).toBe(403);
    }
    expect((await act(holder, id, 'expire')).status).toBe(403);
    expect((await act(holder, id, 'cancel')).status).toBe(403);
    expect((await act('stranger', id, 'cancel')).status).toBe(403);
    expect((await act('candidate', id, 'expire')).status).toBe(403);
    // The right actor at the wrong time: 409 with the state.
    const early = await act('candidate', id, 'acknowledge');
    expect(early.status).toBe(409);
    expect(early.body.state).toBe('offered');

    const accepted = await act(holder, id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      requestId: id,
      state: 'accepted',
      answer: 'accepted',
    });
    const again = await act(holder, id, 'accept');
    expect(again.status).toBe(409);
    expect(again.body.state).toBe('accepted');

    // Revealed to the candidate now, never to a stranger.
    const seen = await call('candidate', 'GET', `/api/referrals/${id}`);
    expect(seen.body.data!.referee).toMatchObject({ name: who[holder].name });
    expect((await call('stranger', 'GET', `/api/referrals/${id}`)).status).toBe(403);
    expect((await call(other(holder), 'GET', `/api/referrals/${id}`)).status).toBe(403);

    expect((await act('candidate', id, 'refer')).status).toBe(403);
    expect((await act('admin', id, 'refer')).status).toBe(403);
    const referred = await act(holder, id, 'refer', { reference: 'REF-123' });
    expect(referred.status).toBe(200);
    expect(referred.body.data).toMatchObject({ state: 'referred', answer: 'referred' });
    // The hold became a consumption: the balance does not move, the ledger says so.
    expect(await balance('candidate')).toBe(held);
    expect(await movementsOf(id)).toEqual([
      { kind: 'hold', amount: -1 },
      { kind: 'consume', amount: 0 },
    ]);

    expect((await act(holder, id, 'acknowledge')).status).toBe(403);
    expect((await act('admin', id, 'acknowledge')).status).toBe(403);
    const done = await act('candidate', id, 'acknowledge', { note: 'Thanks!' });
    expect(done.status).toBe(200);
    expect(done.body.data!.state).toBe('acknowledged');
    const timeline = (done.body.data!.timeline as Request['timeline']).map(
      (e) => `${e.action}:${e.actor}`,
    );
    expect(timeline).toEqual([
      'request:candidate',
      'approve:system',
      'offer:system',
      'accept:referee',
      'refer:referee',
      'acknowledge:candidate',
    ]);
    // Nothing more can happen to it.
    expect((await act('candidate', id, 'cancel')).status).toBe(409);
    expect((await act('admin', id, 'expire')).status).toBe(409);
  });

  it('the candidate cancels, an admin expires: both give the credit back', async () => {
    const start = await balance('candidate');
    const mine = await acceptedRequest();
    const theirs = await acceptedRequest();
    expect(await balance('candidate')).toBe(start - 2);
    const cancelled = await act('candidate', mine.id, 'cancel', { note: 'Applied directly' });
    expect(cancelled.body.data!.state).toBe('cancelled');
    expect((await act('admin', theirs.id, 'cancel')).status).toBe(200);
    expect(await balance('candidate')).toBe(start);

    const third = await acceptedRequest();
    const expired = await act('admin', third.id, 'expire');
    expect(expired.status).toBe(200);
    expect(expired.body.data!.state).toBe('expired');
    expect(await balance('candidate')).toBe(start);
    // A settled request never moves credits again.
    expect((await act('admin', third.id, 'cancel')).status).toBe(409);
    expect(await balance('candidate')).toBe(start);
  });

  it('the referee inbox lists the offer with the candidate profile, without the email', async () => {
    const request = await acceptedRequest();
    const holder = await holderOf(request.id);
    const inbox = await call(holder, 'GET', '/api/referee/offers');
    const offer = (inbox.body.data as unknown as Record<string, unknown>[]).find(
      (o) => o.requestId === request.id,
    );
    expect(offer).toMatchObject({
      state: 'offered',
      answer: null,
      // First name only until the referee accepts (issue 17).
      candidate: { name: who.candidate.name.split(' ')[0], designation: 'Frontend Engineer' },
    });
    expect(JSON.stringify(offer)).not.toContain(who.candidate.email);
    const elsewhere = await call(other(holder), 'GET', '/api/referee/offers');
    expect(
      (elsewhere.body.data as unknown as { requestId: string }[]).some(
        (o) => o.requestId === request.id,
      ),
    ).toBe(false);
  });
});

describe('pass-on and expiry', () => {
  it('a decline (with its reason) passes the request to the next referee; nobody left → expired, credit released', async () => {
    const start = await balance('candidate');
    const request = await acceptedRequest();
    const first = await holderOf(request.id);
    const declined = await act(first, request.id, 'decline', {
      reason: 'notMyTeam',
      text: 'I am in the Hyderabad office only',
    });
    expect(declined.status).toBe(200);
    expect(declined.body.data).toMatchObject({ answer: 'declined' });
    const second = await holderOf(request.id);
    expect(second).toBe(other(first));
    expect((await requestRow(request.id)).state).toBe('offered');
    // The first referee is out now: a late accept is told so.
    const late = await act(first, request.id, 'accept');
    expect(late.status).toBe(409);
    expect(late.body.errorMsg).toMatch(/no longer offered/);

    // "Other" needs words.
    expect((await act(second, request.id, 'decline', { reason: 'other' })).status).toBe(400);
    expect((await act(second, request.id, 'decline', { reason: 'nope' })).status).toBe(400);
    const last = await act(second, request.id, 'decline', { reason: 'other', text: 'On leave' });
    expect(last.status).toBe(200);
    const row = await requestRow(request.id);
    expect(row.state).toBe('expired');
    expect(row.currentRefereeId).toBeNull();
    expect(await balance('candidate')).toBe(start);

    const view = await call('candidate', 'GET', `/api/referrals/${request.id}`);
    const declines = (view.body.data!.timeline as Request['timeline']).filter(
      (e) => e.action === 'decline',
    );
    expect(declines.map((e) => [e.actor, e.reason, e.text])).toEqual([
      ['referee', 'notMyTeam', 'I am in the Hyderabad office only'],
      ['referee', 'other', 'On leave'],
    ]);
    expect((view.body.data!.timeline as Request['timeline']).at(-1)).toMatchObject({
      action: 'expire',
      actor: 'system',
      reason: 'noRefereeLeft',
    });
  });

  it('no answer within the response window: the sweep passes it on, then expires it', async () => {
    const request = await acceptedRequest();
    const first = await holderOf(request.id);
    const created = (await requestRow(request.id)).createdAt.getTime();

    // Just before the window closes nothing happens.
    await app.referrals!.sweep(
      new Date(created + ReferralLimits.responseWindowHours * HOUR - 1000),
    );
    expect(await holderOf(request.id)).toBe(first);

    const later = new Date(created + ReferralLimits.responseWindowHours * HOUR + 1000);
    const report = await app.referrals!.sweep(later);
    expect(report.timedOut).toBeGreaterThanOrEqual(1);
    expect(await holderOf(request.id)).toBe(other(first));
    const [timedOut] = await database.db
      .select({ answer: referralOffers.answer })
      .from(referralOffers)
      .where(
        and(
          eq(referralOffers.requestId, request.id),
          eq(referralOffers.refereeId, userIdOf(first)),
        ),
      );
    expect(timedOut?.answer).toBe('timedOut');

    await app.referrals!.sweep(
      new Date(later.getTime() + ReferralLimits.responseWindowHours * HOUR + 1000),
    );
    expect((await requestRow(request.id)).state).toBe('expired');
    // (The sweep moved other open requests too, so the balance is not compared here.)
    expect(await movementsOf(request.id)).toEqual([
      { kind: 'hold', amount: -1 },
      { kind: 'release', amount: 1 },
    ]);
  });

  it('an accepted request not referred within the refer window passes on', async () => {
    const request = await acceptedRequest();
    const first = await holderOf(request.id);
    await act(first, request.id, 'accept');
    const accepted = (await requestRow(request.id)).updatedAt.getTime();
    await app.referrals!.sweep(
      new Date(accepted + ReferralLimits.referWindowDays * 24 * HOUR + 1000),
    );
    const row = await requestRow(request.id);
    expect(row.state).toBe('offered');
    expect(await holderOf(request.id)).toBe(other(first));
  });

  it('a request at a company without referees waits, then expires with its credit back', async () => {
    // Marigold Insurance has no referees in the demo data.
    const res = await requestReferral('candidate', {
      companyId: 'cmp-marigold-insurance',
      jobId: 'job-002518',
    });
    expect(res.body.data!.type).toBe('RequestAccepted');
    const id = res.body.data!.request!.id;
    expect(res.body.data!.request!.state).toBe('approved');
    const created = (await requestRow(id)).createdAt.getTime();
    await app.referrals!.sweep(new Date(created + 24 * HOUR));
    expect((await requestRow(id)).state).toBe('approved');
    await app.referrals!.sweep(
      new Date(created + (ReferralLimits.waitForRefereeDays * 24 + 1) * HOUR),
    );
    expect((await requestRow(id)).state).toBe('expired');
    expect(await movementsOf(id)).toEqual([
      { kind: 'hold', amount: -1 },
      { kind: 'release', amount: 1 },
    ]);
  });
});

describe('credits', () => {
  it('an admin grants credits (once per Idempotency-Key); others may not', async () => {
    const body = { userId: userIdOf('noCredits'), amount: 1, note: 'Goodwill' };
    expect((await call('candidate', 'POST', '/api/admin/credit-grants', body)).status).toBe(403);
    const headers = { 'idempotency-key': 'grant-nocredits-0001' };
    const first = await call('admin', 'POST', '/api/admin/credit-grants', body, headers);
    expect(first.status).toBe(201);
    const replay = await call('admin', 'POST', '/api/admin/credit-grants', body, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await balance('noCredits')).toBe(1);
  });

  it('two requests racing for the last credit: exactly one holds it', async () => {
    expect(await balance('noCredits')).toBe(1);
    // Two unlisted jobs on the company's domain: both pass evaluation, only the credit decides.
    const [a, b] = await Promise.all([
      requestReferral('noCredits', {
        companyId: MONSOON,
        jobUrl: 'https://careers.monsoon-learning.example.com/jobs/backend-1',
      }),
      requestReferral('noCredits', {
        companyId: MONSOON,
        jobUrl: 'https://careers.monsoon-learning.example.com/jobs/backend-2',
      }),
    ]);
    const types = [a.body.data!.type, b.body.data!.type].sort();
    expect(types).toEqual(['RequestAccepted', 'zeroReferral']);
    const holds = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userIdOf('noCredits')), eq(creditLedger.kind, 'hold')));
    expect(Number(holds[0]!.n)).toBe(1);
    expect(await balance('noCredits')).toBe(0);
    const [mirror] = await database.db
      .select({ count: users.referralCount })
      .from(users)
      .where(eq(users.id, userIdOf('noCredits')));
    expect(mirror!.count).toBe(0);
  });
});

describe('idempotent replays', () => {
  it('the same Idempotency-Key twice makes one request and answers the same', async () => {
    const body = {
      companyId: MONSOON,
      jobUrl: 'https://careers.monsoon-learning.example.com/jobs/idempotent-1',
    };
    const headers = { 'idempotency-key': 'referral-idempotent-0001' };
    const before = await balance('candidate');
    const first = await requestReferral('candidate', body, headers);
    const second = await requestReferral('candidate', body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const rows = await database.db
      .select({ id: referralRequests.id })
      .from(referralRequests)
      .where(eq(referralRequests.jobUrl, body.jobUrl));
    expect(rows).toHaveLength(1);
    expect(await balance('candidate')).toBe(before - 1);
  });

  it('a repeated decline with its key is replayed, not applied twice', async () => {
    const request = await acceptedRequest();
    const holder = await holderOf(request.id);
    const headers = { 'idempotency-key': `decline-${request.id}` };
    const body = { reason: 'roleFilled' };
    const first = await call(holder, 'POST', `/api/referrals/${request.id}/decline`, body, headers);
    const second = await call(
      holder,
      'POST',
      `/api/referrals/${request.id}/decline`,
      body,
      headers,
    );
    expect(first.status).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const offers = await database.db
      .select({ answer: referralOffers.answer })
      .from(referralOffers)
      .where(
        and(eq(referralOffers.requestId, request.id), inArray(referralOffers.answer, ['declined'])),
      );
    expect(offers).toHaveLength(1);
  });
});

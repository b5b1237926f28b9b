import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import { idempotencyKeys } from '../../server/db/schema';
import { requestHashOf } from '../../server/http/idempotency';
import { makeServer } from './helpers';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let alice: string;
let bob: string;
let applications = 0;
let failNext = false;
let notNow = false;

const ALICE = 'idem-alice-0001';
const BOB = 'idem-bob-0002';

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  alice = await auth.accessToken({ sub: ALICE });
  bob = await auth.accessToken({ sub: BOB });
  app = await makeServer('/nonexistent', database.db, auth.verifier);
  // A stand-in for any action route: counts how often its handler really ran.
  app.post('/api/test/apply', async (request, reply) => {
    if (failNext) {
      failNext = false;
      throw new Error('database unavailable');
    }
    if (notNow) {
      notNow = false;
      return reply.code(409).send({ errorMsg: 'Match scores are still processing' });
    }
    applications++;
    return reply.code(201).send({ applicationNo: applications, body: request.body });
  });
  app.patch('/api/test/profile', () => ({ ok: true }));
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const post = (
  key: string | undefined,
  body: object,
  { token = alice, url = '/api/test/apply' }: { token?: string | null; url?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: body,
  });

const rowsFor = (key: string) =>
  database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

describe('Idempotency-Key', () => {
  it('runs the action once and replays the first response for a repeat', async () => {
    const before = applications;
    const first = await post('apply-job-42-aaaa', { jobId: 'job-42' });
    const again = await post('apply-job-42-aaaa', { jobId: 'job-42' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(applications).toBe(before + 1);
  });

  it('refuses the same key for a different request with 422, running nothing', async () => {
    await post('apply-job-43-bbbb', { jobId: 'job-43' });
    const before = applications;
    const other = await post('apply-job-43-bbbb', { jobId: 'job-44' });
    expect(other.statusCode).toBe(422);
    expect(other.json<{ errorMsg: string }>().errorMsg).toMatch(/different request/);
    expect(applications).toBe(before);
  });

  it('compares bodies by value: the same body with its keys in another order is a replay', async () => {
    const first = await post('apply-job-51-order', {
      jobId: 'job-51',
      answers: { notice: 30, ctc: 12 },
      skills: ['go', 'sql'],
    });
    const before = applications;
    const reordered = await post('apply-job-51-order', {
      skills: ['go', 'sql'],
      answers: { ctc: 12, notice: 30 },
      jobId: 'job-51',
    });
    expect(reordered.statusCode).toBe(201);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.json()).toEqual(first.json());
    expect(applications).toBe(before);
    // Array order is part of the value: a different order is a different request.
    const swapped = await post('apply-job-51-order', {
      jobId: 'job-51',
      answers: { notice: 30, ctc: 12 },
      skills: ['sql', 'go'],
    });
    expect(swapped.statusCode).toBe(422);
  });

  it('does not remember a server error, so a retry runs the action', async () => {
    failNext = true;
    const failed = await post('apply-job-45-cccc', { jobId: 'job-45' });
    expect(failed.statusCode).toBe(500);
    const before = applications;
    const retry = await post('apply-job-45-cccc', { jobId: 'job-45' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(applications).toBe(before + 1);
  });

  it('runs every request that carries no key', async () => {
    const before = applications;
    await post(undefined, { jobId: 'job-46' });
    await post(undefined, { jobId: 'job-46' });
    expect(applications).toBe(before + 2);
  });

  it('forgets keys after 24 hours', async () => {
    await post('apply-job-47-dddd', { jobId: 'job-47' });
    await database.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, 'apply-job-47-dddd'));
    const before = applications;
    const later = await post('apply-job-47-dddd', { jobId: 'job-47' });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(applications).toBe(before + 1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    await database.db.insert(idempotencyKeys).values({
      key: 'apply-job-48-eeee',
      principal: ALICE,
      method: 'POST',
      path: '/api/test/apply',
      requestHash: requestHashOf('POST', '/api/test/apply', { jobId: 'job-48' }),
      statusCode: 0,
      createdAt: new Date(Date.now() - 10_000),
    });
    const before = applications;
    const res = await post('apply-job-48-eeee', { jobId: 'job-48' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/still being processed/);
    expect(applications).toBe(before);
  });

  it('lets a retry claim a key whose first claim outlived its 60 s lease (a crash mid-request)', async () => {
    // What a server that died after claiming the key and before storing the answer leaves.
    await database.db.insert(idempotencyKeys).values({
      key: 'apply-job-52-lease',
      principal: ALICE,
      method: 'POST',
      path: '/api/test/apply',
      requestHash: requestHashOf('POST', '/api/test/apply', { jobId: 'job-52' }),
      statusCode: 0,
      createdAt: new Date(Date.now() - 61_000),
    });
    const before = applications;
    const retry = await post('apply-job-52-lease', { jobId: 'job-52' });
    expect(retry.statusCode).toBe(201);
    expect(applications).toBe(before + 1);
    // The retry's answer is now the one stored and replayed.
    const again = await post('apply-job-52-lease', { jobId: 'job-52' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(retry.json());
    expect(applications).toBe(before + 1);
  });

  it('does not keep a 409 "not now": the retry with the same key runs the action', async () => {
    notNow = true;
    const first = await post('apply-job-50-ffff', { jobId: 'job-50' });
    expect(first.statusCode).toBe(409);
    const before = applications;
    const retry = await post('apply-job-50-ffff', { jobId: 'job-50' });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(applications).toBe(before + 1);
  });

  it('rejects a malformed key with 400', async () => {
    const res = await post('bad key!', { jobId: 'job-49' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/Idempotency-Key/);
  });

  it('applies to PATCH too', async () => {
    const send = () =>
      app.inject({
        method: 'PATCH',
        url: '/api/test/profile',
        headers: {
          authorization: `Bearer ${alice}`,
          'content-type': 'application/json',
          'idempotency-key': 'patch-profile-1',
        },
        payload: { ctc: 20 },
      });
    await send();
    expect((await send()).headers['idempotent-replayed']).toBe('true');
  });
});

describe('who may store a key', () => {
  it('stores nothing for an anonymous caller: the action runs every time', async () => {
    const before = applications;
    for (let i = 0; i < 3; i++) {
      const res = await post('anon-key-0001', { jobId: 'job-60' }, { token: null });
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(applications).toBe(before + 3);
    expect(await rowsFor('anon-key-0001')).toEqual([]);
  });

  it('treats an invalid token as anonymous: nothing stored', async () => {
    const stranger = await (await createTestAuth()).accessToken({ sub: ALICE });
    await post('forged-key-0001', { jobId: 'job-61' }, { token: stranger });
    expect(await rowsFor('forged-key-0001')).toEqual([]);
  });

  it('stores nothing for a route that does not exist, even when signed in', async () => {
    for (const url of ['/api/no-such-route', '/jobs-api/x/y', '/anything']) {
      const res = await post('unknown-route-1', { a: 1 }, { url });
      expect(res.statusCode).toBe(404);
    }
    expect(await rowsFor('unknown-route-1')).toEqual([]);
  });

  it("scopes keys by the verified user: another user's same key neither replays nor collides", async () => {
    const before = applications;
    const mine = await post('shared-key-0001', { jobId: 'job-62' }, { token: alice });
    const theirs = await post('shared-key-0001', { jobId: 'job-63' }, { token: bob });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201); // not 422: Bob's key is his own
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(applications).toBe(before + 2);
    const rows = await rowsFor('shared-key-0001');
    expect(rows.map((row) => row.principal).sort()).toEqual([ALICE, BOB].sort());
  });
});

describe('purging expired keys', () => {
  it('purges expired rows at start and then on a schedule, without the key coming back', async () => {
    const db = database.db;
    let clock = Date.now();
    const purgeApp = await buildServer({
      config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', PORT: '0' }),
      db,
      verifier: auth.verifier,
      tuning: { idempotency: { now: () => clock, purgeIntervalMs: 20 } },
    });
    const row = (key: string, createdAt: Date) => ({
      key,
      principal: 'purge-user',
      method: 'POST',
      path: '/api/test/apply',
      requestHash: 'x',
      statusCode: 201,
      createdAt,
    });
    const purgeUser = eq(idempotencyKeys.principal, 'purge-user');
    try {
      // Left by an earlier run: one a day and a half old, one fresh.
      await db
        .insert(idempotencyKeys)
        .values([
          row('old-before-start', new Date(clock - 36 * 3600_000)),
          row('fresh-key-00001', new Date(clock - 2 * 3600_000)),
        ]);
      await purgeApp.ready();
      const afterStart = await db.select().from(idempotencyKeys).where(purgeUser);
      expect(afterStart.map((r) => r.key)).toEqual(['fresh-key-00001']);

      // 23 hours pass on the server's clock: the schedule removes the row now 25 h old.
      clock += 23 * 3600_000;
      const deadline = Date.now() + 5_000;
      let left = afterStart;
      while (left.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        left = await db.select().from(idempotencyKeys).where(purgeUser);
      }
      expect(left).toEqual([]);
      // Rows made by the tests above (23 h old on this clock) are kept.
      const alicesFresh = await db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.principal, ALICE));
      expect(alicesFresh.length).toBeGreaterThan(0);
    } finally {
      await purgeApp.close();
    }
  });
});

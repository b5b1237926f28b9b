import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { idempotencyKeys } from '../../server/db/schema';
import { requestHashOf } from '../../server/http/idempotency';
import { makeServer } from './helpers';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let applications = 0;
let failNext = false;
let notNow = false;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await makeServer('/nonexistent', database.db);
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

const post = (key: string | undefined, body: object) =>
  app.inject({
    method: 'POST',
    url: '/api/test/apply',
    headers: {
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: body,
  });

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
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) });
    const before = applications;
    const later = await post('apply-job-47-dddd', { jobId: 'job-47' });
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(applications).toBe(before + 1);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    await database.db.insert(idempotencyKeys).values({
      key: 'apply-job-48-eeee',
      principal: 'anonymous',
      method: 'POST',
      path: '/api/test/apply',
      requestHash: requestHashOf('POST', '/api/test/apply', { jobId: 'job-48' }),
      statusCode: 0,
    });
    const before = applications;
    const res = await post('apply-job-48-eeee', { jobId: 'job-48' });
    expect(res.statusCode).toBe(409);
    expect(applications).toBe(before);
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
        headers: { 'content-type': 'application/json', 'idempotency-key': 'patch-profile-1' },
        payload: { ctc: 20 },
      });
    await send();
    expect((await send()).headers['idempotent-replayed']).toBe('true');
  });
});

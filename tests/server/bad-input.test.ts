/**
 * Bad input answers 400 with an errorMsg naming the problem, never 500 (issue 23 item 7): a NUL
 * byte anywhere (Postgres text cannot hold one), JSON nested too deep, an impossible date in a
 * well-formed paging cursor, and, as a last line of defence, any value the database itself
 * refuses. The fuzz test (input-fuzz.test.ts) covers every route; these pin the answers.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { encodeCursor, isRealTimestamp } from '../../server/http/cursor';
import { demoAccount } from '../../server/identity/demo-accounts';
import { makeServer } from './helpers';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let server: FastifyInstance;
let auth: TestAuth;

const candidate = demoAccount('candidate@example.com');
const corpAdmin = demoAccount('corp-admin@example.com');

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  server = await makeServer('/nonexistent', database.db, auth.verifier);
  // Real database errors, raised by the real driver, for the error handler's last line.
  server.get('/test/db-error/:kind', async (request) => {
    const { kind } = request.params as { kind: string };
    const queries: Record<string, ReturnType<typeof sql>> = {
      date: sql`SELECT ${'2024-02-30'}::date`,
      integer: sql`SELECT ${'twelve'}::int`,
      range: sql`SELECT ${'99999999999'}::int`,
      missing: sql`SELECT * FROM no_such_table`,
    };
    await database.db.execute(queries[kind]!);
    return { ok: true };
  });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

const bearer = async (who: { sub: string; group: string }) => ({
  authorization: `Bearer ${await auth.accessToken({ sub: who.sub, groups: [who.group] })}`,
});

const errorOf = (res: { json: <T>() => T }) => res.json<{ errorMsg: string }>().errorMsg;

describe('a NUL byte anywhere is a 400 naming the field', () => {
  it('in a query value', async () => {
    const res = await server.inject({ url: '/jobs-api/job/?searchText=%00' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'Invalid query: searchText: text must not contain the NUL character (\\u0000)',
    );
  });

  it('in a path parameter (a job id)', async () => {
    const res = await server.inject({ url: '/jobs-api/job/job-0001%00' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('Invalid params: id: text must not contain the NUL');
  });

  it('in profile text', async () => {
    const res = await server.inject({
      method: 'PATCH',
      url: `/api/user/${candidate.email}/profile`,
      headers: await bearer(candidate),
      payload: { about: 'Hello\u0000world' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('Invalid body: about: text must not contain the NUL');
  });

  it('deep inside a body, with the path to it', async () => {
    const res = await server.inject({
      method: 'POST',
      url: '/jobs-api/job/',
      headers: await bearer(corpAdmin),
      payload: { jobTitle: 'Engineer', location: { city: 'Pune', fullLocation: ['a', 'b\u0000'] } },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('Invalid body: location.fullLocation.1: text must not contain');
  });

  it('in a scope with its own JSON parser (saved jobs)', async () => {
    const res = await server.inject({
      method: 'PUT',
      url: '/api/saved-jobs/job-000001',
      headers: { ...(await bearer(candidate)), 'content-type': 'application/json' },
      payload: '{"note":"x\\u0000"}',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('Invalid body: note: text must not contain the NUL');
  });
});

describe('other shapes no route accepts', () => {
  it('a __proto__ query key', async () => {
    const res = await server.inject({ url: '/api/company?__proto__=x' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('__proto__ is not allowed');
  });

  it('a body nested deeper than any of ours, also with an Idempotency-Key (whose hash recursed)', async () => {
    const depth = 20_000;
    const res = await server.inject({
      method: 'PATCH',
      url: `/api/user/${candidate.email}/profile`,
      headers: {
        ...(await bearer(candidate)),
        'content-type': 'application/json',
        'idempotency-key': 'deep-nesting-0001',
      },
      payload: `{"about":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toContain('nested more than 20 levels deep');
  });
});

describe('paging cursors', () => {
  it('a well-formed lastKey with an impossible date is a 400, not a database error', async () => {
    for (const c of [
      '2024-02-30 10:00:00+00',
      '2026-13-01 10:00:00+00',
      '2026-01-01 25:00:00+00',
    ]) {
      const lastKey = encodeCursor({ c, i: 'job-000001' });
      const res = await server.inject({ url: `/jobs-api/job/?lastKey=${lastKey}` });
      expect(res.statusCode, c).toBe(400);
      expect(errorOf(res)).toBe('Invalid lastKey: it must be a value returned by a previous page');
    }
  });

  it('a lastKey carrying a NUL byte inside its JSON is a 400', async () => {
    const lastKey = encodeCursor({ n: 'Acme\u0000', i: 'x' });
    const res = await server.inject({ url: `/api/company?lastKey=${lastKey}` });
    expect(res.statusCode).toBe(400);
  });

  it('the cursors the server hands out still page (search and listing)', async () => {
    for (const url of [
      '/jobs-api/job/?pageSize=2',
      '/jobs-api/job/?pageSize=2&searchText=engineer',
    ]) {
      const first = await server.inject({ url });
      const { lastKey } = first.json<{ pagination: { lastKey: string } }>().pagination;
      expect(lastKey).toBeTruthy();
      const second = await server.inject({ url: `${url}&lastKey=${lastKey}` });
      expect(second.statusCode).toBe(200);
      expect(second.json<{ data: unknown[] }>().data).toHaveLength(2);
    }
  });

  it('isRealTimestamp: the dates Postgres prints, and no impossible ones', () => {
    for (const ok of [
      '2026-10-20 00:00:00+00',
      '2024-02-29 23:59:59.123456+05:30',
      '2026-01-31 12:00:00-03',
    ]) {
      expect(isRealTimestamp(ok), ok).toBe(true);
    }
    for (const bad of [
      '2023-02-29 00:00:00+00',
      '2026-04-31 00:00:00+00',
      '0000-01-01 00:00:00+00',
      '2026-01-01 24:00:00+00',
      '2026-01-01 00:60:00+00',
      '2026-01-01 00:00:60+00',
      '2026-01-01 00:00:00+16',
      '2026-01-01T00:00:00Z',
    ]) {
      expect(isRealTimestamp(bad), bad).toBe(false);
    }
  });
});

describe('a value the database refuses is still a 400 (last line of defence)', () => {
  it.each([
    ['date', 'Invalid input: a date or time is out of range'],
    ['integer', 'Invalid input: a value is not of the expected type'],
    ['range', 'Invalid input: a number is out of range'],
  ])('%s', async (kind, message) => {
    const res = await server.inject({ url: `/test/db-error/${kind}` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(message);
  });

  it('while a database error that is not about input stays a 500', async () => {
    const res = await server.inject({ url: '/test/db-error/missing' });
    expect(res.statusCode).toBe(500);
    expect(errorOf(res)).toBe('Something went wrong');
  });
});

/**
 * Whose bucket a request counts against (issue 23 item 5): signed-in callers by the verified
 * user, anonymous ones by address, and the address from X-Forwarded-For only when TRUST_PROXY
 * names the peer it came from.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import { rateLimitCounters } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let auth: TestAuth;
const servers: FastifyInstance[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await database.close();
});

async function server(env: Record<string, string> = {}) {
  // Each case starts from empty buckets. On Postgres the counters live in the database, shared
  // by every server process (issue 25), so an earlier case's server would otherwise still count.
  await database.db.delete(rateLimitCounters);
  const app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      PORT: '0',
      RATE_LIMIT_WRITES_PER_MINUTE: '3',
      ...env,
    }),
    db: database.db,
    verifier: auth.verifier,
  });
  servers.push(app);
  return app;
}

const PROXY = '10.0.0.5';

/** An application for a job that does not exist: rate-limited like any, and writes nothing. */
function apply(
  app: FastifyInstance,
  { token, from = PROXY, forwardedFor }: { token?: string; from?: string; forwardedFor?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/jobs-api/job-application/',
    remoteAddress: from,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    payload: { jobId: 'job-999999', companyName: 'X', jobPortal: 'referralhub' },
  });
}

async function statuses(count: number, send: () => Promise<{ statusCode: number }>) {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await send()).statusCode);
  return result;
}

const tokenOf = (email: string) => {
  const account = demoAccount(email);
  return auth.accessToken({ sub: account.sub, groups: [account.group] });
};

describe('rate limit buckets', () => {
  it('gives two signed-in users behind one address a bucket each', async () => {
    const app = await server();
    const candidate = await tokenOf('candidate@example.com');
    const other = await tokenOf('newcandidate@example.com');
    const first = await statuses(4, () => apply(app, { token: candidate }));
    expect(first.slice(0, 3)).not.toContain(429);
    expect(first[3]).toBe(429);
    // Same proxy address, another user: not in the first user's bucket.
    expect((await apply(app, { token: other })).statusCode).not.toBe(429);
    // And the first user is still limited from another address: the bucket is theirs.
    expect((await apply(app, { token: candidate, from: '10.0.0.6' })).statusCode).toBe(429);
  });

  it('counts a forged token by address, not by the user it names', async () => {
    const app = await server();
    const forged = await (
      await createTestAuth()
    ).accessToken({ sub: demoAccount('candidate@example.com').sub });
    const forgedRun = await statuses(4, () => apply(app, { token: forged, from: '10.0.0.7' }));
    expect(forgedRun[3]).toBe(429);
    // The real user is untouched by what was sent in their name.
    const real = await tokenOf('candidate@example.com');
    expect((await apply(app, { token: real, from: '10.0.0.7' })).statusCode).not.toBe(429);
  });

  it('with TRUST_PROXY naming the proxy, X-Forwarded-For tells anonymous clients apart', async () => {
    const app = await server({ TRUST_PROXY: `${PROXY}, 127.0.0.1` });
    const a = await statuses(4, () => apply(app, { forwardedFor: '203.0.113.1' }));
    expect(a.slice(0, 3)).toEqual([401, 401, 401]);
    expect(a[3]).toBe(429);
    expect((await apply(app, { forwardedFor: '203.0.113.2' })).statusCode).toBe(401);
    // The in-house limiter of the contact form reads the same address.
    const contact = (client: string) =>
      app.inject({
        method: 'POST',
        url: '/api/contact-requests',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
        payload: {},
      });
    const formA = await statuses(6, () => contact('203.0.113.1'));
    expect(formA[5]).toBe(429);
    expect((await contact('203.0.113.2')).statusCode).toBe(400);
  });

  it('ignores X-Forwarded-For from a peer that is not the configured proxy', async () => {
    const app = await server({ TRUST_PROXY: PROXY });
    const spoofing = (i: number) =>
      apply(app, { from: '198.51.100.9', forwardedFor: `203.0.113.${i}` });
    const run = [];
    for (let i = 1; i <= 4; i++) run.push((await spoofing(i)).statusCode);
    expect(run[3]).toBe(429);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For: everyone behind the proxy is one client', async () => {
    const app = await server();
    const a = await statuses(3, () => apply(app, { forwardedFor: '203.0.113.1' }));
    expect(a).toEqual([401, 401, 401]);
    expect((await apply(app, { forwardedFor: '203.0.113.2' })).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY configuration', () => {
  it('reads empty as off and a list of addresses, ranges and named ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' ' }).TRUST_PROXY).toBe(false);
    expect(
      loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1, fd00::/8, loopback' }).TRUST_PROXY,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses values that would trust everyone, nobody, or something unknown', () => {
    for (const bad of ['true', '1', '*', 'proxy.internal', '10.0.0.0/33', '10.0.0.1/8/2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

/**
 * Web Push from the server (issue 8) against a local push service on loopback (https, with a
 * certificate made for the run). The test decrypts what arrives itself, following RFC 8291
 * (aes128gcm, RFC 8188) with the subscription's private key and auth secret, and checks the
 * VAPID signature (RFC 8292), so it fails if the server's messages could not be read by a browser.
 * The push service and the decryption are shared with push-triggers.test.ts
 * (support/push-service.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import { createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import { jobs, pushSubscriptions, savedJobs } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { isPrivateHost } from '../../server/push/routes';
import {
  decryptPush,
  startPushService,
  subscribeThroughApi,
  type LocalPushService,
} from './support/push-service';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let pushService: LocalPushService;
let pushOrigin: string;
let dataDir: string;
let token: string;
let jobRow: typeof jobs.$inferSelect;

const candidate = demoAccount('candidate@example.com');
const received = () => pushService.received;

function subscribe(endpointPath: string) {
  return subscribeThroughApi(app, token, `${pushOrigin}${endpointPath}`);
}

beforeAll(async () => {
  pushService = await startPushService();
  pushOrigin = pushService.origin;

  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-push-'));
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    db: database.db,
    verifier: auth.verifier,
    testPushService: { agent: pushService.agent },
  });
  token = await auth.accessToken({ sub: candidate.sub, groups: [candidate.group] });
  const [row] = await database.db.select().from(jobs).where(eq(jobs.status, 'PUBLISHED')).limit(1);
  if (!row) throw new Error('no seeded job');
  jobRow = row;
});
afterAll(async () => {
  await app.close();
  await database.close();
  await pushService.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  pushService.received.length = 0;
  await database.db.delete(pushSubscriptions);
});

describe('VAPID keys and subscriptions', () => {
  it('makes the VAPID key pair once and keeps it in DATA_DIR', async () => {
    const first = await app.inject({ url: '/api/push/public-key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ data: { publicKey: string } }>().data;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65); // an uncompressed P-256 point
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8')) as {
      publicKey: string;
    };
    expect(stored.publicKey).toBe(publicKey);

    // A restarted server (same DATA_DIR) keeps the same key: subscriptions stay valid.
    const restarted = await buildServer({
      config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      db: database.db,
      verifier: auth.verifier,
    });
    const again = await restarted.inject({ url: '/api/push/public-key' });
    expect(again.json<{ data: { publicKey: string } }>().data.publicKey).toBe(publicKey);
    await restarted.close();
  });

  it('stores subscriptions per user, and refuses bad ones without a 500', async () => {
    const unauthenticated = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: {},
    });
    expect(unauthenticated.statusCode).toBe(401);
    for (const payload of [
      {},
      {
        endpoint: 'http://push.example.com/x',
        keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) },
      },
      {
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: 'not base64!'.repeat(3), auth: 'b'.repeat(22) },
      },
      { endpoint: 'not a url', keys: {} },
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/Invalid subscription/);
    }
    await subscribe('/push/device-1');
    await subscribe('/push/device-1'); // the browser re-subscribing: still one row
    const rows = await database.db.select().from(pushSubscriptions);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.userId).toBe(candidate.sub);

    const removed = await app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: { authorization: `Bearer ${token}` },
      payload: { endpoint: `${pushOrigin}/push/device-1` },
    });
    expect(removed.statusCode).toBe(204);
    expect(await database.db.select().from(pushSubscriptions)).toHaveLength(0);
  });

  it('treats loopback and private addresses as no push service', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.9',
      '[::1]',
      '169.254.1.1',
    ])
      expect(isPrivateHost(host), host).toBe(true);
    for (const host of ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '8.8.8.8'])
      expect(isPrivateHost(host), host).toBe(false);
  });
});

describe('notifications', () => {
  it('sends a saved job change encrypted for the subscription (RFC 8291) and signed (RFC 8292)', async () => {
    const keys = await subscribe('/push/device-2');
    await database.db
      .insert(savedJobs)
      .values({ userId: candidate.sub, jobId: jobRow.id })
      .onConflictDoNothing();

    // Nothing that matters changed: nothing is sent.
    expect(
      await app.notifications.savedJobChanged(jobRow, { ...jobRow, department: 'Other' }),
    ).toBe(0);
    const reached = await app.notifications.savedJobChanged(jobRow, {
      ...jobRow,
      status: 'CLOSED',
    });
    expect(reached).toBe(1);
    expect(received()).toHaveLength(1);
    const [message] = received();
    expect(message?.path).toBe('/push/device-2');
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message?.headers.ttl)).toBeGreaterThan(0);

    const payload = JSON.parse(decryptPush(message?.body ?? Buffer.alloc(0), keys)) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({
      title: 'A saved job has closed',
      body: `${jobRow.jobTitle} at ${jobRow.companyName} is no longer open.`,
      jobId: jobRow.id,
      url: expect.stringMatching(new RegExp(`^/jobs/[^/]+/${jobRow.id}$`)) as unknown,
    });

    // VAPID: "vapid t=<JWT>, k=<public key>", the JWT signed by that key for this push service.
    const authorization = String(message?.headers.authorization);
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
    expect(match).not.toBeNull();
    const publicKey = Buffer.from(match?.[2] ?? '', 'base64url');
    const spki = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: publicKey.subarray(1, 33).toString('base64url'),
        y: publicKey.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    }).export({ type: 'spki', format: 'pem' }) as string;
    const { payload: claims } = await jwtVerify(match?.[1] ?? '', await importSPKI(spki, 'ES256'));
    expect(claims.aud).toBe(pushOrigin);
    expect(claims.sub).toMatch(/^mailto:/);
  });

  it('tells an applicant about a state change, and nobody else', async () => {
    const keys = await subscribe('/push/device-3');
    const reached = await app.notifications.applicationStateChanged({
      job: jobRow,
      userEmail: 'CANDIDATE@example.com',
      status: 'SHORTLISTED',
    });
    expect(reached).toBe(1);
    const payload = JSON.parse(decryptPush(received()[0]?.body ?? Buffer.alloc(0), keys)) as {
      body: string;
    };
    expect(payload.body).toContain('is now shortlisted');
    expect(
      await app.notifications.applicationStateChanged({
        job: jobRow,
        userEmail: 'nobody@example.com',
        status: 'SHORTLISTED',
      }),
    ).toBe(0);
  });

  it('deletes a subscription the push service says is gone (410)', async () => {
    await subscribe('/gone/device-4');
    await subscribe('/push/device-5');
    await database.db
      .insert(savedJobs)
      .values({ userId: candidate.sub, jobId: jobRow.id })
      .onConflictDoNothing();
    const reached = await app.notifications.savedJobChanged(jobRow, {
      ...jobRow,
      salaryMax: (jobRow.salaryMax ?? 0) + 5,
    });
    expect(reached).toBe(1);
    expect(
      received()
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/gone/device-4', '/push/device-5']);
    const left = await database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, candidate.sub)));
    expect(left.map((row) => row.endpoint)).toEqual([`${pushOrigin}/push/device-5`]);
  });
});

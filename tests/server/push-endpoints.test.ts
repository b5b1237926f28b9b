/**
 * Issue 23 item 8: the push-endpoint blocklist compared host names as text, so `localhost.`,
 * `127.0.0.1.nip.io`, 100.64/10, NAT64 and the host's own address were all accepted, and the
 * server then POSTed wherever they pointed. Now: only the browsers' push services are stored,
 * and the connecting agent's lookup refuses any name that resolves to a non-public address.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LookupAddress } from 'node:dns';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest, type Agent } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import { pushSubscriptions } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import {
  createGuardedLookup,
  isKnownPushService,
  isPublicAddress,
} from '../../server/push/address-check';
import { createGuardedAgent, createPushSender } from '../../server/push/push-sender';
import { resolveVapidKeys } from '../../server/push/vapid-keys';
import { newBrowserKeys, startPushService, type LocalPushService } from './support/push-service';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

describe('isPublicAddress', () => {
  const notPublic = [
    // IPv4
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '100.64.0.1', // carrier-grade NAT
    '100.127.255.254',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.169.254', // cloud metadata
    '172.16.0.1',
    '172.31.255.255',
    '192.0.0.8',
    '192.0.2.1',
    '192.168.1.1',
    '198.18.0.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1', // multicast
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    // IPv6
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1', // IPv4-mapped loopback
    '::ffff:7f00:1', // the same, in hex
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '::127.0.0.1', // IPv4-compatible
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b::8.8.8.8', // NAT64 of anything: a translator inside the network
    '64:ff9b:1::1',
    '100::1',
    '2001::1', // Teredo
    '2001:db8::1',
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'fe80::1%eth0',
    'fec0::1',
    'ff02::1',
    // Not addresses at all
    'localhost',
    'fcm.googleapis.com',
    '127.0.0.1.nip.io',
    '',
  ];
  const isPublic = [
    '8.8.8.8',
    '1.1.1.1',
    '142.250.183.10',
    '100.63.255.255', // just below 100.64/10
    '100.128.0.1', // just above it
    '172.15.255.255',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '2607:f8b0:4004:c1b::5f', // Google
    '2a02:26f0::1',
  ];
  it.each(notPublic)('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(isPublic)('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('isKnownPushService', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://web.push.apple.com/QGx', true],
    ['https://wns2-bl2p.notify.windows.com/w/?token=abc', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false], // not https
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false], // another port
    ['https://user:pw@fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com./fcm/send/abc', false], // trailing dot
    ['https://fcm.googleapis.com.evil.example/x', false],
    ['https://evilfcm.googleapis.com/x', false],
    ['https://push.apple.com.evil.example/x', false],
    ['https://evilpush.apple.com/x', false],
    ['https://localhost./x', false],
    ['https://127.0.0.1.nip.io/x', false],
    ['https://100.64.0.1/x', false],
    ['https://[64:ff9b::7f00:1]/x', false],
    ['https://push.example.com/x', false],
    ['not a url', false],
  ])('%s → %s', (endpoint, expected) => {
    expect(isKnownPushService(endpoint)).toBe(expected);
  });
});

describe('the guarded lookup', () => {
  const answer = (addresses: LookupAddress[]) =>
    createGuardedLookup((_host, _options, callback) => callback(null, addresses));
  const run = (lookup: ReturnType<typeof createGuardedLookup>, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; result: unknown }>((resolve) =>
      lookup('push.example', { all }, (error, address, family) =>
        resolve({ error, result: all ? address : { address, family } }),
      ),
    );

  it('passes public answers through, in both lookup forms', async () => {
    const lookup = answer([{ address: '142.250.183.10', family: 4 }]);
    expect(await run(lookup, false)).toEqual({
      error: null,
      result: { address: '142.250.183.10', family: 4 },
    });
    expect((await run(lookup, true)).result).toEqual([{ address: '142.250.183.10', family: 4 }]);
  });

  it('refuses a name with any non-public address among its answers', async () => {
    for (const addresses of [
      [{ address: '127.0.0.1', family: 4 }],
      [
        { address: '142.250.183.10', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
      [{ address: '::ffff:127.0.0.1', family: 6 }],
      [{ address: '64:ff9b::a00:1', family: 6 }],
      [],
    ]) {
      const { error } = await run(answer(addresses), false);
      expect(error?.code, JSON.stringify(addresses)).toBe('EPUSHADDRESS');
    }
  });
});

describe('sending', () => {
  let pushService: LocalPushService;
  let database: DatabaseHandle;
  let dataDir: string;

  beforeAll(async () => {
    pushService = await startPushService();
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-push-endpoints-'));
  });
  afterAll(async () => {
    await database.close();
    await pushService.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function post(url: string, agent: Agent): Promise<number | string> {
    return new Promise((resolve) => {
      const req = httpsRequest(url, { method: 'POST', agent }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      req.end('x');
    });
  }

  it('the guarded agent will not connect to a name that resolves to loopback', async () => {
    const port = new URL(pushService.origin).port;
    pushService.received.length = 0;
    // The same service and certificate: the ordinary agent gets through, the guarded one not.
    expect(await post(`https://127.0.0.1:${port}/ok`, pushService.agent)).toBe(201);
    const guarded = createGuardedAgent();
    expect(await post(`https://localhost:${port}/blocked`, guarded)).toBe('EPUSHADDRESS');
    guarded.destroy();
    expect(pushService.received.map((message) => message.path)).toEqual(['/ok']);
  });

  it('sends nothing to a stored endpoint that is not a push service, and forgets it', async () => {
    const { db } = database;
    const keys = newBrowserKeys();
    const userId = demoAccount('candidate@example.com').sub;
    await db.insert(pushSubscriptions).values({
      id: 'stored-before-the-rule',
      userId,
      endpoint: `${pushService.origin}/push/old`,
      p256dh: keys.ecdh.getPublicKey().toString('base64url'),
      auth: keys.auth.toString('base64url'),
    });
    pushService.received.length = 0;
    const sender = createPushSender({
      db,
      vapidKeys: () => resolveVapidKeys(dataDir),
      subject: 'mailto:test@example.com',
    });
    expect(await sender.sendToUsers([userId], { title: 't', body: 'b', url: '/' })).toBe(0);
    expect(pushService.received).toEqual([]);
    expect(
      await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, 'stored-before-the-rule')),
    ).toEqual([]);
  });
});

describe('POST /api/push/subscriptions without a test push service', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let token: string;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'rh-push-routes-'));
    const auth = await createTestAuth();
    app = await buildServer({
      config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      db: database.db,
      verifier: auth.verifier,
    });
    const candidate = demoAccount('candidate@example.com');
    token = await auth.accessToken({ sub: candidate.sub, groups: [candidate.group] });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const subscribe = (endpoint: string) =>
    app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { authorization: `Bearer ${token}` },
      payload: { endpoint, keys: { p256dh: 'a'.repeat(87), auth: 'b'.repeat(22) } },
    });

  it('stores subscriptions of the known push services', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/device-a',
      'https://updates.push.services.mozilla.com/wpush/v2/device-b',
      'https://web.push.apple.com/device-c',
      'https://wns2-par02p.notify.windows.com/w/?token=device-d',
    ]) {
      expect((await subscribe(endpoint)).statusCode, endpoint).toBe(201);
    }
  });

  it('refuses every other endpoint with a 400', async () => {
    for (const endpoint of [
      'https://localhost./push/x',
      'https://127.0.0.1.nip.io/push/x',
      'https://100.64.0.1/push/x',
      'https://[64:ff9b::7f00:1]/push/x',
      'https://[::ffff:127.0.0.1]/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://push.example.com/x',
      'https://fcm.googleapis.com:444/fcm/send/x',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<{ errorMsg: string }>().errorMsg).toMatch(/not a push service/);
    }
  });
});

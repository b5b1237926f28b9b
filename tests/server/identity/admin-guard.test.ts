/**
 * Issue 23 item 8: the identity stand-in's administrative side (`/_dev/*`, and the user-pool
 * actions real Cognito serves only with AWS credentials) answered any origin with CORS and no
 * credentials, and its errors came back as stack traces. Real stand-in, real HTTP.
 */
import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRefusal } from '../../../server/identity/admin-guard';
import { startStandinFixture, type StandinFixture } from './standin-fixture';

const EVIL = 'http://evil.example';
const APP = 'http://localhost:5173';

let fixture: StandinFixture;
let endpoint: URL;

beforeAll(async () => {
  fixture = await startStandinFixture();
  endpoint = new URL(fixture.standin.endpoint);
});
afterAll(async () => {
  await fixture.stop();
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

/** A request with exactly these headers (fetch adds and forbids some). */
function send(options: {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: endpoint.hostname,
        port: endpoint.port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function call(target: string, body: unknown, headers: Record<string, string> = {}) {
  return send({
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const listUsers = (headers?: Record<string, string>) =>
  call('ListUsers', { UserPoolId: fixture.standin.userPoolId }, headers);

describe('the administrative actions', () => {
  it('answer a local tool (no Origin) and a page of the stand-in itself', async () => {
    expect((await listUsers()).status).toBe(200);
    expect((await listUsers({ origin: endpoint.origin })).status).toBe(200);
  });

  it('refuse a page of another origin, without CORS headers, and do nothing', async () => {
    const email = 'planted@example.com';
    const created = await call(
      'AdminCreateUser',
      {
        UserPoolId: fixture.standin.userPoolId,
        Username: email,
        TemporaryPassword: 'Planted-Passw0rd!',
        MessageAction: 'SUPPRESS',
      },
      { origin: EVIL },
    );
    expect(created.status).toBe(403);
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(created.text)).toMatchObject({ __type: 'AccessDeniedException' });
    // The app's own origin is another origin too: it has no business with admin actions.
    for (const origin of [EVIL, APP, 'null']) {
      const listed = await listUsers({ origin });
      expect(listed.status, origin).toBe(403);
      expect(listed.text).not.toContain('candidate@example.com');
    }
    expect((await listUsers()).text).not.toContain(email);
  });

  it('refuse a page that re-pointed its own name at the stand-in (DNS rebinding)', async () => {
    const rebound = { host: `rebind.evil.example:${endpoint.port}` };
    expect((await listUsers(rebound)).status).toBe(403);
    expect(
      (await listUsers({ ...rebound, origin: `http://rebind.evil.example:${endpoint.port}` }))
        .status,
    ).toBe(403);
  });
});

describe('the /_dev endpoints', () => {
  it('answer local tools and refuse other origins and rebound names', async () => {
    expect((await send({ path: '/_dev/codes' })).status).toBe(200);
    expect((await send({ path: '/_dev/codes', headers: { origin: EVIL } })).status).toBe(403);
    expect(
      (await send({ path: '/_dev/codes', headers: { host: `evil.example:${endpoint.port}` } }))
        .status,
    ).toBe(403);
    // A cross-site form post: refused before the form is read.
    const form = await send({
      method: 'POST',
      path: '/_dev/redirect-urls',
      headers: { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'url=http%3A%2F%2Flocalhost%3A1%2F',
    });
    expect(form.status).toBe(403);
  });
});

describe('the browser actions', () => {
  it('still answer the app on its own origin, with CORS', async () => {
    const res = await call(
      'InitiateAuth',
      {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: fixture.standin.clientId,
        AuthParameters: { USERNAME: 'candidate@example.com', PASSWORD: 'wrong-password-1A!' },
      },
      { origin: APP },
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({ __type: 'NotAuthorizedException' });
    expect(res.headers['access-control-allow-origin']).toBeDefined();
  });
});

describe('errors', () => {
  it('come back in words, without a stack trace', async () => {
    for (const res of [
      await call('InitiateAuth', '{not json'),
      await call('ListUsers', '{not json'),
      await call('SignUp', { ClientId: fixture.standin.clientId, Username: 5, Password: 5 }),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.text).not.toMatch(/\bat .*\(|node_modules|<pre>|SyntaxError/);
      expect(JSON.parse(res.text)).toEqual({
        __type: expect.any(String) as string,
        message: expect.any(String) as string,
      });
    }
  });
});

describe('adminRefusal', () => {
  const req = (remoteAddress: string, headers: Record<string, string>) =>
    ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  it.each([
    ['127.0.0.1', { host: '127.0.0.1:9229' }, null],
    ['::1', { host: '[::1]:9229' }, null],
    ['::ffff:127.0.0.1', { host: 'localhost:9229', origin: 'http://localhost:9229' }, null],
    ['192.168.1.20', { host: '127.0.0.1:9229' }, 'only callers on this machine'],
    ['127.0.0.1', { host: '192.168.1.20:9229' }, 'only through a loopback address'],
    ['127.0.0.1', {}, 'only through a loopback address'],
    [
      '127.0.0.1',
      { host: 'localhost:9229', origin: 'http://localhost:5173' },
      'not from another origin',
    ],
  ])('%s %j → %s', (address, headers, expected) => {
    expect(adminRefusal(req(address, headers))).toBe(expected);
  });
});

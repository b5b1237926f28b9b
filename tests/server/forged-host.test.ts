/**
 * Issue 23 item 8: with PUBLIC_ORIGIN unset, the Host header flowed into the signed upload URL
 * and the sign-in return URLs, so a forged Host made the server hand out links to another site.
 * Real requests over a socket to the listening server, with a Host of the attacker's choosing.
 */
import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { testConfig } from './support/test-config';
import type { DatabaseHandle } from '../../server/db/client';
import { demoAccount } from '../../server/identity/demo-accounts';
import { makeCvServer, type CvTestServer } from './support/cv-server';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const FORGED = 'evil.example';
const candidate = demoAccount('candidate@example.com');
const identityClient = {
  region: 'ap-south-1',
  userPoolId: 'ap-south-1_TestPool1',
  userPoolClientId: 'client',
  oauthDomain: 'auth.referralhub.example',
};

let database: DatabaseHandle;
let auth: TestAuth;
let cvServer: CvTestServer;

/** A request over the socket with the Host header set as given (fetch will not forge one). */
function send(
  app: FastifyInstance,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; json: unknown }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: FORGED, 'x-forwarded-host': FORGED, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  cvServer = await makeCvServer(database, auth);
});
afterAll(async () => {
  await cvServer.close();
  await database.close();
});

describe('a forged Host header', () => {
  it('does not reach the signed upload URL', async () => {
    const port = await listen(cvServer.app);
    const token = await auth.accessToken({ sub: candidate.sub, groups: [candidate.group] });
    const authorization = `Bearer ${token}`;
    const details = await send(cvServer.app, {
      path: '/api/user/basic-details',
      headers: { authorization },
    });
    const { userId } = (details.json as { data: { userId: string } }).data;
    const res = await send(cvServer.app, {
      method: 'POST',
      path: '/api/file/gsu2u/USER_RESUME',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        userId,
        resumeUserFileName: 'cv.pdf',
        resumeFileMimeType: 'application/pdf',
      }),
    });
    expect(res.status).toBe(200);
    // A path on the page's own origin, with no host a client could have chosen.
    const link = (res.json as { awsS3SignedUrl: string }).awsS3SignedUrl;
    expect(link).toMatch(/^\/storage\//);
    expect(link).not.toContain('evil');
    expect(port).toBeGreaterThan(0);
  });

  it('does not reach the sign-in return URLs', async () => {
    const app = await buildServer({
      config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' }),
      identityClient,
    });
    await listen(app);
    const res = await send(app, { path: '/api/client-config' });
    await app.close();
    // Paths the app resolves against its own origin; the identity provider checks the result.
    const { oauth } = (res.json as { identity: { oauth: Record<string, string[]> } }).identity;
    expect(oauth.redirectSignIn).toEqual(['/auth/checkRedirection']);
    expect(oauth.redirectSignOut).toEqual(['/']);
  });

  it('gives way to PUBLIC_ORIGIN when it is set', async () => {
    const app = await buildServer({
      config: testConfig({
        DIST_DIR: '/nonexistent',
        LOG_LEVEL: 'silent',
        PUBLIC_ORIGIN: 'http://jobs.referralhub.test',
      }),
      identityClient,
    });
    await listen(app);
    const res = await send(app, { path: '/api/client-config' });
    await app.close();
    const { oauth } = (res.json as { identity: { oauth: Record<string, string[]> } }).identity;
    expect(oauth.redirectSignIn).toEqual(['http://jobs.referralhub.test/auth/checkRedirection']);
  });
});

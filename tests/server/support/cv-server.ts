/**
 * A server with the upload and CV routes, its DATA_DIR (signing secret, objects) in a fresh
 * temporary folder, plus the small request helpers the file and CV tests share.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../../../server/app';
import { testConfig } from './test-config';
import type { DatabaseHandle } from '../../../server/db/client';
import type { DemoAccount } from '../../../server/identity/demo-accounts';
import type { TestAuth } from './test-auth';

export interface CvTestServer {
  app: FastifyInstance;
  dataDir: string;
  close: () => Promise<void>;
}

/** `dataDir`: another server's folder (its stored objects), as after a restart; kept on close. */
export async function makeCvServer(
  database: DatabaseHandle,
  auth: TestAuth,
  { dataDir: sharedDir }: { dataDir?: string } = {},
): Promise<CvTestServer> {
  const dataDir = sharedDir ?? mkdtempSync(path.join(tmpdir(), 'rh-cv-'));
  const config = testConfig({
    DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
  });
  const app = await buildServer({ config, db: database.db, verifier: auth.verifier });
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      if (!sharedDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SignedUrlResponse {
  awsS3SignedUrl: string;
  awsS3Tag: string;
  cloudFileName: string;
}

export function requester(app: FastifyInstance, auth: TestAuth) {
  const bearer = async (who: DemoAccount) => ({
    authorization: `Bearer ${await auth.accessToken({ sub: who.sub, groups: [who.group] })}`,
  });
  let calls = 0;
  const nextAddress = () => {
    calls += 1;
    return `10.0.${Math.floor(calls / 250)}.${calls % 250}`;
  };
  return {
    async userId(who: DemoAccount): Promise<string> {
      const res = await app.inject({ url: '/api/user/basic-details', headers: await bearer(who) });
      return res.json<{ data: { userId: string } }>().data.userId;
    },
    async signedUrl(who: DemoAccount, body: Record<string, unknown>) {
      return app.inject({
        method: 'POST',
        url: '/api/file/gsu2u/USER_RESUME',
        headers: await bearer(who),
        payload: body,
        remoteAddress: nextAddress(),
      });
    },
    /**
     * PUTs raw bytes to a signed URL (absolute, as the API returns it). Upload calls come from
     * an address of their own unless one is given, so the upload rate limit (per address) stays
     * out of the tests that are not about it.
     */
    put(url: string, bytes: Buffer, contentType = 'application/pdf', from?: string) {
      const { pathname, search } = new URL(url, 'http://localhost');
      return app.inject({
        method: 'PUT',
        url: `${pathname}${search}`,
        headers: { 'content-type': contentType },
        payload: bytes,
        remoteAddress: from ?? nextAddress(),
      });
    },
    async patchCv(who: DemoAccount, email: string, body: Record<string, unknown>, key?: string) {
      return app.inject({
        method: 'PATCH',
        url: `/api/user/${encodeURIComponent(email)}/cv`,
        headers: { ...(await bearer(who)), ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      });
    },
    async get(who: DemoAccount, url: string) {
      return app.inject({ url, headers: await bearer(who) });
    },
  };
}

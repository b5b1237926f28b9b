/**
 * The server most API tests start: the app on a fresh test database, verifying the tokens of
 * the test's own key pair, without a built dist/ and with logs off. `env` adds settings (e.g.
 * a higher write limit for tests that make dozens of writes from one address); `dataDirPrefix`
 * gives it a temporary DATA_DIR (stored objects, signing secret), removed by close().
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer, type BuildServerOptions } from '../../../server/app';
import type { DatabaseHandle } from '../../../server/db/client';
import { createTestAuth, type TestAuth } from './test-auth';
import { testConfig } from './test-config';
import { openTestDatabase } from './test-database';

export interface ApiTestServer {
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly auth: TestAuth;
  /** The temporary DATA_DIR, when one was asked for. */
  readonly dataDir: string | undefined;
  close(): Promise<void>;
}

export interface ApiTestServerOptions extends Omit<
  BuildServerOptions,
  'config' | 'db' | 'verifier'
> {
  readonly env?: Record<string, string>;
  readonly dataDirPrefix?: string;
}

export async function startApiServer({
  env = {},
  dataDirPrefix,
  ...options
}: ApiTestServerOptions = {}): Promise<ApiTestServer> {
  const dataDir = dataDirPrefix ? mkdtempSync(path.join(tmpdir(), dataDirPrefix)) : undefined;
  const database = await openTestDatabase();
  const auth = await createTestAuth();
  const app = await buildServer({
    ...options,
    config: testConfig({
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    }),
    db: database.db,
    verifier: auth.verifier,
  });
  return {
    app,
    database,
    auth,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

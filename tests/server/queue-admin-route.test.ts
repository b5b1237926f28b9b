/**
 * GET /api/admin/jobs (issue 25: the queue's counts and dead letters) per role, spec §6: a site
 * admin reads it; an evaluator, a corporate admin, a recruiter and a candidate are refused (403);
 * nobody signed in gets 401. The admin's answer holds a real dead letter made on the same queue.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { demoAccount } from '../../server/identity/demo-accounts';
import { JobQueue } from '../../server/queue/job-queue';
import { JobQueueErrors } from '../../src/domain/contract/job-queue';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { testConfig } from './support/test-config';
import { openTestDatabase } from './support/test-database';

const silent = { info: () => {}, warn: () => {}, error: () => {} };
const DEAD_KIND = 'admin-route-test-dead';

let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-queue-admin-'));
  database = await openTestDatabase();
  auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
    db: database.db,
    verifier: auth.verifier,
  });
  await app.ready();
  // A job that fails at once with no retries: a dead letter in the shared job table.
  const other = new JobQueue(database.db, { log: silent, pollIntervalMs: 100 });
  other.define<{ n: number }>({
    name: DEAD_KIND,
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    concurrency: 1,
    handler: () => Promise.reject(new Error('always fails')),
  });
  await other.start();
  await other.send(database.db, { name: DEAD_KIND }, { n: 1 });
  await other.settle();
  await other.stop();
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function asAccount(email: string | null) {
  const headers: Record<string, string> = {};
  if (email) {
    const account = demoAccount(email);
    const token = await auth.accessToken({ sub: account.sub, groups: [account.group] });
    headers.authorization = `Bearer ${token}`;
  }
  return app.inject({ url: '/api/admin/jobs', headers });
}

describe('GET /api/admin/jobs', () => {
  it('answers a site admin with the counts and the dead letters', async () => {
    const res = await asAccount('admin@example.com');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{
      data: {
        counts: Record<string, Record<string, number>>;
        deadLetters: { kind: string; error: string | null; attempts: number }[];
      };
    }>();
    expect(data.counts[DEAD_KIND]?.failed).toBe(1);
    expect(data.deadLetters).toContainEqual(
      expect.objectContaining({ kind: DEAD_KIND, error: 'always fails', attempts: 1 }),
    );
  });

  it.each([
    ['an evaluator', 'evaluator@example.com'],
    ['a corporate admin', 'corp-admin@example.com'],
    ['a recruiter', 'recruiter@example.com'],
    ['a candidate', 'candidate@example.com'],
  ])('refuses %s (403)', async (_who, email) => {
    const res = await asAccount(email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errorMsg: JobQueueErrors.adminsOnly });
  });

  it('refuses a caller who is not signed in (401), showing nothing', async () => {
    const res = await asAccount(null);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(DEAD_KIND);
  });
});

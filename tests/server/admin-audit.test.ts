/**
 * The audit log (issue 21 item 5) through the real API on a real PGlite: rows written by
 * recordAudit come back newest first with the actor's name, filtered and paged; only site admins
 * may read them (an evaluator, a corporate admin, a candidate and nobody are refused).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/admin/audit';
import type { DatabaseHandle } from '../../server/db/client';
import { demoAccount } from '../../server/identity/demo-accounts';
import {
  AUDIT_PAGE_SIZE,
  AuditErrors,
  type AuditPage,
} from '../../src/domain/contract/admin-audit';
import { startApiServer, type ApiTestServer } from './support/api-server';
import { demoTokens } from './support/demo-tokens';
import type { TestAuth } from './support/test-auth';

const admin = demoAccount('admin@example.com');
const tokens: Record<string, string> = {};
let server: ApiTestServer;
let database: DatabaseHandle;
let app: FastifyInstance;
let auth: TestAuth;

const read = (who: string | null, query = '') =>
  app.inject({
    url: `/api/admin/audit${query}`,
    headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
  });

beforeAll(async () => {
  server = await startApiServer();
  ({ database, auth, app } = server);
  Object.assign(
    tokens,
    await demoTokens(auth, [
      'admin@example.com',
      'evaluator@example.com',
      'corp-admin@example.com',
      'candidate@example.com',
    ]),
  );
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/admin/audit', () => {
  it('refuses everyone but site admins', async () => {
    for (const who of [
      'evaluator@example.com',
      'corp-admin@example.com',
      'candidate@example.com',
    ]) {
      const res = await read(who);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ errorMsg: AuditErrors.adminsOnly });
    }
    expect((await read(null)).statusCode).toBe(401);
  });

  it('lists actions newest first with the actor, before and after, filtered and paged', async () => {
    const { db } = database;
    await recordAudit(db, {
      actorId: admin.sub,
      actorRole: 'admin',
      action: 'job.approve',
      subjectType: 'job',
      subjectId: 'job-audit-1',
      before: { status: 'PENDING_REVIEW' },
      after: { status: 'PUBLISHED' },
    });
    for (let i = 0; i < AUDIT_PAGE_SIZE; i += 1) {
      await recordAudit(db, {
        actorId: admin.sub,
        actorRole: 'admin',
        action: 'credits.grant',
        subjectType: 'user',
        subjectId: `user-audit-${i}`,
        after: { amount: 1 },
        reason: 'Goodwill',
      });
    }
    const first = (await read('admin@example.com')).json<AuditPage>();
    expect(first.data).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.data[0]).toMatchObject({
      action: 'credits.grant',
      subjectId: `user-audit-${AUDIT_PAGE_SIZE - 1}`,
      actorRole: 'admin',
      reason: 'Goodwill',
    });
    expect(first.data[0]!.actorName).toBeTruthy();
    expect(first.next).not.toBeNull();
    const second = (await read('admin@example.com', `?before=${first.next}`)).json<AuditPage>();
    expect(second.data.map((e) => e.action)).toEqual(['job.approve']);
    expect(second.data[0]).toMatchObject({
      before: { status: 'PENDING_REVIEW' },
      after: { status: 'PUBLISHED' },
    });
    expect(second.next).toBeNull();

    const jobsOnly = (await read('admin@example.com', '?subjectType=job')).json<AuditPage>();
    expect(jobsOnly.data.map((e) => e.subjectId)).toEqual(['job-audit-1']);
    expect((await read('admin@example.com', '?subjectType=teapot')).statusCode).toBe(400);
  });
});

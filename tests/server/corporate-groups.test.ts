/**
 * A corporate user's role reaches their identity groups (issue 20 item 3), end to end through
 * the real identity stand-in: real sign-ups and tokens, the production verifier on its JWKS, the
 * server's identity-groups client on its admin API, a real database and job queue.
 * - an accepted invite: the invitee's next token carries the corporate group, and the corporate
 *   API (whose guards read it) lets them in;
 * - a role change and a deactivation by the company's admin change the next token too;
 * - a pool that fails at the moment of the change is caught up by the durable job.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import {
  createIdentityGroups,
  IdentityGroupsUnavailableError,
  identityGroupsSettings,
  type IdentityGroups,
} from '../../server/auth/identity-groups';
import type { DatabaseHandle } from '../../server/db/client';
import { IdentityConfigSchema } from '../../server/identity/config';
import { DEMO_PASSWORD, demoAccount } from '../../server/identity/demo-accounts';
import { startStandinFixture, verifierFor, type StandinFixture } from './identity/standin-fixture';
import { standinUsers } from './identity/standin-users';
import { testConfig } from './support/test-config';
import { openTestDatabase } from './support/test-database';

const PASSWORD = 'C0rp-Groups-Passw0rd!';
const corpAdmin = demoAccount('corp-admin@example.com');

let fixture: StandinFixture;
let users: ReturnType<typeof standinUsers>;
let database: DatabaseHandle;
let dataDir: string;
let realGroups: IdentityGroups;
/** Calls to the pool fail while this is above zero (one failure per call). */
let failuresLeft = 0;
let app: FastifyInstance;
let adminToken: string;

/** The server's client, failing on demand: an identity pool that is briefly unreachable. */
function flaky(groups: IdentityGroups): IdentityGroups {
  const gate = <T>(run: () => Promise<T>) => {
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return Promise.reject(new IdentityGroupsUnavailableError('TimeoutError'));
    }
    return run();
  };
  return {
    list: (sub) => gate(() => groups.list(sub)),
    add: (sub, group) => gate(() => groups.add(sub, group)),
    remove: (sub, group) => gate(() => groups.remove(sub, group)),
    setAmong: (sub, wanted, among) => gate(() => groups.setAmong(sub, wanted, among)),
    close: () => groups.close(),
  };
}

beforeAll(async () => {
  fixture = await startStandinFixture();
  const { standin } = fixture;
  users = standinUsers(standin);
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-corp-groups-'));
  realGroups = createIdentityGroups(
    identityGroupsSettings(IdentityConfigSchema.parse({}), standin),
  );
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '1000',
    }),
    db: database.db,
    // As server/main.ts: ID tokens are verified too (accepting an invite needs one).
    verifier: verifierFor(standin, { acceptIdTokens: true }),
    identityGroups: flaky(realGroups),
    tuning: { jobs: { pollIntervalMs: 100 } },
  });
  await app.ready();
  adminToken = (await users.signIn(corpAdmin.email, DEMO_PASSWORD)).access;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  users?.close();
  await fixture?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const signUp = (email: string) => users.signUp(email, PASSWORD);
const nextToken = (refresh: string) => users.nextToken(refresh);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function inviteAndAccept(email: string, role: string, invitee: { id: string }) {
  const sent = await app.inject({
    method: 'POST',
    url: '/api/corporate/users/invites',
    headers: bearer(adminToken),
    payload: { email, role },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const mail = await app.inject({ url: `/_dev/mail?to=${encodeURIComponent(email)}` });
  const [latest] = mail.json<{ data: { text: string }[] }>().data;
  const token = /\/corporate\/invite\/([A-Za-z0-9_-]+)/.exec(latest?.text ?? '')?.[1];
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/corporate/invites/${token}/accept`,
    headers: bearer(invitee.id),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json<{ data: { id: string } }>().data.id;
}

const patchUser = (userId: string, payload: object) =>
  app.inject({
    method: 'PATCH',
    url: `/api/corporate/users/${userId}`,
    headers: bearer(adminToken),
    payload,
  });

const corporateJobs = (token: string) =>
  app.inject({ url: '/api/corporate/company', headers: bearer(token) });

describe("a corporate user's identity groups", () => {
  it('an accepted invite puts the invitee in the corporate group: the next token opens the corporate API', async () => {
    const email = 'groups-invitee@acme-hiring.example.com';
    const invitee = await signUp(email);
    expect((await corporateJobs(invitee.access)).statusCode).toBe(403);

    const userId = await inviteAndAccept(email, 'corporate-recruiter', invitee);
    const next = await nextToken(invitee.refresh);
    expect(next.groups).toContain('corporate-recruiter');
    const company = await corporateJobs(next.access);
    expect(company.statusCode, company.body).toBe(200);

    // The admin makes them an admin: the next token says so (and not recruiter any more).
    expect((await patchUser(userId, { role: 'corporate-admin' })).statusCode).toBe(200);
    const promoted = await nextToken(invitee.refresh);
    expect(promoted.groups).toContain('corporate-admin');
    expect(promoted.groups).not.toContain('corporate-recruiter');

    // Deactivated: no corporate group left (the API refuses them anyway, spec §4).
    expect((await patchUser(userId, { active: false })).statusCode).toBe(200);
    const deactivated = await nextToken(invitee.refresh);
    expect(deactivated.groups.filter((g) => g.startsWith('corporate-'))).toEqual([]);

    // Reactivated: their role's group again.
    expect((await patchUser(userId, { active: true })).statusCode).toBe(200);
    expect((await nextToken(invitee.refresh)).groups).toContain('corporate-admin');
    await app.jobs.settle();
    expect(await realGroups.list(invitee.sub)).toEqual(expect.arrayContaining(['corporate-admin']));
  });

  it('a pool that fails at the moment of the accept is caught up by the queued job', async () => {
    const email = 'groups-late@acme-hiring.example.com';
    const invitee = await signUp(email);
    failuresLeft = 1; // the route's own attempt fails
    await inviteAndAccept(email, 'corporate-recruiter', invitee);
    expect(failuresLeft).toBe(0);
    await app.jobs.settle();
    const next = await nextToken(invitee.refresh);
    expect(next.groups).toContain('corporate-recruiter');
    expect((await corporateJobs(next.access)).statusCode).toBe(200);
    expect((await app.jobs.counts())['corporate-groups']?.failed ?? 0).toBe(0);
  });

  it("a refused change (another company's user) touches no one's groups", async () => {
    const recruiter = demoAccount('recruiter@example.com');
    const before = await realGroups.list(recruiter.sub);
    const res = await patchUser('corp-no-such-user', { role: 'corporate-admin' });
    expect(res.statusCode).toBe(404);
    await app.jobs.settle();
    expect(await realGroups.list(recruiter.sub)).toEqual(before);
  });
});

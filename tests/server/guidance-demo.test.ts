/**
 * Guidance demo data (issue 19): on a fresh seed, /guidance lists companies whose referees offer
 * services, the demo referee's mock interview has free slots in the coming days, and the demo
 * candidate has bookings in several states and a wallet with a refund and a payment. Read only
 * (another file moves the referees' offers around).
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { demoAccount } from '../../server/identity/demo-accounts';
import { seedGuidanceDemo } from '../../server/seed/guidance-demo';
import type {
  BookingDto,
  GuidanceCompanyPage,
  GuidanceCompanySummary,
  RefereeGuidance,
  Wallet,
} from '../../src/domain/contract/guidance';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

const who = {
  candidate: demoAccount('candidate@example.com'),
  referee: demoAccount('referee@example.com'),
};
type Who = keyof typeof who;

let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
const tokens = {} as Record<Who, string>;

async function get<T>(caller: Who, url: string): Promise<T> {
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens[caller]}` },
  });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: T }>().data;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-guidance-demo-'));
  database = await openTestDatabase();
  const auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({ DIST_DIR: '/nonexistent', DATA_DIR: dataDir }),
    db: database.db,
    verifier: auth.verifier,
    payments: { reconcileIntervalMs: 0 },
  });
  await app.ready();
  for (const [name, account] of Object.entries(who)) {
    tokens[name as Who] = await auth.accessToken({ sub: account.sub, groups: [account.group] });
  }
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('guidance demo data', () => {
  it('makes /guidance alive: companies with referees offering services and free slots', async () => {
    const companies = await get<GuidanceCompanySummary[]>('candidate', '/api/guidance/companies');
    expect(companies.length).toBeGreaterThanOrEqual(3);
    const monsoon = companies.find((c) => c.companyId === 'cmp-monsoon-learning')!;
    expect(monsoon.referees).toBe(2);
    expect(monsoon.kinds).toContain('mock-interview');

    const page = await get<GuidanceCompanyPage>(
      'candidate',
      '/api/guidance/companies/cmp-monsoon-learning',
    );
    const rated = page.referees.find((r) => r.rating.count > 0)!;
    expect(rated.rating.average).toBe(5);
    const mock = rated.services.find((s) => s.kind === 'mock-interview')!;
    expect(mock.fee).toBe(499);
    expect(mock.nextSlots.length).toBeGreaterThan(0);
    const me = await get<RefereeGuidance>('referee', '/api/guidance/me');
    expect(me.services.filter((s) => s.enabled).map((s) => s.kind)).toEqual([
      'resume-writing',
      'career-guidance',
      'mock-interview',
    ]);
  });

  it('gives the demo candidate bookings in several states and a wallet', async () => {
    const bookings = await get<BookingDto[]>('candidate', '/api/guidance/bookings/mine');
    expect(new Set(bookings.map((b) => b.state))).toEqual(
      new Set(['confirmed', 'reviewed', 'cancelled']),
    );
    const upcoming = bookings.find((b) => b.kind === 'mock-interview')!;
    expect(upcoming.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\//);
    expect(new Date(upcoming.startsAt!).getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);
    const wallet = await get<Wallet>('candidate', '/api/guidance/wallet');
    // Less than any demo fee: a new booking goes through the provider.
    expect(wallet.balance).toBe(20_000);
    expect(wallet.entries.map((e) => e.kind)).toEqual(['payment', 'refund']);
    // Seeding again changes nothing.
    expect(await seedGuidanceDemo(database.db)).toBe(false);
    expect((await get<BookingDto[]>('candidate', '/api/guidance/bookings/mine')).length).toBe(
      bookings.length,
    );
  });
});

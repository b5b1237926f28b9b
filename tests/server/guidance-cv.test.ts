/**
 * The candidate's CV for the referee of a resume-writing order (issue 19), through the real API
 * on a copy of the seeded database: the referee of a paid order gets a short-lived link that
 * serves the CV, nobody else does (another referee and a corporate user 404, the candidate 403),
 * a live session or an unpaid/cancelled order shares nothing (409 in words), a CV gone from the
 * profile is said in words, the booking says whether a CV is there, and ordering resume writing
 * without a CV is refused before anything is booked.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { guidanceBookings, guidanceWallet, users } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { DOWNLOAD_LINK_SECONDS } from '../../server/storage/get-route';
import {
  GuidanceErrors,
  GuidanceLimits,
  type BookingDto,
  type RefereeGuidance,
} from '../../src/domain/contract/guidance';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

const HOUR = 3_600_000;

const who = {
  candidate: demoAccount('candidate@example.com'),
  newCandidate: demoAccount('newcandidate@example.com'),
  referee: demoAccount('referee@example.com'),
  referee2: demoAccount('referee2@example.com'),
  recruiter: demoAccount('recruiter@example.com'),
};
type Who = keyof typeof who;

let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
const tokens = {} as Record<Who, string>;
const services = {} as Record<'resume' | 'mock', string>;

interface Answer {
  status: number;
  body: { data: unknown; errorMsg?: string };
  headers: Record<string, unknown>;
}

async function call(
  caller: Who | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: caller ? { authorization: `Bearer ${tokens[caller]}` } : {},
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const data = <T>(answer: Answer) => answer.body.data as T;
const cvOf = (caller: Who | null, bookingId: string) =>
  call(caller, 'GET', `/api/guidance/bookings/${bookingId}/candidate-cv`);

async function booked(name: Who, serviceId: string, startsAt?: string): Promise<BookingDto> {
  const res = await call(name, 'POST', '/api/guidance/bookings', {
    serviceId,
    ...(startsAt && { startsAt }),
  });
  expect(res.status, res.body.errorMsg).toBe(201);
  return data<BookingDto>(res);
}

/** A booking paid from the wallet (funded for it by the test), so confirmed. */
async function confirmed(serviceId: string, startsAt?: string): Promise<BookingDto> {
  const booking = await booked('candidate', serviceId, startsAt);
  await database.db.insert(guidanceWallet).values({
    userId: 'usr-candidate',
    kind: 'refund',
    amount: booking.amount,
    uniqueKey: `test:cv:${booking.id}`,
    note: 'test funds',
  });
  const paid = await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/pay`, {
    method: 'wallet',
  });
  expect(paid.status, paid.body.errorMsg).toBe(200);
  return data<{ booking: BookingDto }>(paid).booking;
}

async function refereeView(bookingId: string): Promise<BookingDto> {
  const res = await call('referee', 'GET', `/api/guidance/bookings/${bookingId}`);
  expect(res.status).toBe(200);
  return data<BookingDto>(res);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-guidance-cv-'));
  database = await openTestDatabase();
  const auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    }),
    db: database.db,
    verifier: auth.verifier,
    payments: { reconcileIntervalMs: 0 },
  });
  await app.ready();
  for (const [name, account] of Object.entries(who)) {
    tokens[name as Who] = await auth.accessToken({ sub: account.sub, groups: [account.group] });
  }
  const windows = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start: '07:00',
    end: '23:00',
  }));
  const availability = await call('referee', 'PUT', '/api/guidance/me/availability', {
    timeZone: 'Asia/Kolkata',
    windows,
  });
  expect(availability.status, availability.body.errorMsg).toBe(200);
  const resume = await call('referee', 'PUT', '/api/guidance/me/services/resume-writing', {
    enabled: true,
    fee: 999,
    deliveryDays: 3,
  });
  expect(resume.status, resume.body.errorMsg).toBe(200);
  const mock = await call('referee', 'PUT', '/api/guidance/me/services/mock-interview', {
    enabled: true,
    fee: 499,
    durationMinutes: 60,
  });
  expect(mock.status, mock.body.errorMsg).toBe(200);
  const idOf = (kind: string) =>
    data<RefereeGuidance>(mock).services.find((s) => s.kind === kind)!.id;
  services.resume = idOf('resume-writing');
  services.mock = idOf('mock-interview');
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/guidance/bookings/{id}/candidate-cv', () => {
  let order: BookingDto;

  beforeAll(async () => {
    order = await booked('candidate', services.resume);
  });

  it('shares nothing before the order is paid, though the booking says a CV is there', async () => {
    const view = await refereeView(order.id);
    expect(view.candidateHasCv).toBe(true);
    const early = await cvOf('referee', order.id);
    expect(early.status).toBe(409);
    expect(early.body.errorMsg).toBe(GuidanceErrors.cvNotShared);
  });

  it("gives the paid order's referee a 5-minute link that serves the candidate's CV", async () => {
    await database.db.insert(guidanceWallet).values({
      userId: 'usr-candidate',
      kind: 'refund',
      amount: order.amount,
      uniqueKey: `test:cv:${order.id}`,
      note: 'test funds',
    });
    const paid = await call('candidate', 'POST', `/api/guidance/bookings/${order.id}/pay`, {
      method: 'wallet',
    });
    expect(paid.status, paid.body.errorMsg).toBe(200);
    expect(data<{ booking: BookingDto }>(paid).booking.state).toBe('confirmed');

    const res = await cvOf('referee', order.id);
    expect(res.status, res.body.errorMsg).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const link = data<{ url: string; fileName: string; expiresAt: string }>(res);
    // A neutral name: the candidate's own file name may carry their full name.
    expect(link.fileName).toBe('Candidate CV.pdf');
    const ttl = Date.parse(link.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan((DOWNLOAD_LINK_SECONDS - 5) * 1000);
    expect(ttl).toBeLessThanOrEqual(DOWNLOAD_LINK_SECONDS * 1000);

    const { pathname, search } = new URL(link.url, 'http://localhost');
    const file = await app.inject({ url: `${pathname}${search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers another referee and a corporate user 404, the candidate 403, no token 401', async () => {
    const other = await cvOf('referee2', order.id);
    expect(other.status).toBe(404);
    expect(other.body.errorMsg).toBe(GuidanceErrors.bookingNotFound);
    expect((await cvOf('recruiter', order.id)).status).toBe(404);
    expect((await cvOf('referee', 'bkg_nosuchbooking')).status).toBe(404);
    const own = await cvOf('candidate', order.id);
    expect(own.status).toBe(403);
    expect(own.body.errorMsg).toBe(GuidanceErrors.notYours);
    expect((await cvOf(null, order.id)).status).toBe(401);
  });

  it('says in words when the candidate no longer has a CV on the profile', async () => {
    const [before] = await database.db
      .select({ key: users.cvObjectKey })
      .from(users)
      .where(eq(users.id, 'usr-candidate'));
    await database.db.update(users).set({ cvObjectKey: null }).where(eq(users.id, 'usr-candidate'));
    try {
      const res = await cvOf('referee', order.id);
      expect(res.status).toBe(409);
      expect(res.body.errorMsg).toBe(GuidanceErrors.candidateNoCv);
      expect((await refereeView(order.id)).candidateHasCv).toBe(false);
    } finally {
      await database.db
        .update(users)
        .set({ cvObjectKey: before!.key })
        .where(eq(users.id, 'usr-candidate'));
    }
  });

  it('shares nothing for a cancelled order', async () => {
    const other = await booked('candidate', services.resume);
    const cancelled = await call('candidate', 'POST', `/api/guidance/bookings/${other.id}/cancel`);
    expect(cancelled.status, cancelled.body.errorMsg).toBe(200);
    const res = await cvOf('referee', other.id);
    expect(res.status).toBe(409);
    expect(res.body.errorMsg).toBe(GuidanceErrors.cvNotShared);
  });

  it('shares no CV for a live session, and its booking says none', async () => {
    const slots = await call('candidate', 'GET', `/api/guidance/services/${services.mock}/slots`);
    const limit = Date.now() + (GuidanceLimits.cutoffHours + 1) * HOUR;
    const slot = data<{ slots: string[] }>(slots).slots.find((s) => Date.parse(s) > limit);
    expect(slot).toBeDefined();
    const session = await confirmed(services.mock, slot);
    expect(session.state).toBe('confirmed');
    expect((await refereeView(session.id)).candidateHasCv).toBe(false);
    const res = await cvOf('referee', session.id);
    expect(res.status).toBe(409);
    expect(res.body.errorMsg).toBe(GuidanceErrors.cvResumeOnly);
  });
});

describe('ordering resume writing without a CV', () => {
  it('is refused in words and books nothing', async () => {
    const res = await call('newCandidate', 'POST', '/api/guidance/bookings', {
      serviceId: services.resume,
    });
    expect(res.status).toBe(409);
    expect(res.body.errorMsg).toBe(GuidanceErrors.cvRequired);
    const rows = await database.db
      .select({ id: guidanceBookings.id })
      .from(guidanceBookings)
      .where(
        and(
          eq(guidanceBookings.candidateId, 'usr-newcandidate'),
          eq(guidanceBookings.serviceId, services.resume),
        ),
      );
    expect(rows).toEqual([]);
  });
});

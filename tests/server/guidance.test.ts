/**
 * Guidance services through the real API (issue 19), on a copy of the seeded database with the
 * local payment gateway: services and availability, the slot hold and its release, double booking
 * refused when two candidates book one slot at once, payment online and from the wallet, a late
 * payment for a slot someone else took (money to the wallet), each transition allowed only to its
 * actor (403 the other party, 404 strangers), refunds as wallet rows exactly once (a retried
 * cancel), the cut-off, and the penalty pause for a referee who keeps cancelling/rescheduling.
 * The clock is the test's: holds and cut-offs are crossed by moving it.
 */
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { guidanceBookings, guidanceWallet } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import { deliverNotice, sendReminder } from '../../server/guidance/reminders';
import type { LocalGateway } from '../../server/payments/local-gateway';
import {
  GuidanceErrors,
  GuidanceLimits,
  type BookingDto,
  type GuidanceCompanyPage,
  type RefereeGuidance,
  type Wallet,
} from '../../src/domain/contract/guidance';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

const MONSOON = 'cmp-monsoon-learning';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const who = {
  candidate: demoAccount('candidate@example.com'),
  newCandidate: demoAccount('newcandidate@example.com'),
  referee: demoAccount('referee@example.com'),
  referee2: demoAccount('referee2@example.com'),
  corpAdmin: demoAccount('corp-admin@example.com'),
  admin: demoAccount('admin@example.com'),
};
type Who = keyof typeof who;
const userIdOf = (name: Who) => `usr-${who[name].email.split('@')[0]}`;

let database: DatabaseHandle;
let app: FastifyInstance;
let gateway: LocalGateway;
let dataDir: string;
let clockMs = Date.now();
const tokens = {} as Record<Who, string>;
const services = {} as Record<'mock' | 'resume' | 'guidance2', string>;

interface Answer {
  status: number;
  body: { data: unknown; errorMsg?: string; state?: string };
  headers: Record<string, unknown>;
}

async function call(
  caller: Who | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  key?: string,
): Promise<Answer> {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: {
      ...(caller ? { authorization: `Bearer ${tokens[caller]}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const data = <T>(answer: Answer) => answer.body.data as T;

async function slotsOf(serviceId: string): Promise<string[]> {
  const res = await call('candidate', 'GET', `/api/guidance/services/${serviceId}/slots`);
  expect(res.status).toBe(200);
  return data<{ slots: string[] }>(res).slots;
}

/** Free slots past the cut-off (so they can still be cancelled or moved). */
async function farSlotsOf(serviceId: string): Promise<string[]> {
  const limit = clockMs + (GuidanceLimits.cutoffHours + 1) * HOUR;
  return (await slotsOf(serviceId)).filter((slot) => new Date(slot).getTime() > limit);
}

async function book(name: Who, serviceId: string, startsAt?: string) {
  return call(name, 'POST', '/api/guidance/bookings', { serviceId, ...(startsAt && { startsAt }) });
}

async function booked(name: Who, serviceId: string, startsAt?: string): Promise<BookingDto> {
  const res = await book(name, serviceId, startsAt);
  expect(res.status, res.body.errorMsg).toBe(201);
  return data<BookingDto>(res);
}

async function walletOf(name: Who): Promise<Wallet> {
  const res = await call(name, 'GET', '/api/guidance/wallet');
  expect(res.status).toBe(200);
  return data<Wallet>(res);
}

async function bookingOf(name: Who, id: string): Promise<BookingDto> {
  const res = await call(name, 'GET', `/api/guidance/bookings/${id}`);
  expect(res.status).toBe(200);
  return data<BookingDto>(res);
}

/** Money the test gives a candidate's wallet directly (as a refund would). */
async function fundWallet(name: Who, amount: number, tag: string) {
  await database.db.insert(guidanceWallet).values({
    userId: userIdOf(name),
    kind: 'refund',
    amount,
    uniqueKey: `test:${tag}`,
    note: 'test funds',
  });
}

/** A confirmed booking paid from the wallet (funded for it). */
async function confirmedBooking(
  name: Who,
  serviceId: string,
  slot: string | undefined,
  tag: string,
) {
  const booking = await booked(name, serviceId, slot);
  await fundWallet(name, booking.amount, tag);
  const paid = await call(name, 'POST', `/api/guidance/bookings/${booking.id}/pay`, {
    method: 'wallet',
  });
  expect(paid.status, paid.body.errorMsg).toBe(200);
  const result = data<{ booking: BookingDto }>(paid).booking;
  expect(result.state).toBe('confirmed');
  return result;
}

const everyDay = (start: string, end: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start, end }));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-guidance-'));
  database = await openTestDatabase();
  const auth = await createTestAuth();
  const clock = () => new Date(clockMs);
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    }),
    db: database.db,
    verifier: auth.verifier,
    payments: { reconcileIntervalMs: 0, clock },
    guidance: { clock },
  });
  await app.ready();
  gateway = app.payments!.localGateway!;
  for (const [name, account] of Object.entries(who)) {
    tokens[name as Who] = await auth.accessToken({ sub: account.sub, groups: [account.group] });
  }
  // The referees' offers: known services and long windows, whatever the demo seeded.
  for (const referee of ['referee', 'referee2'] as const) {
    const res = await call(referee, 'PUT', '/api/guidance/me/availability', {
      timeZone: 'Asia/Kolkata',
      windows: everyDay('07:00', '23:00'),
    });
    expect(res.status, res.body.errorMsg).toBe(200);
  }
  const mock = await call('referee', 'PUT', '/api/guidance/me/services/mock-interview', {
    enabled: true,
    fee: 499,
    durationMinutes: 60,
    description: 'A practice interview',
  });
  expect(mock.status, mock.body.errorMsg).toBe(200);
  const resume = await call('referee', 'PUT', '/api/guidance/me/services/resume-writing', {
    enabled: true,
    fee: 999,
    deliveryDays: 3,
  });
  expect(resume.status).toBe(200);
  const second = await call('referee2', 'PUT', '/api/guidance/me/services/career-guidance', {
    enabled: true,
    fee: 799,
    durationMinutes: 30,
  });
  expect(second.status).toBe(200);
  const find = (answer: Answer, kind: string) =>
    data<RefereeGuidance>(answer).services.find((s) => s.kind === kind)!.id;
  services.mock = find(mock, 'mock-interview');
  services.resume = find(resume, 'resume-writing');
  services.guidance2 = find(second, 'career-guidance');
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('services and the directory', () => {
  it('lets only verified referees set services, within the fee bounds and a real time zone', async () => {
    const low = await call('referee', 'PUT', '/api/guidance/me/services/mock-interview', {
      enabled: true,
      fee: GuidanceLimits.feeMinRupees - 1,
    });
    expect(low.status).toBe(400);
    expect(low.body.errorMsg).toContain(GuidanceErrors.feeOutOfRange);
    const notReferee = await call('candidate', 'PUT', '/api/guidance/me/services/mock-interview', {
      enabled: true,
      fee: 499,
    });
    expect(notReferee.status).toBe(403);
    expect((await call('candidate', 'GET', '/api/guidance/me')).status).toBe(403);
    const zone = await call('referee', 'PUT', '/api/guidance/me/availability', {
      timeZone: 'Mars/Olympus',
      windows: [],
    });
    expect(zone.body.errorMsg).toBe(GuidanceErrors.badTimeZone);
    const overlap = await call('referee', 'PUT', '/api/guidance/me/availability', {
      timeZone: 'Asia/Kolkata',
      windows: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '13:00' },
      ],
    });
    expect(overlap.body.errorMsg).toBe(GuidanceErrors.overlappingWindows);
    const me = data<RefereeGuidance>(await call('referee', 'GET', '/api/guidance/me'));
    expect(me.services.map((s) => s.kind)).toEqual([
      'resume-writing',
      'career-guidance',
      'interview-handholding',
      'mock-interview',
    ]);
    expect(me.windows).toHaveLength(7);
  });

  it('lists the company and its referees anonymised, with slots inside the windows (IST)', async () => {
    const list = await call('candidate', 'GET', '/api/guidance/companies');
    expect(list.status).toBe(200);
    const monsoon = data<{ companyId: string; referees: number }[]>(list).find(
      (c) => c.companyId === MONSOON,
    );
    expect(monsoon?.referees).toBeGreaterThanOrEqual(2);

    const page = await call('candidate', 'GET', `/api/guidance/companies/${MONSOON}`);
    expect(page.status).toBe(200);
    const text = JSON.stringify(page.body);
    for (const secret of ['referee@example.com', 'usr-referee', 'Referee']) {
      expect(text).not.toContain(secret);
    }
    const referees = data<GuidanceCompanyPage>(page).referees;
    const mock = referees
      .flatMap((r) => r.services)
      .find((service) => service.id === services.mock)!;
    expect(mock.fee).toBe(499);
    expect(mock.nextSlots.length).toBeGreaterThan(0);
    for (const slot of mock.nextSlots) {
      const start = new Date(slot).getTime();
      expect(start).toBeGreaterThanOrEqual(clockMs + GuidanceLimits.minLeadMinutes * MINUTE);
      // 07:00–23:00 in India (UTC+5:30) is 01:30–17:30 UTC; a 60-minute session ends by 17:30.
      const minutes = new Date(slot).getUTCHours() * 60 + new Date(slot).getUTCMinutes();
      expect(minutes).toBeGreaterThanOrEqual(90);
      expect(minutes + 60).toBeLessThanOrEqual(17 * 60 + 30);
    }
    expect((await call('candidate', 'GET', '/api/guidance/companies/cmp-nope')).status).toBe(404);
  });
});

describe('the slot hold', () => {
  it('holds a booked slot while paying, and releases it when the hold runs out', async () => {
    const slot = (await farSlotsOf(services.mock))[0]!;
    const booking = await booked('candidate', services.mock, slot);
    expect(booking.state).toBe('requested');
    expect(new Date(booking.heldUntil!).getTime()).toBe(
      clockMs + GuidanceLimits.holdMinutes * MINUTE,
    );
    expect(booking.meetingUrl).toBeNull();
    expect(await slotsOf(services.mock)).not.toContain(slot);
    const other = await book('newCandidate', services.mock, slot);
    expect(other.status).toBe(409);
    expect(other.body.errorMsg).toBe(GuidanceErrors.slotTaken);

    clockMs += (GuidanceLimits.holdMinutes + 1) * MINUTE;
    expect(await slotsOf(services.mock)).toContain(slot);
    const second = await booked('newCandidate', services.mock, slot);
    expect(second.state).toBe('requested');
    const first = await bookingOf('candidate', booking.id);
    expect(first.state).toBe('expired');
    expect(first.events.map((e) => [e.action, e.actor])).toContainEqual(['expire', 'system']);
    // Paying the lapsed hold now finds the slot taken: refused, nothing charged.
    const pay = await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/pay`, {
      method: 'wallet',
    });
    expect(pay.status).toBe(409);
    expect(pay.body.errorMsg).toBe(GuidanceErrors.holdExpired);
    await call('newCandidate', 'POST', `/api/guidance/bookings/${second.id}/cancel`);
  });

  it('refuses a time that is not one of the free slots, and a slot for an async service', async () => {
    const slots = await slotsOf(services.mock);
    const offGrid = new Date(new Date(slots[0]!).getTime() + 7 * MINUTE).toISOString();
    const res = await book('candidate', services.mock, offGrid);
    expect(res.status).toBe(409);
    expect(res.body.errorMsg).toBe(GuidanceErrors.slotNotOffered);
    expect((await book('candidate', services.mock)).body.errorMsg).toBe(
      GuidanceErrors.slotRequired,
    );
    expect((await book('candidate', services.resume, slots[0])).status).toBe(400);
    expect((await book('referee', services.mock, slots[0])).status).toBe(422);
  });

  it('lets one candidate hold at most 3 unpaid bookings at once', async () => {
    // Slots are on a 30-minute grid and a session lasts 60: each is picked from a fresh list.
    const held = [];
    for (let i = 0; i < GuidanceLimits.openHoldsMax; i += 1) {
      held.push(await booked('newCandidate', services.mock, (await farSlotsOf(services.mock))[20]));
    }
    const next = (await farSlotsOf(services.mock))[20];
    const fourth = await book('newCandidate', services.mock, next);
    expect(fourth.status).toBe(409);
    expect(fourth.body.errorMsg).toBe(GuidanceErrors.tooManyHolds);
    await call('newCandidate', 'POST', `/api/guidance/bookings/${held[0]!.id}/cancel`);
    const now = await booked('newCandidate', services.mock, next);
    for (const booking of [...held.slice(1), now]) {
      await call('newCandidate', 'POST', `/api/guidance/bookings/${booking.id}/cancel`);
    }
  });

  it('books one slot once when two candidates book it at the same moment', async () => {
    const slot = (await farSlotsOf(services.mock))[1]!;
    const answers = await Promise.all([
      book('candidate', services.mock, slot),
      book('newCandidate', services.mock, slot),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.errorMsg).toBe(GuidanceErrors.slotTaken);
    const holding = await database.db
      .select()
      .from(guidanceBookings)
      .where(
        and(
          eq(guidanceBookings.refereeId, userIdOf('referee')),
          eq(guidanceBookings.startsAt, new Date(slot)),
          inArray(guidanceBookings.state, ['requested', 'paid', 'confirmed']),
        ),
      );
    expect(holding).toHaveLength(1);
    const winner = data<BookingDto>(answers.find((a) => a.status === 201)!);
    const winnerName =
      holding[0]!.candidateId === userIdOf('candidate') ? 'candidate' : 'newCandidate';
    await call(winnerName, 'POST', `/api/guidance/bookings/${winner.id}/cancel`);
  });
});

describe('payment', () => {
  it('confirms a booking paid online, with a meeting link, and queues its reminder', async () => {
    const slot = (await farSlotsOf(services.mock))[2]!;
    const booking = await booked('candidate', services.mock, slot);
    const pay = await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/pay`, {
      method: 'gateway',
    });
    expect(pay.status, pay.body.errorMsg).toBe(200);
    const { order, checkout } = data<{
      order: { id: string; amount: number; reference: string };
      checkout: { provider: string; url: string };
    }>(pay);
    expect(order.amount).toBe(49_900);
    expect(checkout.provider).toBe('local');
    // Paying again while the order is open reuses it: one checkout per booking.
    const again = await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/pay`, {
      method: 'gateway',
    });
    expect(data<{ order: { id: string } }>(again).order.id).toBe(order.id);

    const { paymentId, signature } = await gateway.pay(order.reference, { webhooks: 'never' });
    const verify = await call('candidate', 'POST', `/api/payments/orders/${order.id}/verify`, {
      paymentId,
      signature,
    });
    expect(verify.status).toBe(200);
    const confirmed = await bookingOf('candidate', booking.id);
    expect(confirmed.state).toBe('confirmed');
    expect(confirmed.paidWith).toBe('gateway');
    expect(confirmed.meetingUrl).toMatch(/^https:\/\/meet\.jit\.si\/referralhub-[a-z0-9]{14}$/);
    expect((await bookingOf('referee', booking.id)).meetingUrl).toBe(confirmed.meetingUrl);
    const jobs = await database.db.execute(
      sql`SELECT singleton_key FROM pgboss.job WHERE name = 'guidance-reminder'`,
    );
    const keys = (jobs as { rows: { singleton_key: string }[] }).rows.map(
      (row) => row.singleton_key,
    );
    expect(keys).toContain(`guidance-reminder:${booking.id}:${slot}`);
    // An admin's credit refund does not apply to a booking's payment (cancelling refunds it).
    const adminRefund = await call('admin', 'POST', `/api/admin/payments/${order.id}/refund`);
    expect(adminRefund.status).toBe(409);
    expect(adminRefund.body.errorMsg).toBe(GuidanceErrors.bookingOrderRefund);
    // The subscription page's receipts stay credit purchases.
    const account = await call('candidate', 'GET', '/api/payments/account');
    const orders = (account.body.data as { orders: { id: string }[] }).orders;
    expect(orders.map((o) => o.id)).not.toContain(order.id);
  });

  it('puts a payment that arrives after the slot was taken into the wallet, and the wallet pays later', async () => {
    const before = (await walletOf('candidate')).balance;
    const slot = (await farSlotsOf(services.mock))[3]!;
    const booking = await booked('candidate', services.mock, slot);
    const pay = await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/pay`, {
      method: 'gateway',
    });
    const order = data<{ order: { id: string; reference: string } }>(pay).order;
    clockMs += (GuidanceLimits.holdMinutes + 1) * MINUTE;
    const taker = await booked('newCandidate', services.mock, slot);

    // The bank took the money late: the webhook arrives now.
    await gateway.pay(order.reference, { webhooks: 'now' });
    const lost = await bookingOf('candidate', booking.id);
    expect(lost.state).toBe('cancelled');
    expect(lost.cancelledBy).toBe('system');
    expect(lost.cancelReason).toBe(GuidanceErrors.lateSlotLost);
    expect(lost.refunded).toBe(booking.amount);
    const wallet = await walletOf('candidate');
    expect(wallet.balance).toBe(before + booking.amount);
    expect(wallet.entries[0]).toMatchObject({ kind: 'refund', bookingId: booking.id });
    expect((await bookingOf('newCandidate', taker.id)).state).toBe('requested');
    await call('newCandidate', 'POST', `/api/guidance/bookings/${taker.id}/cancel`);

    // The wallet pays the next booking in full, at once.
    const next = await booked('candidate', services.mock, (await farSlotsOf(services.mock))[3]);
    const paid = await call('candidate', 'POST', `/api/guidance/bookings/${next.id}/pay`, {
      method: 'wallet',
    });
    expect(paid.status, paid.body.errorMsg).toBe(200);
    expect(data<{ booking: BookingDto }>(paid).booking.state).toBe('confirmed');
    expect((await walletOf('candidate')).balance).toBe(before);
    // …and refuses one it does not cover.
    const more = await booked('candidate', services.resume);
    const short = await call('candidate', 'POST', `/api/guidance/bookings/${more.id}/pay`, {
      method: 'wallet',
    });
    if (before < more.amount) {
      expect(short.status).toBe(409);
      expect(short.body.errorMsg).toBe(GuidanceErrors.walletTooLow);
    }
  });

  it('confirms a paid hold whose slot nobody took even after the hold ran out', async () => {
    const slot = (await farSlotsOf(services.mock))[4]!;
    const booking = await booked('candidate', services.mock, slot);
    const pay = await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/pay`, {
      method: 'gateway',
    });
    const order = data<{ order: { reference: string } }>(pay).order;
    clockMs += (GuidanceLimits.holdMinutes + 1) * MINUTE;
    await gateway.pay(order.reference, { webhooks: 'now' });
    expect((await bookingOf('candidate', booking.id)).state).toBe('confirmed');
  });
});

describe('who may move a booking', () => {
  it('allows each transition to its actor only: 403 the other party, 404 strangers', async () => {
    const slot = (await farSlotsOf(services.mock))[5]!;
    const booking = await confirmedBooking('candidate', services.mock, slot, 'actors');
    const path = (action: string) => `/api/guidance/bookings/${booking.id}/${action}`;
    expect(booking.actions).toEqual(['cancel', 'reschedule']);
    expect((await bookingOf('referee', booking.id)).actions).toEqual([
      'cancel',
      'reschedule',
      'link',
      'deliver',
    ]);

    // The other party.
    expect((await call('referee', 'POST', path('rate'), { rating: 5 })).status).toBe(403);
    expect((await call('referee', 'POST', path('pay'), { method: 'wallet' })).status).toBe(404);
    expect((await call('candidate', 'POST', path('deliver'))).status).toBe(403);
    expect((await call('candidate', 'POST', path('no-show'))).status).toBe(403);
    const link = { meetingUrl: 'https://zoom.us/j/123' };
    expect((await call('candidate', 'POST', path('link'), link)).status).toBe(403);
    // Strangers: another candidate, the same company's other referee, a corporate admin.
    for (const stranger of ['newCandidate', 'referee2', 'corpAdmin'] as const) {
      expect((await call(stranger, 'GET', path('').slice(0, -1))).status).toBe(404);
      expect((await call(stranger, 'POST', path('cancel'))).status).toBe(404);
      expect((await call(stranger, 'POST', path('deliver'))).status).toBe(404);
    }
    expect(
      (await call('corpAdmin', 'POST', '/api/guidance/bookings', { serviceId: services.mock }))
        .status,
    ).toBe(403);
    // Right party, wrong state or time.
    const early = await call('candidate', 'POST', path('rate'), { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body.state).toBe('confirmed');
    const noShow = await call('referee', 'POST', path('no-show'));
    expect(noShow.status).toBe(409);
    expect(noShow.body.errorMsg).toBe(GuidanceErrors.notStarted);

    const linked = await call('referee', 'POST', path('link'), link);
    expect(data<BookingDto>(linked).meetingUrl).toBe(link.meetingUrl);
    expect(
      (await call('referee', 'POST', path('link'), { meetingUrl: 'javascript:alert(1)' })).status,
    ).toBe(400);
    const delivered = await call('referee', 'POST', path('deliver'), { note: 'Good session' });
    expect(data<BookingDto>(delivered).state).toBe('delivered');
    expect(data<BookingDto>(delivered).meetingUrl).toBeNull();
    const rated = await call('candidate', 'POST', path('rate'), { rating: 4, review: 'Useful' });
    expect(data<BookingDto>(rated)).toMatchObject({ state: 'reviewed', rating: 4 });
    expect((await call('candidate', 'POST', path('rate'), { rating: 5 })).status).toBe(409);

    const page = data<GuidanceCompanyPage>(
      await call('newCandidate', 'GET', `/api/guidance/companies/${MONSOON}`),
    );
    const referee = page.referees.find((r) => r.services.some((s) => s.id === services.mock))!;
    expect(referee.rating.count).toBeGreaterThanOrEqual(1);
    expect(referee.rating.average).not.toBeNull();
    const schedule = data<BookingDto[]>(await call('referee', 'GET', '/api/guidance/me/schedule'));
    const mine = schedule.find((b) => b.id === booking.id)!;
    // The referee sees the candidate's first name only.
    expect(mine.counterpart.name).toMatch(/^\S+$/);
    expect(JSON.stringify(mine)).not.toContain('candidate@example.com');
  });

  it('needs the uploaded file to deliver a resume-writing order', async () => {
    const order = await confirmedBooking('candidate', services.resume, undefined, 'resume');
    expect(order.dueAt).not.toBeNull();
    expect(new Date(order.dueAt!).getTime()).toBe(clockMs + 3 * 24 * HOUR);
    const bare = await call('referee', 'POST', `/api/guidance/bookings/${order.id}/deliver`);
    expect(bare.status).toBe(400);
    expect(bare.body.errorMsg).toBe(GuidanceErrors.fileRequired);
    const forged = await call('referee', 'POST', `/api/guidance/bookings/${order.id}/deliver`, {
      fileKey: `delivery/${order.id}/not-uploaded.pdf`,
    });
    expect(forged.body.errorMsg).toBe(GuidanceErrors.fileNotUploaded);
    const wrongType = await call(
      'referee',
      'POST',
      `/api/guidance/bookings/${order.id}/file-upload`,
      {
        fileName: 'cv.exe',
        mimeType: 'application/x-msdownload',
      },
    );
    expect(wrongType.status).toBe(415);
    const upload = await call('referee', 'POST', `/api/guidance/bookings/${order.id}/file-upload`, {
      fileName: 'New CV.pdf',
      mimeType: 'application/pdf',
    });
    expect(upload.status, upload.body.errorMsg).toBe(200);
    const { uploadUrl, fileKey } = data<{ uploadUrl: string; fileKey: string }>(upload);
    const put = await app.inject({
      method: 'PUT',
      url: new URL(uploadUrl, 'http://local').pathname + new URL(uploadUrl, 'http://local').search,
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n% a rewritten CV\n'),
    });
    expect(put.statusCode).toBeLessThan(300);
    const done = await call('referee', 'POST', `/api/guidance/bookings/${order.id}/deliver`, {
      fileKey,
    });
    expect(done.status, done.body.errorMsg).toBe(200);
    expect(data<BookingDto>(done)).toMatchObject({ state: 'delivered', hasFile: true });
    const link = await call('candidate', 'GET', `/api/guidance/bookings/${order.id}/file`);
    expect(link.status).toBe(200);
    expect(data<{ fileName: string }>(link).fileName).toBe('New CV.pdf');
    expect(
      (await call('newCandidate', 'GET', `/api/guidance/bookings/${order.id}/file`)).status,
    ).toBe(404);
  });
});

describe('cancellation and refunds', () => {
  it('refunds a cancelled booking to the wallet exactly once, however often the cancel is sent', async () => {
    const slot = (await farSlotsOf(services.mock))[6]!;
    const booking = await confirmedBooking('candidate', services.mock, slot, 'refund-once');
    const before = (await walletOf('candidate')).balance;
    const url = `/api/guidance/bookings/${booking.id}/cancel`;
    const key = `cancel-${booking.id}`;
    const first = await call('candidate', 'POST', url, { reason: 'Clash' }, key);
    expect(first.status).toBe(200);
    expect(data<BookingDto>(first)).toMatchObject({
      state: 'cancelled',
      cancelledBy: 'candidate',
      refunded: booking.amount,
    });
    const replay = await call('candidate', 'POST', url, { reason: 'Clash' }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const again = await call('candidate', 'POST', url, { reason: 'Clash' });
    expect(again.status).toBe(409);
    expect(again.body.state).toBe('cancelled');
    const refer = await call('referee', 'POST', url);
    expect(refer.status).toBe(409);

    const rows = await database.db
      .select()
      .from(guidanceWallet)
      .where(like(guidanceWallet.uniqueKey, `refund:${booking.id}%`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amount).toBe(booking.amount);
    expect((await walletOf('candidate')).balance).toBe(before + booking.amount);
    expect(await slotsOf(services.mock)).toContain(slot);
  });

  it('keeps the cut-off for the candidate, while the referee may cancel any time with a full refund', async () => {
    const slots = await slotsOf(services.mock);
    // A slot at least a day ahead, so the clock can be moved inside its cut-off.
    const slot = slots.find((s) => new Date(s).getTime() > clockMs + 30 * HOUR)!;
    const booking = await confirmedBooking('candidate', services.mock, slot, 'cutoff');
    const saved = clockMs;
    clockMs = new Date(slot).getTime() - (GuidanceLimits.cutoffHours - 1) * HOUR;
    try {
      const late = await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/cancel`);
      expect(late.status).toBe(409);
      expect(late.body.errorMsg).toBe(GuidanceErrors.insideCutoff);
      expect((await bookingOf('candidate', booking.id)).actions).toEqual([]);
      const move = await call(
        'candidate',
        'POST',
        `/api/guidance/bookings/${booking.id}/reschedule`,
        {
          startsAt: slots.at(-1),
        },
      );
      expect(move.body.errorMsg).toBe(GuidanceErrors.insideCutoff);
      const before = (await walletOf('candidate')).balance;
      const byReferee = await call(
        'referee',
        'POST',
        `/api/guidance/bookings/${booking.id}/cancel`,
        {
          reason: 'Unwell',
        },
      );
      expect(byReferee.status).toBe(200);
      expect(data<BookingDto>(byReferee)).toMatchObject({
        cancelledBy: 'referee',
        refunded: booking.amount,
      });
      expect((await walletOf('candidate')).balance).toBe(before + booking.amount);
    } finally {
      clockMs = saved;
    }
  });
});

describe('the penalty', () => {
  it('pauses a referee after 3 cancellations or reschedules in 30 days: hidden, bookings refused', async () => {
    const slots = await farSlotsOf(services.guidance2);
    const [a, b, c] = [
      await confirmedBooking('candidate', services.guidance2, slots[0], 'pen-a'),
      await confirmedBooking('candidate', services.guidance2, slots[1], 'pen-b'),
      await confirmedBooking('candidate', services.guidance2, slots[2], 'pen-c'),
    ];
    const moved = await call('referee2', 'POST', `/api/guidance/bookings/${a.id}/reschedule`, {
      startsAt: slots[5],
    });
    expect(moved.status, moved.body.errorMsg).toBe(200);
    expect(data<BookingDto>(moved).startsAt).toBe(slots[5]);
    expect(await slotsOf(services.guidance2)).toContain(slots[0]);
    expect((await call('referee2', 'POST', `/api/guidance/bookings/${b.id}/cancel`)).status).toBe(
      200,
    );
    let me = data<RefereeGuidance>(await call('referee2', 'GET', '/api/guidance/me'));
    expect(me.recentChanges).toBe(2);
    expect(me.pausedUntil).toBeNull();
    // A candidate's own reschedule does not count against the referee.
    expect(
      (
        await call('candidate', 'POST', `/api/guidance/bookings/${c.id}/reschedule`, {
          startsAt: slots[6],
        })
      ).status,
    ).toBe(200);
    expect(
      data<RefereeGuidance>(await call('referee2', 'GET', '/api/guidance/me')).recentChanges,
    ).toBe(2);
    expect((await call('referee2', 'POST', `/api/guidance/bookings/${c.id}/cancel`)).status).toBe(
      200,
    );
    me = data<RefereeGuidance>(await call('referee2', 'GET', '/api/guidance/me'));
    expect(me.recentChanges).toBe(3);
    expect(new Date(me.pausedUntil!).getTime()).toBe(
      clockMs + GuidanceLimits.penaltyPauseDays * 24 * HOUR,
    );

    const refused = await book('newCandidate', services.guidance2, slots[3]);
    expect(refused.status).toBe(409);
    expect(refused.body.errorMsg).toBe(GuidanceErrors.refereePaused);
    const page = data<GuidanceCompanyPage>(
      await call('newCandidate', 'GET', `/api/guidance/companies/${MONSOON}`),
    );
    expect(page.referees.flatMap((r) => r.services.map((s) => s.id))).not.toContain(
      services.guidance2,
    );
    expect(
      (await call('newCandidate', 'GET', `/api/guidance/services/${services.guidance2}/slots`))
        .status,
    ).toBe(404);
    // Existing bookings stay: the moved one is still confirmed.
    expect((await bookingOf('candidate', a.id)).state).toBe('confirmed');

    // After the pause the referee is back.
    const saved = clockMs;
    clockMs += (GuidanceLimits.penaltyPauseDays * 24 + 1) * HOUR;
    try {
      const back = await call(
        'newCandidate',
        'GET',
        `/api/guidance/services/${services.guidance2}/slots`,
      );
      expect(back.status).toBe(200);
    } finally {
      clockMs = saved;
    }
  });
});

describe('reminders', () => {
  it('pushes to both sides an hour before, only while the session is still at that time', async () => {
    const [slot, later] = await farSlotsOf(services.mock);
    const booking = await confirmedBooking('candidate', services.mock, slot, 'reminder');
    const sent: { users: readonly string[]; title: string; url: string }[] = [];
    const notifications = {
      toUsers: (users: readonly string[], message: { title: string; url: string }) => {
        sent.push({ users, title: message.title, url: message.url });
        return Promise.resolve(users.length);
      },
    };
    const job = { bookingId: booking.id, startsAt: slot! };
    await sendReminder(database.db, notifications, job);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.users).toEqual([who.candidate.sub, who.referee.sub]);
    expect(sent[0]!.title).toBe('Mock interview in 1 hour');

    // Moved: the old job does nothing (the move queued one for the new time).
    const moved = await call(
      'candidate',
      'POST',
      `/api/guidance/bookings/${booking.id}/reschedule`,
      {
        startsAt: later,
      },
    );
    expect(moved.status, moved.body.errorMsg).toBe(200);
    await sendReminder(database.db, notifications, job);
    expect(sent).toHaveLength(1);
    const jobs = await database.db.execute(
      sql`SELECT singleton_key FROM pgboss.job WHERE name = 'guidance-reminder'`,
    );
    const keys = (jobs as { rows: { singleton_key: string }[] }).rows.map(
      (row) => row.singleton_key,
    );
    expect(keys).toContain(`guidance-reminder:${booking.id}:${later}`);

    // Cancelled: nothing either.
    await call('candidate', 'POST', `/api/guidance/bookings/${booking.id}/cancel`);
    await sendReminder(database.db, notifications, { bookingId: booking.id, startsAt: later! });
    expect(sent).toHaveLength(1);
  });

  it('tells the other side when a booking is confirmed or cancelled, as queued jobs', async () => {
    const slot = (await farSlotsOf(services.mock))[8]!;
    const booking = await confirmedBooking('candidate', services.mock, slot, 'notice');
    await call('referee', 'POST', `/api/guidance/bookings/${booking.id}/cancel`);
    const jobs = await database.db.execute(
      sql`SELECT data FROM pgboss.job WHERE name = 'guidance-notice' ORDER BY created_on`,
    );
    const notices = (
      jobs as { rows: { data: { bookingId: string; event: string; to: string } }[] }
    ).rows
      .map((row) => row.data)
      .filter((job) => job.bookingId === booking.id);
    expect(notices.map((job) => [job.event, job.to])).toEqual([
      ['confirmed', 'referee'],
      ['cancelled', 'candidate'],
    ]);
    const sent: { users: readonly string[]; title: string }[] = [];
    await deliverNotice(
      database.db,
      {
        toUsers: (users, message) => {
          sent.push({ users, title: message.title });
          return Promise.resolve(users.length);
        },
      },
      notices[1] as Parameters<typeof deliverNotice>[2],
    );
    expect(sent).toEqual([{ users: [who.candidate.sub], title: 'Mock interview cancelled' }]);
  });
});

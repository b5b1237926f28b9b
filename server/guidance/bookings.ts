/**
 * Bookings (issue 19): book → pay → confirmed → delivered → reviewed, with cancel, reschedule,
 * no-show and hold expiry, each allowed only to its actor (contract BOOKING_TRANSITIONS).
 *
 * Slots: every write that takes or moves a slot runs in one transaction that first locks the
 * referee (their guidance_settings row, FOR UPDATE), frees that referee's expired holds, computes
 * the free slots and only then writes; the partial unique index on (referee, starts_at) is the
 * backstop (a violation is answered as "slot taken"). Holds also expire when read (the
 * candidate's list, a booking, the company page's slots): no timer is needed for a hold to stop
 * blocking a calendar, because every computation of free slots ignores an expired hold.
 *
 * Money: a booking is paid from the wallet (same transaction) or through the gateway (payment.ts;
 * fulfilment confirms it in the payment's transaction). Refunds go to the wallet (wallet.ts).
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { randomBytes } from 'node:crypto';
import {
  BOOKING_TRANSITIONS,
  GuidanceErrors,
  GuidanceLimits,
  SLOT_HOLDING_STATES,
  isLiveKind,
  type BookingAction,
  type BookingActor,
  type BookingDto,
  type BookingState,
  type PaymentMethod,
  type ServiceKind,
} from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import {
  companies,
  guidanceBookingEvents,
  guidanceBookings,
  guidanceServices,
  refereeProfiles,
  users,
} from '../db/schema';
import { HttpError } from '../http/errors';
import type { Executor, Tx } from '../referrals/credits';
import { scheduleReminder, sendNotice } from './reminders';
import {
  applyPenalty,
  isPaused,
  lockReferee,
  newId,
  serializeService,
  windowsOf,
  type ServiceRow,
  type SettingsRow,
} from './services';
import { freeSlots, type BusyRange } from './slots';
import { appendWallet, refundKey, walletBalance, walletPaymentKey } from './wallet';

export type BookingRow = typeof guidanceBookings.$inferSelect;
export type Party = 'candidate' | 'referee';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A 409 that also says where the booking is (the app refreshes it). */
export class BookingConflict extends HttpError {
  constructor(
    message: string,
    readonly state: BookingState | null,
  ) {
    super(409, message);
  }
}

/** A Jitsi room nobody can guess (the referee may replace it with their own link). */
export function newMeetingUrl(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  let room = '';
  for (const byte of randomBytes(14)) room += alphabet[byte % alphabet.length];
  return `https://meet.jit.si/referralhub-${room}`;
}

const HOLDING = [...SLOT_HOLDING_STATES] as string[];

function isUniqueViolation(error: unknown): boolean {
  for (let inner = error, hops = 0; inner && hops < 5; hops += 1) {
    if ((inner as { code?: unknown }).code === '23505') return true;
    inner = (inner as { cause?: unknown }).cause;
  }
  return false;
}

async function recordEvent(
  tx: Executor,
  bookingId: string,
  action: BookingAction,
  actor: BookingActor,
  actorId: string | null,
  at: Date,
  note: string | null = null,
) {
  await tx.insert(guidanceBookingEvents).values({ bookingId, action, actor, actorId, note, at });
}

/**
 * Expired holds (requested, heldUntil passed) become `expired`, with a system event. Scoped to
 * one referee, one candidate or one booking. Returns the expired ids.
 */
export async function expireHolds(
  tx: Executor,
  scope: { refereeId?: string; candidateId?: string; bookingId?: string },
  now: Date,
): Promise<string[]> {
  const conditions = [eq(guidanceBookings.state, 'requested'), lt(guidanceBookings.heldUntil, now)];
  if (scope.refereeId) conditions.push(eq(guidanceBookings.refereeId, scope.refereeId));
  if (scope.candidateId) conditions.push(eq(guidanceBookings.candidateId, scope.candidateId));
  if (scope.bookingId) conditions.push(eq(guidanceBookings.id, scope.bookingId));
  const expired = await tx
    .update(guidanceBookings)
    .set({ state: 'expired', updatedAt: now })
    .where(and(...conditions))
    .returning({ id: guidanceBookings.id });
  for (const { id } of expired) await recordEvent(tx, id, 'expire', 'system', null, now);
  return expired.map((row) => row.id);
}

/** Time ranges the referee's slot-holding bookings take (expired holds excluded). */
export async function busyRangesOf(
  db: Executor,
  refereeId: string,
  now: Date,
  exceptBookingId?: string,
): Promise<BusyRange[]> {
  const rows = await db
    .select({
      id: guidanceBookings.id,
      state: guidanceBookings.state,
      startsAt: guidanceBookings.startsAt,
      endsAt: guidanceBookings.endsAt,
      heldUntil: guidanceBookings.heldUntil,
    })
    .from(guidanceBookings)
    .where(
      and(
        eq(guidanceBookings.refereeId, refereeId),
        inArray(guidanceBookings.state, HOLDING),
        isNotNull(guidanceBookings.startsAt),
      ),
    );
  return rows
    .filter((row) => row.id !== exceptBookingId)
    .filter((row) => !(row.state === 'requested' && row.heldUntil && row.heldUntil < now))
    .map((row) => ({ start: row.startsAt!.getTime(), end: row.endsAt!.getTime() }));
}

export async function slotsOf(
  db: Executor,
  service: ServiceRow,
  settings: SettingsRow | undefined,
  now: Date,
  options: { limit?: number; exceptBookingId?: string } = {},
): Promise<number[]> {
  if (!isLiveKind(service.kind as ServiceKind) || !settings) return [];
  const busy = await busyRangesOf(db, service.refereeId, now, options.exceptBookingId);
  return freeSlots({
    windows: windowsOf(settings),
    timeZone: settings.timeZone,
    durationMinutes: serializeService(service).durationMinutes!,
    busy,
    now,
    limit: options.limit,
  });
}

async function serviceById(db: Executor, serviceId: string): Promise<ServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(guidanceServices)
    .where(eq(guidanceServices.id, serviceId))
    .limit(1);
  return row;
}

/** Whether `startsAt` is one of the free slots (computed under the referee's lock). */
async function requireFreeSlot(
  tx: Tx,
  service: ServiceRow,
  settings: SettingsRow,
  startsAt: Date,
  now: Date,
  exceptBookingId?: string,
) {
  const slots = await slotsOf(tx, service, settings, now, {
    limit: 10_000,
    exceptBookingId,
  });
  if (slots.includes(startsAt.getTime())) return;
  // Inside a window but taken, or not one of the referee's times at all: different words.
  const open = freeSlots({
    windows: windowsOf(settings),
    timeZone: settings.timeZone,
    durationMinutes: serializeService(service).durationMinutes!,
    busy: [],
    now,
    limit: 10_000,
  });
  throw new BookingConflict(
    open.includes(startsAt.getTime()) ? GuidanceErrors.slotTaken : GuidanceErrors.slotNotOffered,
    null,
  );
}

/** At most openHoldsMax unpaid, unexpired holds per candidate (across referees). */
async function requireFewHolds(tx: Tx, candidateId: string, now: Date) {
  const open = await tx
    .select({ id: guidanceBookings.id })
    .from(guidanceBookings)
    .where(
      and(
        eq(guidanceBookings.candidateId, candidateId),
        eq(guidanceBookings.state, 'requested'),
        gt(guidanceBookings.heldUntil, now),
      ),
    );
  if (open.length >= GuidanceLimits.openHoldsMax) {
    throw new BookingConflict(GuidanceErrors.tooManyHolds, null);
  }
}

export interface CreateBookingInput {
  candidateId: string;
  serviceId: string;
  startsAt?: string;
  note?: string;
  now: Date;
}

export async function createBooking(db: Database, input: CreateBookingInput): Promise<BookingRow> {
  const { now } = input;
  const service = await serviceById(db, input.serviceId);
  if (!service || !service.enabled) throw new HttpError(404, GuidanceErrors.serviceNotFound);
  if (service.refereeId === input.candidateId) throw new HttpError(422, GuidanceErrors.ownService);
  const kind = service.kind as ServiceKind;
  const live = isLiveKind(kind);
  if (live && !input.startsAt) throw new HttpError(400, GuidanceErrors.slotRequired);
  if (!live && input.startsAt) throw new HttpError(400, GuidanceErrors.noSlotForAsync);
  if (!live) {
    // Resume writing rewrites the candidate's CV: with none on the profile there is nothing to
    // rewrite, so the order is refused before anything is held or paid (docs/decisions.md).
    const [candidate] = await db
      .select({ cvObjectKey: users.cvObjectKey })
      .from(users)
      .where(eq(users.id, input.candidateId))
      .limit(1);
    if (!candidate?.cvObjectKey) throw new HttpError(409, GuidanceErrors.cvRequired);
  }
  const [profile] = await db
    .select({ companyId: refereeProfiles.companyId })
    .from(refereeProfiles)
    .where(eq(refereeProfiles.userId, service.refereeId))
    .limit(1);
  if (!profile) throw new HttpError(404, GuidanceErrors.serviceNotFound);
  try {
    return await db.transaction(async (tx) => {
      const settings = await lockReferee(tx, service.refereeId);
      if (isPaused(settings, now)) throw new BookingConflict(GuidanceErrors.refereePaused, null);
      // The service as it is under the lock (the referee may have just switched it off).
      const current = await serviceById(tx, service.id);
      if (!current?.enabled) throw new HttpError(404, GuidanceErrors.serviceNotFound);
      await expireHolds(tx, { refereeId: service.refereeId }, now);
      await requireFewHolds(tx, input.candidateId, now);
      let startsAt: Date | null = null;
      let endsAt: Date | null = null;
      const duration = serializeService(current).durationMinutes;
      if (live) {
        startsAt = new Date(input.startsAt!);
        await requireFreeSlot(tx, current, settings, startsAt, now);
        endsAt = new Date(startsAt.getTime() + duration! * MINUTE);
      }
      const [row] = await tx
        .insert(guidanceBookings)
        .values({
          id: newId('bkg'),
          serviceId: current.id,
          refereeId: current.refereeId,
          candidateId: input.candidateId,
          companyId: profile.companyId,
          kind,
          state: 'requested',
          fee: current.fee,
          amount: current.fee * 100,
          startsAt,
          endsAt,
          heldUntil: new Date(now.getTime() + GuidanceLimits.holdMinutes * MINUTE),
          note: input.note || null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordEvent(tx, row!.id, 'book', 'candidate', input.candidateId, now);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BookingConflict(GuidanceErrors.slotTaken, null);
    throw error;
  }
}

/**
 * Locks the booking's referee, then the booking: always in this order (referee first, as booking
 * does), so two writes on one referee's bookings queue instead of deadlocking.
 */
export async function lockBooking(tx: Tx, id: string): Promise<BookingRow | undefined> {
  const [owner] = await tx
    .select({ refereeId: guidanceBookings.refereeId })
    .from(guidanceBookings)
    .where(eq(guidanceBookings.id, id))
    .limit(1);
  if (!owner) return undefined;
  await lockReferee(tx, owner.refereeId);
  const [row] = await tx
    .select()
    .from(guidanceBookings)
    .where(eq(guidanceBookings.id, id))
    .for('update');
  return row;
}

/**
 * Paid and still the candidate's: confirmed in the caller's transaction, with a meeting link
 * (live) or a due date (async), and the reminder queued.
 */
async function confirmPaid(
  tx: Tx,
  booking: BookingRow,
  payment: { method: PaymentMethod; orderId: string | null; actorId: string | null; now: Date },
): Promise<BookingRow> {
  const { now } = payment;
  const live = isLiveKind(booking.kind as ServiceKind);
  let deliveryDays: number = GuidanceLimits.defaultDeliveryDays;
  if (!live) {
    const service = await serviceById(tx, booking.serviceId);
    deliveryDays = service?.deliveryDays ?? deliveryDays;
  }
  const [row] = await tx
    .update(guidanceBookings)
    .set({
      state: 'confirmed',
      paidAt: now,
      paidWith: payment.method,
      orderId: payment.orderId ?? booking.orderId,
      heldUntil: null,
      meetingUrl: live ? (booking.meetingUrl ?? newMeetingUrl()) : null,
      dueAt: live ? null : new Date(now.getTime() + deliveryDays * DAY),
      updatedAt: now,
    })
    .where(eq(guidanceBookings.id, booking.id))
    .returning();
  await recordEvent(
    tx,
    booking.id,
    'pay',
    payment.actorId ? 'candidate' : 'system',
    payment.actorId,
    now,
    payment.method === 'wallet' ? 'Paid from the guidance wallet' : 'Paid online',
  );
  if (live) await scheduleReminder(tx, row!, now);
  await sendNotice(tx, {
    bookingId: booking.id,
    event: 'confirmed',
    to: 'referee',
    at: now.toISOString(),
  });
  return row!;
}

/**
 * The booking may still take its slot (an expired hold whose slot nobody took meanwhile is taken
 * again); false when someone else has it now.
 */
async function slotStillOurs(tx: Tx, booking: BookingRow, now: Date): Promise<boolean> {
  if (!booking.startsAt) return true;
  const busy = await busyRangesOf(tx, booking.refereeId, now, booking.id);
  const start = booking.startsAt.getTime();
  const end = booking.endsAt!.getTime();
  return !busy.some((range) => start < range.end && range.start < end);
}

/** Pays a requested booking from the wallet: the confirmed booking, or a 409 in words. */
export async function payFromWallet(
  db: Database,
  bookingId: string,
  candidateId: string,
  now: Date,
): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || booking.candidateId !== candidateId) {
      throw new HttpError(404, GuidanceErrors.bookingNotFound);
    }
    await requirePayable(tx, booking, now);
    const balance = await walletBalance(tx, candidateId);
    if (balance < booking.amount)
      throw new BookingConflict(GuidanceErrors.walletTooLow, 'requested');
    await appendWallet(tx, {
      userId: candidateId,
      kind: 'payment',
      amount: -booking.amount,
      bookingId: booking.id,
      uniqueKey: walletPaymentKey(booking.id),
      note: 'Paid a guidance booking',
    });
    return confirmPaid(tx, booking, { method: 'wallet', orderId: null, actorId: candidateId, now });
  });
}

/**
 * A booking that can be paid now (under the referee's lock): requested, or expired with its slot
 * still free (taken again: state back to requested). Else a 409.
 */
export async function requirePayable(tx: Tx, booking: BookingRow, now: Date): Promise<void> {
  if (booking.state !== 'requested' && booking.state !== 'expired') {
    throw new BookingConflict(GuidanceErrors.wrongState, booking.state as BookingState);
  }
  const lapsed = booking.state === 'expired' || (booking.heldUntil && booking.heldUntil < now);
  if (!lapsed) return;
  if (!(await slotStillOurs(tx, booking, now))) {
    if (booking.state === 'requested') await expireHolds(tx, { bookingId: booking.id }, now);
    throw new BookingConflict(GuidanceErrors.holdExpired, 'expired');
  }
  await tx
    .update(guidanceBookings)
    .set({
      state: 'requested',
      heldUntil: new Date(now.getTime() + GuidanceLimits.holdMinutes * MINUTE),
      updatedAt: now,
    })
    .where(eq(guidanceBookings.id, booking.id));
  booking.state = 'requested';
}

/**
 * A gateway payment for a booking was captured (payments/fulfil.ts, in the payment's
 * transaction, the order locked). Confirms the booking if its slot is still the candidate's;
 * otherwise the booking is cancelled and the money goes to the wallet. A payment for a booking
 * that is already paid (e.g. from the wallet meanwhile) is returned to the wallet as well.
 */
export async function fulfilBookingPayment(
  tx: Tx,
  order: { id: string; bookingId: string | null; userId: string; amount: number },
  now: Date,
): Promise<'confirmed' | 'refunded' | 'unknown-booking'> {
  if (!order.bookingId) return 'unknown-booking';
  const booking = await lockBooking(tx, order.bookingId);
  if (!booking) return 'unknown-booking';
  const refundToWallet = async (uniqueKey: string, note: string) => {
    await appendWallet(tx, {
      userId: order.userId,
      kind: 'refund',
      amount: order.amount,
      bookingId: booking.id,
      uniqueKey,
      note,
    });
  };
  if (booking.state === 'requested' || booking.state === 'expired') {
    const lapsed = booking.state === 'expired' || (booking.heldUntil && booking.heldUntil < now);
    if (!lapsed || (await slotStillOurs(tx, booking, now))) {
      await confirmPaid(tx, booking, { method: 'gateway', orderId: order.id, actorId: null, now });
      return 'confirmed';
    }
    await tx
      .update(guidanceBookings)
      .set({
        state: 'cancelled',
        cancelledBy: 'system',
        cancelReason: GuidanceErrors.lateSlotLost,
        paidAt: now,
        paidWith: 'gateway',
        orderId: order.id,
        refunded: order.amount,
        heldUntil: null,
        updatedAt: now,
      })
      .where(eq(guidanceBookings.id, booking.id));
    await recordEvent(tx, booking.id, 'cancel', 'system', null, now, GuidanceErrors.lateSlotLost);
    await refundToWallet(refundKey(booking.id), 'Slot taken before the payment arrived');
    await sendNotice(tx, {
      bookingId: booking.id,
      event: 'cancelled',
      to: 'candidate',
      at: now.toISOString(),
    });
    return 'refunded';
  }
  // Already paid another way, or cancelled before this payment landed: the money is returned.
  const neverPaid = booking.paidAt === null;
  await refundToWallet(
    neverPaid ? refundKey(booking.id) : `${refundKey(booking.id)}:${order.id}`,
    'A payment for a booking that no longer needed it',
  );
  if (neverPaid) {
    await tx
      .update(guidanceBookings)
      .set({ refunded: booking.refunded + order.amount, updatedAt: now })
      .where(eq(guidanceBookings.id, booking.id));
  }
  return 'refunded';
}

// ---------------------------------------------------------------------------------------------
// Transitions after payment.

const beforeCutoff = (booking: BookingRow, now: Date) =>
  !booking.startsAt ||
  booking.startsAt.getTime() - now.getTime() >= GuidanceLimits.cutoffHours * HOUR;

/** Async orders: the candidate may cancel with a refund just after paying or once overdue. */
const asyncCancellable = (booking: BookingRow, now: Date) =>
  (booking.paidAt !== null &&
    now.getTime() - booking.paidAt.getTime() <= GuidanceLimits.cutoffHours * HOUR) ||
  (booking.dueAt !== null && now.getTime() > booking.dueAt.getTime());

/** What `party` may do with `booking` now (the app's buttons; the writes check the same). */
export function allowedActions(booking: BookingRow, party: Party, now: Date): BookingAction[] {
  const state = booking.state as BookingState;
  const live = isLiveKind(booking.kind as ServiceKind);
  const may = (action: BookingAction) =>
    BOOKING_TRANSITIONS[action].actors.includes(party) &&
    BOOKING_TRANSITIONS[action].from.includes(state);
  const actions: BookingAction[] = [];
  if (may('pay')) actions.push('pay');
  if (may('cancel')) {
    const ok =
      state === 'requested' ||
      party === 'referee' ||
      (live ? beforeCutoff(booking, now) : asyncCancellable(booking, now));
    if (ok) actions.push('cancel');
  }
  if (may('reschedule') && live && beforeCutoff(booking, now)) actions.push('reschedule');
  if (may('link') && live) actions.push('link');
  if (may('deliver')) actions.push('deliver');
  if (may('noShow') && live && booking.startsAt && booking.startsAt <= now) actions.push('noShow');
  if (may('rate')) actions.push('rate');
  return actions;
}

/**
 * Locks the booking (and, for slot moves, its referee) and checks the caller: 404 for strangers,
 * 403 for the wrong party, 409 (with the state) for the wrong state.
 */
async function lockForAction(
  tx: Tx,
  bookingId: string,
  userId: string,
  action: BookingAction,
  now: Date,
): Promise<{ booking: BookingRow; party: Party }> {
  const locked = await lockBooking(tx, bookingId);
  if (!locked) throw new HttpError(404, GuidanceErrors.bookingNotFound);
  const party = partyOf(locked, userId);
  if (!party) throw new HttpError(404, GuidanceErrors.bookingNotFound);
  if (!BOOKING_TRANSITIONS[action].actors.includes(party)) {
    throw new HttpError(403, GuidanceErrors.notYours);
  }
  const expired = await expireHolds(tx, { bookingId }, now);
  const booking = expired.length ? { ...locked, state: 'expired' } : locked;
  if (!BOOKING_TRANSITIONS[action].from.includes(booking.state as BookingState)) {
    throw new BookingConflict(GuidanceErrors.wrongState, booking.state as BookingState);
  }
  return { booking, party };
}

export const partyOf = (booking: BookingRow, userId: string): Party | null =>
  booking.candidateId === userId ? 'candidate' : booking.refereeId === userId ? 'referee' : null;

async function update(tx: Tx, id: string, values: Partial<BookingRow>): Promise<BookingRow> {
  const [row] = await tx
    .update(guidanceBookings)
    .set(values)
    .where(eq(guidanceBookings.id, id))
    .returning();
  return row!;
}

export async function cancelBooking(
  db: Database,
  input: { bookingId: string; userId: string; reason?: string; now: Date },
): Promise<BookingRow> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const { booking, party } = await lockForAction(
      tx,
      input.bookingId,
      input.userId,
      'cancel',
      now,
    );
    const paid = booking.state === 'confirmed';
    const live = isLiveKind(booking.kind as ServiceKind);
    if (paid && party === 'candidate') {
      if (live && !beforeCutoff(booking, now)) {
        throw new BookingConflict(GuidanceErrors.insideCutoff, 'confirmed');
      }
      if (!live && !asyncCancellable(booking, now)) {
        throw new BookingConflict(GuidanceErrors.asyncNoRefund, 'confirmed');
      }
    }
    // spec-less (decisions): whoever cancels a paid booking when allowed, the candidate gets
    // the whole amount back in the wallet.
    const refund = paid ? booking.amount : 0;
    const row = await update(tx, booking.id, {
      state: 'cancelled',
      cancelledBy: party,
      cancelReason: input.reason || null,
      heldUntil: null,
      refunded: booking.refunded + refund,
      updatedAt: now,
    });
    await recordEvent(tx, booking.id, 'cancel', party, input.userId, now, input.reason || null);
    if (refund > 0) {
      await appendWallet(tx, {
        userId: booking.candidateId,
        kind: 'refund',
        amount: refund,
        bookingId: booking.id,
        uniqueKey: refundKey(booking.id),
        note: party === 'referee' ? 'Cancelled by the referee' : 'Cancelled by you',
      });
    }
    if (party === 'referee') await applyPenalty(tx, booking.refereeId, now);
    const other = party === 'referee' ? 'candidate' : 'referee';
    await sendNotice(tx, {
      bookingId: booking.id,
      event: 'cancelled',
      to: other,
      at: now.toISOString(),
    });
    return row;
  });
}

export async function rescheduleBooking(
  db: Database,
  input: { bookingId: string; userId: string; startsAt: string; now: Date },
): Promise<BookingRow> {
  const { now } = input;
  try {
    return await db.transaction(async (tx) => {
      const { booking, party } = await lockForAction(
        tx,
        input.bookingId,
        input.userId,
        'reschedule',
        now,
      );
      if (!booking.startsAt) throw new HttpError(422, GuidanceErrors.liveOnly);
      if (!beforeCutoff(booking, now)) {
        throw new BookingConflict(GuidanceErrors.insideCutoff, 'confirmed');
      }
      const service = (await serviceById(tx, booking.serviceId))!;
      const settings = await lockReferee(tx, booking.refereeId);
      const startsAt = new Date(input.startsAt);
      await requireFreeSlot(tx, service, settings, startsAt, now, booking.id);
      const length = booking.endsAt!.getTime() - booking.startsAt.getTime();
      const row = await update(tx, booking.id, {
        startsAt,
        endsAt: new Date(startsAt.getTime() + length),
        updatedAt: now,
      });
      await recordEvent(
        tx,
        booking.id,
        'reschedule',
        party,
        input.userId,
        now,
        `${booking.startsAt.toISOString()} → ${startsAt.toISOString()}`,
      );
      await scheduleReminder(tx, row, now);
      if (party === 'referee') await applyPenalty(tx, booking.refereeId, now);
      await sendNotice(tx, {
        bookingId: booking.id,
        event: 'rescheduled',
        to: party === 'referee' ? 'candidate' : 'referee',
        at: now.toISOString(),
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BookingConflict(GuidanceErrors.slotTaken, 'confirmed');
    throw error;
  }
}

export async function setMeetingLink(
  db: Database,
  input: { bookingId: string; userId: string; meetingUrl: string; now: Date },
): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const { booking } = await lockForAction(tx, input.bookingId, input.userId, 'link', input.now);
    if (!booking.startsAt) throw new HttpError(422, GuidanceErrors.liveOnly);
    const row = await update(tx, booking.id, {
      meetingUrl: input.meetingUrl,
      updatedAt: input.now,
    });
    await recordEvent(tx, booking.id, 'link', 'referee', input.userId, input.now);
    return row;
  });
}

export async function deliverBooking(
  db: Database,
  input: {
    bookingId: string;
    userId: string;
    note?: string;
    /** Async kinds: the uploaded file, already checked by the caller (files.ts). */
    file?: { key: string; name: string } | null;
    now: Date;
  },
): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const { booking } = await lockForAction(
      tx,
      input.bookingId,
      input.userId,
      'deliver',
      input.now,
    );
    const live = isLiveKind(booking.kind as ServiceKind);
    if (!live && !input.file) throw new HttpError(400, GuidanceErrors.fileRequired);
    const row = await update(tx, booking.id, {
      state: 'delivered',
      deliveredAt: input.now,
      deliveryNote: input.note || null,
      fileKey: input.file?.key ?? null,
      fileName: input.file?.name ?? null,
      updatedAt: input.now,
    });
    await recordEvent(tx, booking.id, 'deliver', 'referee', input.userId, input.now);
    await sendNotice(tx, {
      bookingId: booking.id,
      event: 'delivered',
      to: 'candidate',
      at: input.now.toISOString(),
    });
    return row;
  });
}

export async function markNoShow(
  db: Database,
  input: { bookingId: string; userId: string; now: Date },
): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const { booking } = await lockForAction(tx, input.bookingId, input.userId, 'noShow', input.now);
    if (!booking.startsAt) throw new HttpError(422, GuidanceErrors.liveOnly);
    if (booking.startsAt > input.now)
      throw new BookingConflict(GuidanceErrors.notStarted, 'confirmed');
    const row = await update(tx, booking.id, { state: 'no_show', updatedAt: input.now });
    await recordEvent(tx, booking.id, 'noShow', 'referee', input.userId, input.now);
    return row;
  });
}

export async function rateBooking(
  db: Database,
  input: { bookingId: string; userId: string; rating: number; review?: string; now: Date },
): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const { booking } = await lockForAction(tx, input.bookingId, input.userId, 'rate', input.now);
    const row = await update(tx, booking.id, {
      state: 'reviewed',
      rating: input.rating,
      review: input.review || null,
      updatedAt: input.now,
    });
    await recordEvent(tx, booking.id, 'rate', 'candidate', input.userId, input.now);
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// Reads.

const candidateUser = alias(users, 'candidate_user');

function bookingQuery(db: Executor) {
  return db
    .select({
      booking: guidanceBookings,
      companyName: companies.name,
      candidateName: candidateUser.name,
      candidateCvKey: candidateUser.cvObjectKey,
      refereeDesignation: refereeProfiles.designation,
    })
    .from(guidanceBookings)
    .innerJoin(companies, eq(companies.id, guidanceBookings.companyId))
    .innerJoin(candidateUser, eq(candidateUser.id, guidanceBookings.candidateId))
    .leftJoin(refereeProfiles, eq(refereeProfiles.userId, guidanceBookings.refereeId));
}

type BookingJoin = Awaited<ReturnType<ReturnType<typeof bookingQuery>['limit']>>[number];

async function serializeAll(
  db: Executor,
  rows: readonly BookingJoin[],
  userId: string,
  now: Date,
): Promise<BookingDto[]> {
  const ids = rows.map((row) => row.booking.id);
  const events = ids.length
    ? await db
        .select()
        .from(guidanceBookingEvents)
        .where(inArray(guidanceBookingEvents.bookingId, ids))
        .orderBy(asc(guidanceBookingEvents.id))
    : [];
  return rows.map((row) => {
    const b = row.booking;
    const role = partyOf(b, userId) ?? 'candidate';
    const firstName = row.candidateName.trim().split(/\s+/)[0] || null;
    return {
      id: b.id,
      state: b.state as BookingState,
      kind: b.kind as ServiceKind,
      serviceId: b.serviceId,
      companyId: b.companyId,
      companyName: row.companyName,
      fee: b.fee,
      amount: b.amount,
      startsAt: b.startsAt?.toISOString() ?? null,
      endsAt: b.endsAt?.toISOString() ?? null,
      durationMinutes:
        b.startsAt && b.endsAt ? (b.endsAt.getTime() - b.startsAt.getTime()) / MINUTE : null,
      heldUntil: b.state === 'requested' ? (b.heldUntil?.toISOString() ?? null) : null,
      dueAt: b.dueAt?.toISOString() ?? null,
      // The link is for a confirmed session only (not for a cancelled one, or before paying).
      meetingUrl: b.state === 'confirmed' ? b.meetingUrl : null,
      note: b.note,
      paidAt: b.paidAt?.toISOString() ?? null,
      paidWith: (b.paidWith as PaymentMethod | null) ?? null,
      orderId: b.state === 'requested' ? b.orderId : null,
      cancelledBy: (b.cancelledBy as BookingDto['cancelledBy']) ?? null,
      cancelReason: b.cancelReason,
      refunded: b.refunded,
      deliveredAt: b.deliveredAt?.toISOString() ?? null,
      deliveryNote: b.deliveryNote,
      hasFile: b.fileKey !== null,
      candidateHasCv: !isLiveKind(b.kind as ServiceKind) && row.candidateCvKey !== null,
      rating: b.rating,
      review: b.review,
      createdAt: b.createdAt.toISOString(),
      updatedAt: b.updatedAt.toISOString(),
      role,
      actions: allowedActions(b, role, now),
      counterpart:
        role === 'candidate'
          ? { name: null, designation: row.refereeDesignation }
          : { name: firstName, designation: null },
      events: events
        .filter((event) => event.bookingId === b.id)
        .map((event) => ({
          action: event.action as BookingAction,
          actor: event.actor as BookingActor,
          at: event.at.toISOString(),
          note: event.note,
        })),
    };
  });
}

/** One booking as `userId` sees it; undefined for strangers (404, never 403). */
export async function bookingFor(
  db: Database,
  bookingId: string,
  userId: string,
  now: Date,
): Promise<BookingDto | undefined> {
  await expireHolds(db, { bookingId }, now);
  const rows = await bookingQuery(db).where(eq(guidanceBookings.id, bookingId)).limit(1);
  const row = rows[0];
  if (!row || !partyOf(row.booking, userId)) return undefined;
  return (await serializeAll(db, rows, userId, now))[0];
}

export async function candidateBookings(db: Database, userId: string, now: Date) {
  await expireHolds(db, { candidateId: userId }, now);
  const rows = await bookingQuery(db)
    .where(eq(guidanceBookings.candidateId, userId))
    .orderBy(desc(guidanceBookings.createdAt), desc(guidanceBookings.id))
    .limit(GuidanceLimits.bookingsListed);
  return serializeAll(db, rows, userId, now);
}

/** The referee's schedule: their bookings except lapsed holds, soonest upcoming first. */
export async function refereeSchedule(db: Database, userId: string, now: Date) {
  await expireHolds(db, { refereeId: userId }, now);
  const rows = await bookingQuery(db)
    .where(and(eq(guidanceBookings.refereeId, userId), ne(guidanceBookings.state, 'expired')))
    .orderBy(desc(guidanceBookings.startsAt), desc(guidanceBookings.createdAt))
    .limit(GuidanceLimits.bookingsListed);
  return serializeAll(db, rows, userId, now);
}

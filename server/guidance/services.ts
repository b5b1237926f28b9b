/**
 * A referee's guidance side (issue 19): their services (one per spec §1 kind), their settings
 * (time zone, weekly windows, penalty pause) and their rating. Only verified referees offer
 * services; the settings row is created with the first save and is the referee's booking lock.
 */
import { and, avg, count, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import {
  DEFAULT_TIME_ZONE,
  GuidanceErrors,
  GuidanceLimits,
  SERVICE_KINDS,
  isLiveKind,
  type AvailabilityInput,
  type AvailabilityWindow,
  type RefereeGuidance,
  type ServiceDto,
  type ServiceInput,
  type ServiceKind,
} from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import {
  guidanceBookingEvents,
  guidanceBookings,
  guidanceServices,
  guidanceSettings,
  refereeProfiles,
} from '../db/schema';
import { HttpError } from '../http/errors';
import type { Executor, Tx } from '../referrals/credits';
import { isTimeZone, windowProblem } from './slots';

export type ServiceRow = typeof guidanceServices.$inferSelect;
export type SettingsRow = typeof guidanceSettings.$inferSelect;

const DAY = 24 * 60 * 60 * 1000;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A prefix + 16 random base36 characters: ids of services and bookings are not guessable. */
export function newId(prefix: string): string {
  let id = `${prefix}_`;
  for (const byte of randomBytes(16)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** The caller's verified referee profile, or 403 notReferee. */
export async function requireVerifiedReferee(db: Executor, userId: string) {
  const [profile] = await db
    .select()
    .from(refereeProfiles)
    .where(and(eq(refereeProfiles.userId, userId), eq(refereeProfiles.workEmailVerified, true)))
    .limit(1);
  if (!profile) throw new HttpError(403, GuidanceErrors.notReferee);
  return profile;
}

export function serializeService(row: ServiceRow): ServiceDto {
  const kind = row.kind as ServiceKind;
  const live = isLiveKind(kind);
  return {
    id: row.id,
    kind,
    enabled: row.enabled,
    fee: row.fee,
    durationMinutes: live ? (row.durationMinutes ?? GuidanceLimits.defaultDurationMinutes) : null,
    deliveryDays: live ? null : (row.deliveryDays ?? GuidanceLimits.defaultDeliveryDays),
    description: row.description,
  };
}

/** A kind never set up, as the dashboard shows it: off, at the lowest fee. */
function defaultService(kind: ServiceKind): ServiceDto {
  const live = isLiveKind(kind);
  return {
    id: '',
    kind,
    enabled: false,
    fee: GuidanceLimits.feeMinRupees,
    durationMinutes: live ? GuidanceLimits.defaultDurationMinutes : null,
    deliveryDays: live ? null : GuidanceLimits.defaultDeliveryDays,
    description: '',
  };
}

export async function settingsOf(
  db: Executor,
  refereeId: string,
): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(guidanceSettings)
    .where(eq(guidanceSettings.refereeId, refereeId))
    .limit(1);
  return row;
}

/**
 * The referee's booking lock: their settings row, FOR UPDATE, made first if missing. Booking,
 * paying, rescheduling and cancelling of one referee's bookings queue on it.
 */
export async function lockReferee(tx: Tx, refereeId: string): Promise<SettingsRow> {
  await tx.insert(guidanceSettings).values({ refereeId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(guidanceSettings)
    .where(eq(guidanceSettings.refereeId, refereeId))
    .for('update');
  return row!;
}

export const windowsOf = (settings: SettingsRow | undefined): AvailabilityWindow[] =>
  Array.isArray(settings?.windows) ? (settings.windows as AvailabilityWindow[]) : [];

export const isPaused = (settings: SettingsRow | undefined, now: Date) =>
  !!settings?.pausedUntil && settings.pausedUntil.getTime() > now.getTime();

export async function upsertService(
  db: Database,
  refereeId: string,
  kind: ServiceKind,
  input: ServiceInput,
  now: Date,
): Promise<ServiceRow> {
  const live = isLiveKind(kind);
  const values = {
    enabled: input.enabled,
    fee: input.fee,
    durationMinutes: live ? (input.durationMinutes ?? GuidanceLimits.defaultDurationMinutes) : null,
    deliveryDays: live ? null : (input.deliveryDays ?? GuidanceLimits.defaultDeliveryDays),
    description: input.description ?? '',
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    await tx.insert(guidanceSettings).values({ refereeId }).onConflictDoNothing();
    const [row] = await tx
      .insert(guidanceServices)
      .values({ id: newId('svc'), refereeId, kind, createdAt: now, ...values })
      .onConflictDoUpdate({
        target: [guidanceServices.refereeId, guidanceServices.kind],
        set: values,
      })
      .returning();
    return row!;
  });
}

export async function saveAvailability(
  db: Database,
  refereeId: string,
  input: AvailabilityInput,
  now: Date,
): Promise<void> {
  if (!isTimeZone(input.timeZone)) throw new HttpError(400, GuidanceErrors.badTimeZone);
  const problem = windowProblem(input.windows);
  if (problem) throw new HttpError(400, problem);
  const windows = input.windows.map(({ weekday, start, end }) => ({ weekday, start, end }));
  await db
    .insert(guidanceSettings)
    .values({ refereeId, timeZone: input.timeZone, windows, updatedAt: now })
    .onConflictDoUpdate({
      target: guidanceSettings.refereeId,
      set: { timeZone: input.timeZone, windows, updatedAt: now },
    });
}

/** Average rating (one decimal) and count of reviewed bookings, per referee. */
export async function ratingsOf(
  db: Executor,
  refereeIds: readonly string[],
): Promise<Map<string, { average: number | null; count: number }>> {
  const result = new Map<string, { average: number | null; count: number }>();
  if (refereeIds.length === 0) return result;
  const rows = await db
    .select({
      refereeId: guidanceBookings.refereeId,
      average: avg(guidanceBookings.rating),
      count: count(guidanceBookings.rating),
    })
    .from(guidanceBookings)
    .where(
      and(inArray(guidanceBookings.refereeId, [...refereeIds]), isNotNull(guidanceBookings.rating)),
    )
    .groupBy(guidanceBookings.refereeId);
  for (const row of rows) {
    result.set(row.refereeId, {
      average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
      count: Number(row.count),
    });
  }
  return result;
}

/** The referee's cancellations and reschedules in the penalty window (spec-less: decisions). */
export async function recentChangesOf(db: Executor, refereeId: string, now: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(guidanceBookingEvents)
    .where(
      and(
        eq(guidanceBookingEvents.actorId, refereeId),
        eq(guidanceBookingEvents.actor, 'referee'),
        inArray(guidanceBookingEvents.action, ['cancel', 'reschedule']),
        gte(
          guidanceBookingEvents.at,
          new Date(now.getTime() - GuidanceLimits.penaltyWindowDays * DAY),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * After a referee's cancellation or reschedule (already recorded as an event in `tx`): the third
 * in the window pauses them for penaltyPauseDays. A pause already running is not extended.
 */
export async function applyPenalty(tx: Tx, refereeId: string, now: Date): Promise<boolean> {
  const changes = await recentChangesOf(tx, refereeId, now);
  if (changes < GuidanceLimits.penaltyCount) return false;
  const settings = await settingsOf(tx, refereeId);
  if (isPaused(settings, now)) return false;
  await tx
    .update(guidanceSettings)
    .set({
      pausedUntil: new Date(now.getTime() + GuidanceLimits.penaltyPauseDays * DAY),
      updatedAt: now,
    })
    .where(eq(guidanceSettings.refereeId, refereeId));
  return true;
}

export async function refereeGuidance(
  db: Database,
  refereeId: string,
  now: Date,
): Promise<RefereeGuidance> {
  const [rows, settings, ratings, recentChanges] = await Promise.all([
    db.select().from(guidanceServices).where(eq(guidanceServices.refereeId, refereeId)),
    settingsOf(db, refereeId),
    ratingsOf(db, [refereeId]),
    recentChangesOf(db, refereeId, now),
  ]);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return {
    services: SERVICE_KINDS.map((kind) => {
      const row = byKind.get(kind);
      return row ? serializeService(row) : defaultService(kind);
    }),
    timeZone: settings?.timeZone ?? DEFAULT_TIME_ZONE,
    windows: windowsOf(settings),
    pausedUntil: isPaused(settings, now) ? settings!.pausedUntil!.toISOString() : null,
    recentChanges,
    rating: ratings.get(refereeId) ?? { average: null, count: 0 },
  };
}

/** Raw SQL fragment: the referee is not paused at `now` (for the public listings). */
export const notPausedAt = (now: Date) =>
  sql`(${guidanceSettings.pausedUntil} is null or ${guidanceSettings.pausedUntil} <= ${now.toISOString()})`;

/**
 * Free slots of a live service (issue 19): the referee's weekly windows, read in the referee's
 * own IANA time zone (so 18:00 in Asia/Kolkata stays 18:00 there whatever the candidate's zone),
 * minus every booking that holds a slot of the referee (any of their services), from
 * `minLeadMinutes` ahead of now to `slotDays` ahead. Starts fall on a 30-minute grid inside a
 * window and the whole session must fit in it. Pure functions of their inputs: the booking code
 * runs them under the referee's lock, so a slot it accepts is free at that moment.
 */
import {
  GuidanceErrors,
  GuidanceLimits,
  type AvailabilityWindow,
} from '../../src/domain/contract/guidance';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Starts are offered every 30 minutes (10:00, 10:30…), the grid calendars use. */
export const SLOT_STEP_MINUTES = 30;

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `instant`, as if it were UTC (ms). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The instant (ms) at which `timeZone`'s clocks show the wall time `wall` (UTC-based ms). */
export function instantOfWallClock(wall: number, timeZone: string): number {
  // Two rounds settle the offset, even across a DST change (India has none; other zones do).
  let guess = wall - (wallClockMs(wall, timeZone) - wall);
  guess = wall - (wallClockMs(guess, timeZone) - guess);
  return guess;
}

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
};

/** A window problem in words, or null: starts before it ends, no overlaps on one weekday. */
export function windowProblem(windows: readonly AvailabilityWindow[]): string | null {
  const byDay = new Map<number, [number, number][]>();
  for (const window of windows) {
    const start = minutesOf(window.start);
    const end = minutesOf(window.end);
    if (window.start === '24:00' || end <= start) return GuidanceErrors.badWindow;
    const day = byDay.get(window.weekday) ?? [];
    day.push([start, end]);
    byDay.set(window.weekday, day);
  }
  for (const ranges of byDay.values()) {
    ranges.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i += 1) {
      if (ranges[i]![0] < ranges[i - 1]![1]) return GuidanceErrors.overlappingWindows;
    }
  }
  return null;
}

export interface BusyRange {
  readonly start: number;
  readonly end: number;
}

export interface SlotQuery {
  readonly windows: readonly AvailabilityWindow[];
  readonly timeZone: string;
  readonly durationMinutes: number;
  /** Ranges (ms) already taken by the referee's slot-holding bookings. */
  readonly busy: readonly BusyRange[];
  readonly now: Date;
  readonly limit?: number;
}

/** Free starts (ms, ascending) for the next `slotDays` days. */
export function freeSlots(query: SlotQuery): number[] {
  const { windows, timeZone, durationMinutes, busy, now } = query;
  const limit = query.limit ?? GuidanceLimits.slotsListedMax;
  const earliest = now.getTime() + GuidanceLimits.minLeadMinutes * MINUTE;
  const latest = now.getTime() + GuidanceLimits.slotDays * DAY;
  const length = durationMinutes * MINUTE;
  const todayWall = wallClockMs(now.getTime(), timeZone);
  const firstDay = Date.UTC(
    new Date(todayWall).getUTCFullYear(),
    new Date(todayWall).getUTCMonth(),
    new Date(todayWall).getUTCDate(),
  );
  const slots: number[] = [];
  for (let d = 0; d <= GuidanceLimits.slotDays && slots.length < limit; d += 1) {
    const dayWall = firstDay + d * DAY;
    // ISO weekday: 1 = Monday … 7 = Sunday.
    const weekday = ((new Date(dayWall).getUTCDay() + 6) % 7) + 1;
    const today = windows
      .filter((window) => window.weekday === weekday)
      .sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    for (const window of today) {
      const end = minutesOf(window.end);
      for (
        let minute = minutesOf(window.start);
        minute + durationMinutes <= end;
        minute += SLOT_STEP_MINUTES
      ) {
        const start = instantOfWallClock(dayWall + minute * MINUTE, timeZone);
        if (start < earliest || start > latest) continue;
        if (busy.some((range) => start < range.end && range.start < start + length)) continue;
        slots.push(start);
        if (slots.length >= limit) break;
      }
      if (slots.length >= limit) break;
    }
  }
  return slots;
}

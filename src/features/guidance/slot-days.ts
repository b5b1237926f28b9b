/**
 * Slots and session times as a person reads them (issue 19 part 2): in the viewer's own time zone,
 * grouped by day ("Today", "Tomorrow", "Wed, 26 Nov"), with the zone named once ("Times in IST"),
 * so a candidate abroad never books 9 am Kolkata thinking it is 9 am at home. Pure functions over
 * ISO instants; the time zone is passed in so tests can pin it.
 */

/** The device's time zone; Asia/Kolkata when the platform does not say (issue 19 default). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Kolkata';
  } catch {
    return 'Asia/Kolkata';
  }
}

/** "IST", "GMT+1", "GMT": the short name people see on their clocks. */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The calendar day of an instant in a zone, as `YYYY-MM-DD` (sortable, comparable). */
export function dayKey(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** "Today", "Tomorrow" or "Wed, 26 Nov" for the day of `at`, seen from `now`, in the zone. */
export function dayLabel(at: Date, timeZone: string, now: Date = new Date()): string {
  const key = dayKey(at, timeZone);
  if (key === dayKey(now, timeZone)) return 'Today';
  if (key === dayKey(new Date(now.getTime() + DAY_MS), timeZone)) return 'Tomorrow';
  return new Intl.DateTimeFormat('en-IN', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(at);
}

/** "4:30 pm" in the zone. */
export function timeText(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** "Tomorrow, 4:30 pm IST": one session time in a sentence or a list row. */
export function whenText(iso: string, timeZone: string, now: Date = new Date()): string {
  const at = new Date(iso);
  return `${dayLabel(at, timeZone, now)}, ${timeText(at, timeZone)} ${timeZoneName(timeZone, at)}`;
}

export interface SlotDay<Slot> {
  /** `YYYY-MM-DD` in the viewer's zone. */
  readonly key: string;
  readonly label: string;
  readonly slots: readonly Slot[];
}

/**
 * Slots grouped by the viewer's calendar day, days and slots in time order; slots already begun
 * are left out (a cached list read offline hours later must not offer the past).
 */
export function groupSlotsByDay<Slot extends { readonly startsAt: string }>(
  slots: readonly Slot[],
  timeZone: string,
  now: Date = new Date(),
): SlotDay<Slot>[] {
  const upcoming = slots
    .filter((slot) => new Date(slot.startsAt).getTime() > now.getTime())
    .sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime());
  const days = new Map<string, Slot[]>();
  for (const slot of upcoming) {
    const key = dayKey(new Date(slot.startsAt), timeZone);
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return [...days].map(([key, list]) => ({
    key,
    label: dayLabel(new Date(list[0]!.startsAt), timeZone, now),
    slots: list,
  }));
}

/**
 * "Posted today", "Posted 3 days ago", or the date for anything older than a month: a job's age
 * as the listing and the job page show it, and the server's first screen of them (issue 24).
 */

/** Short month names as `toLocaleDateString('en-IN', { month: 'short' })` writes them. */
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
];

export function postedText(iso: string | null | undefined, now = Date.now()): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(time)) return '';
  const days = Math.floor((now - time) / 86_400_000);
  if (days <= 0) return 'Posted today';
  if (days === 1) return 'Posted yesterday';
  if (days < 30) return `Posted ${days} days ago`;
  return `Posted on ${postedDate(new Date(time))}`;
}

/**
 * "5 Nov 2026", as `toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year:
 * 'numeric' })` writes it, without Intl: a listing of older jobs made a date format per card,
 * ~25 ms each on a phone's slowed core, ~240 ms of a `/jobs` load (profiled 2026-11-27); and the
 * server's first screen and the app write the same text whatever their ICU data.
 */
function postedDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

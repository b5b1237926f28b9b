/**
 * "Posted today", "Posted 3 days ago", or the date for anything older than a month: a job's age
 * as the listing and the job page show it, and the server's first screen of them (issue 24).
 */
export function postedText(iso: string | null | undefined, now = Date.now()): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(time)) return '';
  const days = Math.floor((now - time) / 86_400_000);
  if (days <= 0) return 'Posted today';
  if (days === 1) return 'Posted yesterday';
  if (days < 30) return `Posted ${days} days ago`;
  return `Posted on ${new Date(time).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

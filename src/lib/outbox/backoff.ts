import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from './model';

/**
 * How long to wait before attempt `attempts + 1` (design/outbox.md): 1 s, 2 s, 4 s … doubling,
 * capped at 30 s (spec §9), with "equal jitter": between half and all of that, so a hundred
 * actions that failed together do not all come back in the same instant.
 *
 * @param attempts failed attempts so far (≥ 1 after the first failure)
 * @param random a number in [0, 1) (injectable for tests)
 */
export function retryDelayMs(attempts: number, random: number = Math.random()): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** exponent);
  const jitter = Math.min(Math.max(random, 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * jitter);
}

/**
 * A Retry-After header (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) as ms from `now`, or
 * null when there is none or it cannot be read. A date in the past is 0.
 */
export function retryAfterMs(header: string | null, now: number): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1_000;
  // An HTTP-date names its day and month; Date.parse alone would take '-3' for a year.
  const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * When attempt `attempts + 1` may go: the backoff, but never before the server asked (its
 * Retry-After, `waitMs`); the spec's 30 s cap (§9) bounds the server's ask as well, so a
 * misconfigured Retry-After cannot park a user's action for an hour.
 */
export function nextAttemptDelayMs(attempts: number, random: number, waitMs = 0): number {
  return Math.max(retryDelayMs(attempts, random), Math.min(waitMs, MAX_BACKOFF_MS));
}

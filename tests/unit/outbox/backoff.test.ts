import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAttemptDelayMs, retryAfterMs, retryDelayMs } from '@/lib/outbox/backoff';
import { classifyFailure, isOk, isTransient } from '@/lib/outbox/classify';
import { FIRST_BACKOFF_MS, MAX_BACKOFF_MS } from '@/lib/outbox/model';
import { result } from './helpers';

/** The ceiling of the spec: 1 s, 2 s, 4 s … doubling per failed attempt, at most 30 s. */
function ceilingFor(attempts: number) {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, attempts - 1));
}

describe('retryDelayMs (spec §9: exponential, capped at 30 s, equal jitter)', () => {
  it('uses the spec constants', () => {
    expect(FIRST_BACKOFF_MS).toBe(1_000);
    expect(MAX_BACKOFF_MS).toBe(30_000);
  });

  it('doubles from 1 s and caps at 30 s (random → 1 gives the ceiling)', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 10, 50].map((n) => retryDelayMs(n, 0.999_999_999));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('never goes below half the ceiling (random 0)', () => {
    expect([1, 2, 3, 4, 5, 6, 40].map((n) => retryDelayMs(n, 0))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000,
    ]);
  });

  it('spreads with the random number inside the band', () => {
    expect(retryDelayMs(3, 0.5)).toBe(3_000);
    expect(retryDelayMs(6, 0.5)).toBe(22_500);
  });

  it('treats attempts below 1 like the first failure and clamps odd random numbers', () => {
    expect(retryDelayMs(0, 0)).toBe(500);
    expect(retryDelayMs(-5, 1)).toBe(1_000);
    expect(retryDelayMs(2, -3)).toBe(1_000);
    expect(retryDelayMs(2, 7)).toBe(2_000);
  });

  it('stays within [ceiling/2, ceiling] for any attempts and random (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempts, random) => {
          const delay = retryDelayMs(attempts, random);
          const ceiling = ceilingFor(attempts);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
          expect(delay).toBeLessThanOrEqual(ceiling);
          expect(delay).toBeLessThanOrEqual(MAX_BACKOFF_MS);
        },
      ),
    );
  });

  it('never shrinks with more attempts or a larger random number (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempts, more, r1, r2) => {
          const [low, high] = r1 <= r2 ? [r1, r2] : [r2, r1];
          // Monotonic ceiling: the same random number never waits less after more failures.
          expect(retryDelayMs(attempts + more, low)).toBeGreaterThanOrEqual(
            retryDelayMs(attempts, low),
          );
          expect(retryDelayMs(attempts, high)).toBeGreaterThanOrEqual(retryDelayMs(attempts, low));
        },
      ),
    );
  });

  it('uses Math.random by default and stays in the band', () => {
    for (let i = 0; i < 50; i += 1) {
      const delay = retryDelayMs(4);
      expect(delay).toBeGreaterThanOrEqual(4_000);
      expect(delay).toBeLessThanOrEqual(8_000);
    }
  });
});

describe('Retry-After (a busy or rate-limiting server says when to come back)', () => {
  const now = Date.parse('2026-11-29T20:00:00Z');

  it('reads delay-seconds and an HTTP-date; a past date is now', () => {
    expect(retryAfterMs('5', now)).toBe(5_000);
    expect(retryAfterMs(' 120 ', now)).toBe(120_000);
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('Sun, 29 Nov 2026 20:00:42 GMT', now)).toBe(42_000);
    expect(retryAfterMs('Sun, 29 Nov 2026 19:00:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('', now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-3', now)).toBeNull();
  });

  it('the next attempt waits for the later of the backoff and the server, at most 30 s', () => {
    // First failure: a 500-1000 ms backoff; the server asked for 5 s.
    expect(nextAttemptDelayMs(1, 0, 5_000)).toBe(5_000);
    // The backoff is already longer than the server's ask.
    expect(nextAttemptDelayMs(5, 0.999_999_999, 2_000)).toBe(16_000);
    // An hour is capped at the spec's 30 s.
    expect(nextAttemptDelayMs(1, 0, 3_600_000)).toBe(MAX_BACKOFF_MS);
    // No ask: the backoff alone.
    expect(nextAttemptDelayMs(3, 0.5)).toBe(retryDelayMs(3, 0.5));
  });
});

describe('classifyFailure (design "Per response")', () => {
  it('401 waits for a fresh token', () => {
    expect(classifyFailure(result(401, null, 'Unauthorized'))).toMatchObject({ type: 'auth' });
  });

  it.each([408, 425, 429, 500, 502, 503, 504, 599])('%i is retried with backoff', (status) => {
    expect(classifyFailure(result(status, null, 'busy'))).toEqual({ type: 'retry', error: 'busy' });
    expect(isTransient(status)).toBe(true);
  });

  it("a transient answer carries the server's Retry-After as the wait", () => {
    expect(classifyFailure({ ...result(503, null, 'busy'), retryAfterMs: 2_000 })).toEqual({
      type: 'retry',
      error: 'busy',
      waitMs: 2_000,
    });
    expect(classifyFailure({ ...result(429, null, 'slow down'), retryAfterMs: 0 })).toEqual({
      type: 'retry',
      error: 'slow down',
    });
  });

  it('a 5xx without errorMsg still says what happened', () => {
    expect(classifyFailure(result(503))).toEqual({
      type: 'retry',
      error: 'The server answered 503',
    });
  });

  it('409 for an Idempotency-Key still being processed is retried', () => {
    expect(
      classifyFailure(
        result(409, null, 'A request with this Idempotency-Key is still being processed'),
      ),
    ).toMatchObject({ type: 'retry' });
  });

  it('409 for anything else fails with the server message', () => {
    expect(classifyFailure(result(409, null, 'Conflict with the current state'))).toEqual({
      type: 'fail',
      error: 'Conflict with the current state',
    });
  });

  it.each([400, 403, 404, 410, 413, 422])('%i fails with the errorMsg', (status) => {
    expect(classifyFailure(result(status, null, `message ${status}`))).toEqual({
      type: 'fail',
      error: `message ${status}`,
    });
    expect(isTransient(status)).toBe(false);
  });

  it('a 4xx without errorMsg fails with the status', () => {
    expect(classifyFailure(result(400))).toEqual({
      type: 'fail',
      error: 'The server answered 400',
    });
  });

  it('isOk is exactly 2xx', () => {
    expect([199, 200, 201, 204, 299, 300, 304, 400].map((s) => isOk(result(s)))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

/**
 * A fixed-window, in-memory limiter per client address: enough for one public form on one
 * server process (a restart forgets the counts, which only errs towards letting people write).
 * Kept inside this module so the contact form is protected whatever else is registered.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export function createRateLimiter({ max, windowMs }: RateLimit, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();

  return {
    /** Counts a hit for `key`; returns the seconds to wait when it is over the limit, else 0. */
    hit(key: string): number {
      const time = now();
      // Forget expired windows now and then, so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (time - w.start >= windowMs) windows.delete(k);
      }
      const window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        windows.set(key, { start: time, count: 1 });
        return 0;
      }
      window.count += 1;
      return window.count > max ? Math.ceil((window.start + windowMs - time) / 1000) : 0;
    },
  };
}

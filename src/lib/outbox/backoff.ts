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

/**
 * The CV parse wait (spec §4 Resume update step 5, spec §9):
 * - poll basic details up to 4 retries, 8 s apart, until isCvExtracted;
 * - the loader runs at most 40 s, switches to fast mode after 8 s, and its bar creeps towards
 *   95 % (never 100 % until the parse is really done).
 * "Fast mode" is ours to shape: the bar fills 40 % in the first 8 s, then closes in on 95 %
 * quickly at first and ever more slowly, so it never stalls and never claims completion.
 * ("Checks every 5 s" of the loader is the poll here: the poll's own 8 s rhythm decides.)
 */
export const PARSE_POLL_INTERVAL_MS = 8_000;
export const PARSE_POLL_RETRIES = 4;
export const PARSE_LOADER_MAX_MS = 40_000;
export const FAST_MODE_AFTER_MS = 8_000;
const CEILING = 95;
const SLOW_PHASE_SHARE = 40;

export function parseLoaderProgress(elapsedMs: number): number {
  const t = Math.max(0, elapsedMs);
  if (t <= FAST_MODE_AFTER_MS) return (SLOW_PHASE_SHARE * t) / FAST_MODE_AFTER_MS;
  const fast = 1 - Math.exp(-(t - FAST_MODE_AFTER_MS) / 8_000);
  return Math.min(CEILING, SLOW_PHASE_SHARE + (CEILING - SLOW_PHASE_SHARE) * fast);
}

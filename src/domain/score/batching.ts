/**
 * Pacing for background scoring (spec §9: "Scores are computed in batches of 25 with a 50 ms
 * pause"). The Web Worker scores a batch, writes it, reports progress and yields for the pause,
 * so IndexedDB writes and progress messages stay small and steady on low-end phones.
 */

// spec §9: batches of 25 ...
export const SCORE_BATCH_SIZE = 25;
// spec §9: ... with a 50 ms pause.
export const SCORE_BATCH_PAUSE_MS = 50;

/** Splits `items` into consecutive batches of at most `size` (a size below 1 counts as 1). */
export function toBatches<T>(items: readonly T[], size: number = SCORE_BATCH_SIZE): T[][] {
  const step = Math.max(1, Math.floor(Number.isFinite(size) ? size : SCORE_BATCH_SIZE));
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += step) {
    batches.push(items.slice(start, start + step));
  }
  return batches;
}

/**
 * Whether the database code (`./index`, with Dexie) has been evaluated in this context: set by
 * `./index` itself, read by loader.ts. A module of its own so neither imports the other.
 */
let evaluated = false;
const waiting = new Set<() => void>();

export function markDbEvaluated(): void {
  evaluated = true;
  for (const callback of waiting) callback();
  waiting.clear();
}

export function dbEvaluated(): boolean {
  return evaluated;
}

/**
 * Calls `callback` once the database code is evaluated (at once if it is), until the returned
 * function is called: a screen that found nothing saved starts watching when something is.
 */
export function whenDbEvaluated(callback: () => void): () => void {
  if (evaluated) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

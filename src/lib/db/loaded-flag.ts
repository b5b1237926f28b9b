/**
 * Whether the database code (`./index`, with Dexie) has been evaluated in this context: set by
 * `./index` itself, read by loader.ts. A module of its own so neither imports the other. Also
 * whether this page will load it anyway: set by the app's entry, which does not import
 * loader.ts (a first load of `/` does not need it).
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

let loadsOnPage = false;

/**
 * Whether this page loads the database code anyway (a signed-in user's: the outbox, match scores
 * and the token mirror need it): its background saves then wait for it on the page instead of
 * downloading the device-save worker's own copy of Dexie beside it (loader.ts).
 */
export function setDatabaseLoadsOnPage(loads: boolean): void {
  loadsOnPage = loads;
}

export function databaseLoadsOnPage(): boolean {
  return loadsOnPage;
}

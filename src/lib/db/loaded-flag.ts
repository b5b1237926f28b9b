/**
 * Whether the database code (`./index`, with Dexie) has been evaluated in this context: set by
 * `./index` itself, read by loader.ts. A module of its own so neither imports the other.
 */
let evaluated = false;

export function markDbEvaluated(): void {
  evaluated = true;
}

export function dbEvaluated(): boolean {
  return evaluated;
}

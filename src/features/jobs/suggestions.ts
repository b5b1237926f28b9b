/** A known value of a list filter (GET /job/facets), most common first. */
export interface Suggestion {
  readonly value: string;
  readonly count?: number;
}

/** The suggestion typed text stands for: the same word in any case; with `resolve`, the first
 * (most common) one it starts, else one it is part of. */
export function resolveSuggestion(
  typed: string,
  suggestions: readonly Suggestion[],
  resolve: boolean,
): string {
  const lower = typed.toLowerCase();
  const exact = suggestions.find((s) => s.value.toLowerCase() === lower);
  if (exact) return exact.value;
  if (!resolve || lower.length < 2) return typed;
  const starts = suggestions.find((s) => s.value.toLowerCase().startsWith(lower));
  const within = suggestions.find((s) => s.value.toLowerCase().includes(lower));
  return (starts ?? within)?.value ?? typed;
}

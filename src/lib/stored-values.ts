/**
 * Small checks for values the app reads back from outside its own code before any API answer:
 * URL search params (a link may be old or hand-written) and what it stored in localStorage
 * (another build, another tab, a user's edit). Plain TypeScript: they run on the first load of
 * every page, and the contract's validator (zod, ~10 KB gzip) is not needed there (issue 24's
 * 120 KB budget for `/`). API requests and answers keep the contract's schemas (src/domain).
 * Each check answers the value or undefined: a bad value is dropped, never trusted.
 */

/** A string of at most `max` characters. */
export function boundedString(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** A string of at most `max` characters with something in it besides spaces. */
export function boundedText(value: unknown, max: number): string | undefined {
  const text = boundedString(value, max);
  return text?.trim() ? text : undefined;
}

/** A non-empty list of at most `maxItems` strings of at most `maxLength` characters each. */
export function boundedList(
  value: unknown,
  maxItems: number,
  maxLength: number,
): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > maxItems) return undefined;
  return value.every((item) => boundedString(item, maxLength) !== undefined)
    ? (value as string[])
    : undefined;
}

/** One of `options`. */
export function oneOf<const T extends string>(
  value: unknown,
  options: readonly T[],
): T | undefined {
  return options.find((option) => option === value);
}

/**
 * Opaque keyset cursors (`lastKey`): base64url JSON of the last row's sort key. Keyset paging
 * stays stable while rows are added: a page never repeats or skips a row that was already there.
 *
 * A cursor comes back from the caller, so it is input like any other: its fields are checked
 * before they reach SQL. A well-formed but impossible date in one (2024-02-30, hour 25) used to
 * reach Postgres and answer 500 (issue 23 item 7).
 */
import { z } from 'zod';
import { BadRequestError } from './errors';
import { findForbiddenInput } from './validation';

export function encodeCursor(value: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when `text` is a timestamptz as Postgres prints it and names a real moment. */
export function isRealTimestamp(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, , offsetHours = 0] = match
    .slice(1)
    .map(Number);
  const offsetMinutes = match[9] === undefined ? 0 : Number(match[9]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  // Postgres accepts UTC offsets up to ±15:59.
  return (
    day <= days &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

/** A `created_at` carried in a cursor as Postgres printed it (microseconds kept). */
export const cursorTimestamp = z
  .string()
  .max(40)
  .refine(isRealTimestamp, 'not a real date and time');

export function decodeCursor<T extends z.ZodType>(
  schema: T,
  raw: string | undefined,
): z.infer<T> | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    // The request guard saw only the base64 text: a NUL inside the JSON is checked here.
    const parsed = findForbiddenInput(value) ? undefined : schema.safeParse(value);
    if (parsed?.success) return parsed.data;
  } catch {
    // fall through to the error below
  }
  throw new BadRequestError('Invalid lastKey: it must be a value returned by a previous page');
}

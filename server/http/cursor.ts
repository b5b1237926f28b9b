/**
 * Opaque keyset cursors (`lastKey`): base64url JSON of the last row's sort key. Keyset paging
 * stays stable while rows are added: a page never repeats or skips a row that was already there.
 */
import type { z } from 'zod';
import { BadRequestError } from './errors';

export function encodeCursor(value: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(
  schema: T,
  raw: string | undefined,
): z.infer<T> | undefined {
  if (!raw) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through to the error below
  }
  throw new BadRequestError('Invalid lastKey: it must be a value returned by a previous page');
}

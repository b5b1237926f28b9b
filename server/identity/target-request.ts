/**
 * Validates the body of a user-pool API call the stand-in answers itself. A bad body becomes
 * Cognito's InvalidParameterException (HTTP 400 with `__type`), as AWS answers it, instead of a
 * crash deep inside a handler.
 */
import type { z } from 'zod';
import { InvalidParameterError } from './cognito-local-internals';

export function parseTargetRequest<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.infer<Schema> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'request';
    throw new InvalidParameterError(`${where}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

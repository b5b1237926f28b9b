/**
 * Request validation with zod at the edge: a bad body, param or query answers 400 with a clear
 * `errorMsg` naming the field, never a 500 (DEVELOPERS.md, standards).
 */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { BadRequestError } from './errors';

export { BadRequestError } from './errors';

export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  input: unknown,
  what: string,
): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : what;
  throw new BadRequestError(`Invalid ${what}: ${field}: ${issue?.message ?? 'invalid value'}`);
}

export function sendError(reply: FastifyReply, status: number, errorMsg: string) {
  return reply.code(status).send({ errorMsg });
}

/** Comma-separated query lists ("React,Node.js") → trimmed, non-empty, de-duplicated. */
export function splitList(value: string | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

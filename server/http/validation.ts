/**
 * Request validation with zod at the edge: a bad body, param or query answers 400 with a clear
 * `errorMsg` naming the field, never a 500 (DEVELOPERS.md, standards).
 *
 * Besides each route's own schema, one guard (`registerInputGuard`) checks every request of every
 * route before its handler: what no schema can express once per field, a NUL character in any
 * string, which Postgres `text` cannot store or compare (issue 23 item 7: 45 fuzz cases were 500),
 * and JSON nested deeper than any of our bodies, which recursive code (JSON.stringify with a
 * replacer, zod) would overflow the stack on.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as z from 'zod/mini';
import { BadRequestError } from './errors';

export { BadRequestError } from './errors';
export { splitList } from '../../src/domain/contract/common';

// The contract's schemas are zod/mini, which registers no locale: the 400 texts are English.
z.config(z.locales.en());

/** Parses with a contract (zod/mini) or server (zod) schema; a failure is a 400 naming the field. */
export function parseOrThrow<T extends z.core.$ZodType>(
  schema: T,
  input: unknown,
  what: string,
): z.infer<T> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : what;
  throw new BadRequestError(`Invalid ${what}: ${field}: ${issue?.message ?? 'invalid value'}`);
}

export function sendError(reply: FastifyReply, status: number, errorMsg: string) {
  return reply.code(status).send({ errorMsg });
}

/** The one character Postgres `text` cannot hold: a value carrying it fails in the database. */
const NUL = '\u0000';

/** Our deepest body (a job: job → location → fullLocation → item) is 4 levels; 1 MB of `[[[[…`
 * is 500,000. */
export const MAX_INPUT_DEPTH = 20;

/** The parts of a request that carry caller-chosen strings, as Fastify has parsed them. */
const INPUT_PARTS = ['params', 'query', 'body'] as const;

/**
 * The first thing in a parsed request part that no route accepts, as `field.path: reason`, or
 * undefined when it is clean. Walks with its own stack, not by recursion, for the same reason it
 * limits the depth.
 */
export function findForbiddenInput(value: unknown): string | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const where = item.path || 'value';
    if (typeof item.value === 'string') {
      if (item.value.includes(NUL)) {
        return `${where}: text must not contain the NUL character (\\u0000)`;
      }
      continue;
    }
    // Plain objects and arrays only: a raw upload body (a Buffer) is bytes, not text.
    if (typeof item.value !== 'object' || item.value === null || Buffer.isBuffer(item.value)) {
      continue;
    }
    if (item.depth >= MAX_INPUT_DEPTH) {
      return `${where}: nested more than ${MAX_INPUT_DEPTH} levels deep`;
    }
    for (const key of Object.keys(item.value)) {
      if (key.includes(NUL)) return `${where}: a field name contains the NUL character`;
      // Fastify's JSON parser refuses this key; the query parser and the scopes with their own
      // JSON parser do not, so the rule lives here once.
      if (key === '__proto__') return `${where}: the field name __proto__ is not allowed`;
      const path = item.path ? `${item.path}.${key}` : key;
      const inner = (item.value as Record<string, unknown>)[key];
      stack.push({ value: inner, path, depth: item.depth + 1 });
    }
  }
  return undefined;
}

export interface RouteSummary {
  method: string;
  url: string;
}

const routeLists = new WeakMap<FastifyInstance, RouteSummary[]>();

/**
 * Checks the params, query and JSON body of every route registered after it (so: call it before
 * any route) and answers 400 naming the field. preValidation is the first hook that sees the
 * parsed body; it runs before idempotency (preHandler) stores anything.
 * Also records every route, so tests can reach all of them (tests/server/input-fuzz.test.ts).
 */
export function registerInputGuard(app: FastifyInstance) {
  const routes: RouteSummary[] = [];
  routeLists.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of INPUT_PARTS) {
      const problem = findForbiddenInput(request[part]);
      if (problem) return done(new BadRequestError(`Invalid ${part}: ${problem}`));
    }
    done();
  });
}

/** Every route registered since `registerInputGuard`, in registration order. */
export function registeredRoutes(app: FastifyInstance): readonly RouteSummary[] {
  return routeLists.get(app) ?? [];
}

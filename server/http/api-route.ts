/**
 * One description per route (issue 15): its method, URL, summary, whether it needs a bearer
 * token, the contract's schemas for its params, query and body, and what each status means.
 * A route module exports its descriptors; `registerRoute` registers the handler under the
 * descriptor's method and URL, and the OpenAPI document (openapi.ts) is generated from the same
 * descriptors, so a path is written once. Handlers still parse with `parseOrThrow(route.body, …)`
 * where they choose to (after authorisation, say), so the order of answers is theirs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type * as z from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse {
  readonly description: string;
  /** The contract's answer schema, when the answer is JSON the clients parse. */
  readonly schema?: z.core.$ZodType;
}

export interface ApiRoute {
  readonly method: HttpMethod;
  /** The full path in Fastify's form (`/jobs-api/job/:id`), prefix included. */
  readonly url: string;
  readonly summary: string;
  /** A bearer token is needed (or read, when present). */
  readonly auth?: boolean;
  readonly params?: z.core.$ZodType;
  readonly query?: z.core.$ZodType;
  readonly body?: z.core.$ZodType;
  /** false: the body may be left out (default: required when there is a body schema). */
  readonly bodyRequired?: boolean;
  /** Status → meaning (and schema); the shared 400/401 are added for routes that take input. */
  readonly responses: Readonly<Record<number, ApiResponse>>;
}

/** Keeps the descriptor's literal types, so `route.body` parses to its own type. */
export function defineRoute<const R extends ApiRoute>(route: R): R {
  return route;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** Registers `handler` under the route's method and URL, with Fastify options (rate limits…). */
export function registerRoute(
  app: FastifyInstance,
  route: ApiRoute,
  handler: Handler,
  options: RouteShorthandOptions = {},
): void {
  app.route({ ...options, method: route.method, url: route.url, handler });
}

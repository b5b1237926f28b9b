/**
 * Cross-origin access and rate limits.
 * - CORS: off by default (the app and the APIs share one origin). When the app is served from
 *   another host (spec §7's separate API and jobs hosts), CORS_ORIGINS lists the app origins that
 *   may call; credentials are bearer tokens, not cookies, so no credentialed CORS is needed.
 * - Rate limits: none globally (browsing and the load benchmark must not be throttled); routes
 *   that write or are abused by bots opt in with `config: { rateLimit: WRITE_RATE_LIMIT }`.
 *   A signed-in caller is counted by the verified user, anyone else by address (issue 23:
 *   behind the TLS proxy every user had the proxy's address, so the whole site shared one
 *   bucket; carrier NAT does the same to mobile users). The address is the socket's, or the
 *   client's from X-Forwarded-For when TRUST_PROXY names the proxy (server/config.ts).
 */
import cors from '@fastify/cors';
import rateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

// Route options read these objects when the routes are registered, which happens after
// registerProtection has applied the configured numbers (RATE_LIMIT_* in server/config.ts).
export const WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
export const UPLOAD_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export interface ProtectionOptions {
  corsOrigins: string[];
  writesPerMinute?: number;
  uploadsPerMinute?: number;
  /** A store shared by all server processes (rate-limit-store.ts); in-memory without one. */
  store?: FastifyRateLimitStoreCtor;
}

/**
 * Whose bucket a request counts against. The plugin's hook runs at route level, after the
 * instance's onRequest hooks, so authentication (server/auth/authenticate.ts) has already set
 * `request.principalId` (the verified `sub`); an invalid token leaves it unset and counts by
 * address.
 */
export function rateLimitKey(request: FastifyRequest): string {
  const user = request.principalId;
  return user ? `user:${user}` : `ip:${normalizeIP(request.ip)}`;
}

export async function registerProtection(
  app: FastifyInstance,
  { corsOrigins, writesPerMinute = 30, uploadsPerMinute = 10, store }: ProtectionOptions,
) {
  WRITE_RATE_LIMIT.max = writesPerMinute;
  UPLOAD_RATE_LIMIT.max = uploadsPerMinute;
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: [
        'authorization',
        'content-type',
        'idempotency-key',
        'x-amz-tagging',
        'x-tenant-id',
        'x-state-id',
        'x-school-id',
      ],
      maxAge: 600,
    });
  }
  await app.register(rateLimit, {
    global: false,
    keyGenerator: rateLimitKey,
    // A shared store that cannot answer lets the request through rather than failing it.
    ...(store ? { store, skipOnError: true } : {}),
    // Thrown by the plugin; the app's error handler answers it as { errorMsg } with 429.
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        context.statusCode,
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
}

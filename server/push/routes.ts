/**
 * Web Push endpoints (issue 8):
 * - GET    /push/public-key      the VAPID public key the app subscribes with (public)
 * - POST   /push/subscriptions   store the caller's subscription (idempotent per endpoint: a
 *                                browser re-subscribing, or another user on the same browser,
 *                                takes the row over). 201 with `{ data: { id } }`.
 * - DELETE /push/subscriptions   forget it (body `{ endpoint }`); 204 whether or not it existed.
 * Endpoints must be https on a known push service (FCM, Mozilla, Apple, Windows) unless the
 * server was built for a local test push service: the server POSTs to whatever URL is stored
 * here (address-check.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { isKnownPushService, isPublicAddress } from './address-check';
import type { VapidKeys } from './vapid-keys';

const base64url = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/ }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export const PushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2000) });

/**
 * Loopback, private, link-local and other non-public IP literals, and the local host names: never
 * a real push service. (Subscriptions are checked against the known push services instead,
 * address-check.ts; this stays for callers that only have a host name.)
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  return isIP(host) !== 0 && !isPublicAddress(host);
}

export function registerPushRoutes(
  app: FastifyInstance,
  options: {
    db: Database;
    prefix: string;
    vapidKeys: () => VapidKeys;
    allowPrivateEndpoints?: boolean;
  },
) {
  const { db, prefix } = options;

  app.get(`${prefix}/push/public-key`, () => ({
    data: { publicKey: options.vapidKeys().publicKey },
  }));

  app.post(
    `${prefix}/push/subscriptions`,
    { config: { rateLimit: WRITE_RATE_LIMIT } },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = parseOrThrow(PushSubscriptionBody, request.body, 'subscription');
      // Only the browsers' push services (address-check.ts); tests allow their local one.
      if (!options.allowPrivateEndpoints && !isKnownPushService(body.endpoint)) {
        throw new HttpError(400, 'Invalid subscription: endpoint: not a push service');
      }
      const [row] = await db
        .insert(pushSubscriptions)
        .values({
          id: randomUUID(),
          userId: principal.sub,
          endpoint: body.endpoint,
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: principal.sub, p256dh: body.keys.p256dh, auth: body.keys.auth },
        })
        .returning({ id: pushSubscriptions.id });
      return reply.code(201).send({ data: { id: row?.id } });
    },
  );

  app.delete(`${prefix}/push/subscriptions`, async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = parseOrThrow(PushUnsubscribeBody, request.body, 'subscription');
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, principal.sub),
          eq(pushSubscriptions.endpoint, body.endpoint),
        ),
      );
    return reply.code(204).send();
  });
}

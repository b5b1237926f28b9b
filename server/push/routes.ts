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
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  PushErrors,
  PushPublicKeySchema,
  PushSubscribedSchema,
  PushSubscriptionBody,
  PushUnsubscribeBody,
} from '../../src/domain/contract/push';
import { requirePrincipal } from '../auth/authenticate';
import type { Database } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { isKnownPushService, isPublicAddress } from './address-check';
import type { VapidKeys } from './vapid-keys';

export const pushPublicKeyRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/push/public-key`,
  summary: "The server's VAPID public key (base64url) for PushManager.subscribe",
  responses: { 200: { description: '`{ data: { publicKey } }`', schema: PushPublicKeySchema } },
});

export const subscribeRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/push/subscriptions`,
  summary: "Store this browser's push subscription for the caller",
  auth: true,
  body: PushSubscriptionBody,
  responses: { 201: { description: '`{ data: { id } }`', schema: PushSubscribedSchema } },
});

export const unsubscribeRoute = defineRoute({
  method: 'DELETE',
  url: `${API_PREFIX}/push/subscriptions`,
  summary: 'Forget a push subscription of the caller',
  auth: true,
  body: PushUnsubscribeBody,
  responses: { 204: { description: 'Gone' } },
});

export const PUSH_ROUTES = [pushPublicKeyRoute, subscribeRoute, unsubscribeRoute];

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
    vapidKeys: () => VapidKeys;
    allowPrivateEndpoints?: boolean;
  },
) {
  const { db } = options;

  registerRoute(app, pushPublicKeyRoute, () => ({
    data: { publicKey: options.vapidKeys().publicKey },
  }));

  registerRoute(
    app,
    subscribeRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const body = parseOrThrow(subscribeRoute.body, request.body, 'subscription');
      // Only the browsers' push services (address-check.ts); tests allow their local one.
      if (!options.allowPrivateEndpoints && !isKnownPushService(body.endpoint)) {
        throw new HttpError(400, PushErrors.notAPushService);
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
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );

  registerRoute(app, unsubscribeRoute, async (request, reply) => {
    const principal = requirePrincipal(request);
    const body = parseOrThrow(unsubscribeRoute.body, request.body, 'subscription');
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

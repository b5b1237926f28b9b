/**
 * The push API area (issue 8): the server's VAPID key, and this browser's subscription for the
 * signed-in user. Status meanings: POST 201 stored (a known endpoint moves to the caller),
 * 400 not a browser push service; DELETE 204 gone (or never there).
 */
import * as z from 'zod/mini';

const base64url = z
  .string()
  .check(z.minLength(16), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url'));

/** POST /push/subscriptions: PushSubscription.toJSON(). */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/ }).check(z.maxLength(2000)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});

/** DELETE /push/subscriptions. */
export const PushUnsubscribeBody = z.object({
  endpoint: z.string().check(z.minLength(1), z.maxLength(2000)),
});

export const PushErrors = {
  notAPushService: 'Invalid subscription: endpoint: not a push service',
} as const;

export const PushPublicKeySchema = z.object({ data: z.object({ publicKey: z.string() }) });
export const PushSubscribedSchema = z.object({ data: z.object({ id: z.optional(z.string()) }) });

import type { PushUnsubscribeBody } from '@/domain/contract/push';
import { PushPublicKeySchema, PushSubscribedSchema } from '@/domain/contract/push';
import * as z from 'zod/mini';
import { api } from '@/lib/api';

/** GET /api/push/public-key: the server's VAPID key (server/push/routes.ts). */
export async function fetchPushPublicKey(): Promise<string> {
  const { data } = await api.get('/push/public-key', { schema: PushPublicKeySchema, auth: false });
  return data.publicKey;
}

/** POST /api/push/subscriptions: this browser's subscription, for the signed-in user. */
export async function sendPushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.post('/push/subscriptions', { schema: PushSubscribedSchema, body: subscription });
}

/** DELETE /api/push/subscriptions: answers 204 without a body. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  const body: z.input<typeof PushUnsubscribeBody> = { endpoint };
  await api.delete('/push/subscriptions', { schema: z.unknown(), body });
}

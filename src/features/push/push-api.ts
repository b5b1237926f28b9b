import * as z from 'zod/mini';
import { api } from '@/lib/api';

const PublicKeySchema = z.object({ data: z.object({ publicKey: z.string() }) });

/** GET /api/push/public-key: the server's VAPID key (server/push/routes.ts). */
export async function fetchPushPublicKey(): Promise<string> {
  const { data } = await api.get('/push/public-key', { schema: PublicKeySchema, auth: false });
  return data.publicKey;
}

/** POST /api/push/subscriptions: this browser's subscription, for the signed-in user. */
export async function sendPushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await api.post('/push/subscriptions', { schema: z.unknown(), body: subscription });
}

/** DELETE /api/push/subscriptions. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await api.delete('/push/subscriptions', { schema: z.unknown(), body: { endpoint } });
}

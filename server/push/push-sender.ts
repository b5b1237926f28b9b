/**
 * Sends Web Push messages (RFC 8030, payloads encrypted per RFC 8291 by the `web-push` library)
 * to every subscription of a user. A subscription the push service reports gone (404/410) is
 * deleted; other failures are logged and dropped: a notification is a courtesy, never a reason
 * to fail the request that caused it.
 *
 * Only known push services are sent to, through an agent whose DNS lookup refuses non-public
 * addresses (address-check.ts): a stored endpoint cannot make the server call into its own
 * network. A subscription stored before that rule, to any other host, is deleted unsent.
 */
import { eq, inArray } from 'drizzle-orm';
import { Agent } from 'node:https';
import webpush from 'web-push';
import type { Database } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { guardedLookup, isKnownPushService } from './address-check';
import type { VapidKeys } from './vapid-keys';

/** What the service worker reads (sw/push.ts): keep the two in step. */
export interface PushMessage {
  title: string;
  body: string;
  /** The in-app path the notification opens, e.g. /jobs/Acme/job-1. */
  url: string;
  jobId?: string;
  /** The company logo, shown as the notification icon. */
  icon?: string | null;
  /** Notifications with the same tag replace each other. */
  tag?: string;
}

export interface PushSenderOptions {
  db: Database;
  vapidKeys: () => VapidKeys;
  /** The `sub` claim of VAPID: a contact for the push service's operators. */
  subject: string;
  /**
   * Tests: the TLS agent that trusts a local push service's certificate. With it, endpoints are
   * not limited to the known push services and their addresses are not checked (loopback).
   */
  agent?: Agent;
  log?: { warn: (object: object, message: string) => void };
}

export interface PushSender {
  sendToUsers: (userIds: readonly string[], message: PushMessage) => Promise<number>;
}

// Seconds a push service keeps an undelivered message: a phone offline for a day still gets it.
const TTL_SECONDS = 24 * 60 * 60;

/** The production agent: connections only to the public addresses its lookup allowed. */
export function createGuardedAgent(tls: { ca?: string } = {}): Agent {
  return new Agent({ keepAlive: true, lookup: guardedLookup, ...tls });
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const { db } = options;
  const agent = options.agent ?? createGuardedAgent();
  const anyEndpoint = options.agent !== undefined;
  return {
    async sendToUsers(userIds, message) {
      if (userIds.length === 0) return 0;
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
      const keys = options.vapidKeys();
      let delivered = 0;
      await Promise.all(
        subscriptions.map(async (subscription) => {
          if (!anyEndpoint && !isKnownPushService(subscription.endpoint)) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
            return;
          }
          try {
            await webpush.sendNotification(
              {
                endpoint: subscription.endpoint,
                keys: { p256dh: subscription.p256dh, auth: subscription.auth },
              },
              JSON.stringify(message),
              {
                TTL: TTL_SECONDS,
                timeout: 10_000,
                vapidDetails: { subject: options.subject, ...keys },
                agent,
              },
            );
            delivered += 1;
          } catch (error) {
            const { statusCode: status, code } = error as { statusCode?: number; code?: string };
            if (status === 404 || status === 410) {
              await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
              return;
            }
            options.log?.warn(
              { status, code, endpointHost: new URL(subscription.endpoint).host },
              'push failed',
            );
          }
        }),
      );
      return delivered;
    },
  };
}

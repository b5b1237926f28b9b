/**
 * Sends Web Push messages (RFC 8030, payloads encrypted per RFC 8291 by the `web-push` library)
 * to every subscription of a user. A subscription the push service reports gone (404/410) is
 * deleted; other failures are logged and dropped: a notification is a courtesy, never a reason
 * to fail the request that caused it.
 *
 * Sent once per device and push job: each delivery is recorded under the job's id
 * (push_deliveries), and a run of the same job (a retry after its process died) skips the devices
 * already reached. Only the instant between a push service's 201 and that record can still repeat
 * one.
 *
 * Only known push services are sent to, through an agent whose DNS lookup refuses non-public
 * addresses (address-check.ts): a stored endpoint cannot make the server call into its own
 * network. A subscription stored before that rule, to any other host, is deleted unsent.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { Agent } from 'node:https';
import webpush from 'web-push';
import type { Database } from '../db/client';
import { pushDeliveries, pushSubscriptions } from '../db/schema';
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
  /** Devices reached. With `jobId` (the push job sending it), devices that job already reached
   * are skipped. */
  sendToUsers: (
    userIds: readonly string[],
    message: PushMessage,
    delivery?: { jobId: string },
  ) => Promise<number>;
}

/** The same sender, each device reached at most once for `jobId` (a retry skips them). */
export function senderForJob(sender: PushSender, jobId: string): PushSender {
  return { sendToUsers: (userIds, message) => sender.sendToUsers(userIds, message, { jobId }) };
}

// Seconds a push service keeps an undelivered message: a phone offline for a day still gets it.
const TTL_SECONDS = 24 * 60 * 60;
// A push job's retries are over within minutes (push-jobs.ts: 5 tries, 2-minute expiry); its
// delivery records are kept well past that.
const DELIVERY_RECORD_HOURS = 24;

/** The production agent: connections only to the public addresses its lookup allowed. */
export function createGuardedAgent(tls: { ca?: string } = {}): Agent {
  return new Agent({ keepAlive: true, lookup: guardedLookup, ...tls });
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const { db } = options;
  const agent = options.agent ?? createGuardedAgent();
  const anyEndpoint = options.agent !== undefined;
  return {
    async sendToUsers(userIds, message, delivery) {
      if (userIds.length === 0) return 0;
      const all = await db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
      let subscriptions = all;
      if (delivery && all.length > 0) {
        const reached = await db
          .select({ id: pushDeliveries.subscriptionId })
          .from(pushDeliveries)
          .where(
            and(
              eq(pushDeliveries.jobId, delivery.jobId),
              inArray(
                pushDeliveries.subscriptionId,
                all.map((s) => s.id),
              ),
            ),
          );
        const done = new Set(reached.map((row) => row.id));
        subscriptions = all.filter((s) => !done.has(s.id));
      }
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
            return;
          }
          delivered += 1;
          if (delivery) {
            await db
              .insert(pushDeliveries)
              .values({ jobId: delivery.jobId, subscriptionId: subscription.id })
              .onConflictDoNothing();
          }
        }),
      );
      if (delivery && delivered > 0) {
        await db
          .delete(pushDeliveries)
          .where(
            lt(
              pushDeliveries.deliveredAt,
              sql.raw(`now() - interval '${DELIVERY_RECORD_HOURS} hours'`),
            ),
          );
      }
      return delivered;
    },
  };
}

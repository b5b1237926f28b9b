/**
 * Web Push for the server (issue 8): VAPID keys (made on first use, kept in DATA_DIR), the
 * subscription routes, and `app.notifications`, which job- and application-writing code calls
 * with the row before and after its update (see notifications.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Agent } from 'node:https';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { createNotifications, type Notifications } from './notifications';
import { createPushJobs, definePushJobs, type PushJobs } from './push-jobs';
import { createPushSender } from './push-sender';
import { registerPushRoutes } from './routes';
import { resolveVapidKeys, type VapidKeys } from './vapid-keys';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Notifications;
    /** Notifications to send, as durable jobs written with the change (push-jobs.ts). */
    pushJobs: PushJobs;
  }
}

// The VAPID contact (RFC 8292 `sub`): push services write here about abuse or problems.
const VAPID_SUBJECT = 'mailto:support@referralhub.example';

export function registerPushFeature(
  app: FastifyInstance,
  options: {
    db: Database;
    config: Pick<ServerConfig, 'DATA_DIR'>;
    /** Tests: trust a local push service (its TLS agent) on a loopback address. */
    testPushService?: { agent: Agent };
  },
) {
  let keys: VapidKeys | undefined;
  const vapidKeys = () => (keys ??= resolveVapidKeys(options.config.DATA_DIR));
  const sender = createPushSender({
    db: options.db,
    vapidKeys,
    subject: VAPID_SUBJECT,
    agent: options.testPushService?.agent,
    log: app.log,
  });
  registerPushRoutes(app, {
    db: options.db,
    vapidKeys,
    allowPrivateEndpoints: options.testPushService !== undefined,
  });
  const notifications = createNotifications(options.db, sender);
  app.decorate('notifications', notifications);
  definePushJobs(app.jobs, { db: options.db, sender, log: app.log });
  app.decorate('pushJobs', createPushJobs(app.jobs));
}

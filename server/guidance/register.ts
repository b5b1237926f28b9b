/**
 * Guidance services (issue 19) wired into the server: the routes, the delivery files on the
 * object store, payments through `app.payments` (registered before this), and the reminder jobs
 * on the durable queue, sent through `app.notifications`. Hold expiry needs no timer: holds are
 * freed when a booking, a schedule or slots are read and before every slot is taken (bookings.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { createObjectStore } from '../storage/select-store';
import type { ObjectStore } from '../storage/object-store';
import { resolveSigningSecret } from '../storage/signing-secret';
import { createDeliveryFiles } from './files';
import { defineReminderJobs, useReminderQueue } from './reminders';
import { registerGuidanceRoutes } from './routes';

export interface GuidanceOptions {
  /** Tests: the clock bookings, holds and cut-offs are measured with. */
  clock?: () => Date;
  store?: ObjectStore;
}

export async function registerGuidance(
  app: FastifyInstance,
  options: GuidanceOptions & { db: Database; config: ServerConfig },
) {
  const { db, config } = options;
  const clock = options.clock ?? (() => new Date());
  const store = options.store ?? (await createObjectStore(config));
  let secret: string | undefined;
  const signingSecret = () =>
    (secret ??= resolveSigningSecret(config.STORAGE_SIGNING_SECRET, config.DATA_DIR));
  const files = createDeliveryFiles({
    db,
    store,
    signingSecret,
    publicOrigin: config.PUBLIC_ORIGIN,
  });
  defineReminderJobs(app.jobs, { db, notifications: app.notifications });
  useReminderQueue(app.jobs);
  app.addHook('onClose', (_instance, done) => {
    useReminderQueue(null);
    done();
  });
  registerGuidanceRoutes(app, {
    db,
    clock,
    payments: app.payments ? { provider: app.payments.provider } : null,
    files,
  });
}

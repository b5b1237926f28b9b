/**
 * Payments (issue 18) wired into the server: the provider chosen by PAYMENT_PROVIDER (Razorpay
 * with its keys from the environment, or the local test gateway with its checkout page), the
 * API routes and the reconciler, a periodic job on the durable queue (app.jobs).
 * `app.payments` exposes the reconciler (and the local gateway) to tests.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { registerCheckoutPage } from './checkout-page';
import { createLocalGateway, type LocalGateway } from './local-gateway';
import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay-provider';
import { reconcilePayments, scheduleReconcile, type ReconcileReport } from './reconciler';
import { registerPaymentRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    payments?: {
      provider: PaymentProvider;
      reconcile: (now: Date) => Promise<ReconcileReport>;
      /** Only with PAYMENT_PROVIDER=local. */
      localGateway: LocalGateway | null;
    };
  }
}

export interface PaymentOptions {
  db: Database;
  config: ServerConfig;
  clock?: () => Date;
  /** Tests: a provider of their own (e.g. Razorpay against a loopback fake of its API). */
  provider?: PaymentProvider;
  /** Tests: how late the local gateway's late deliveries come. */
  lateDeliveryMs?: number;
  /** How often the reconciler runs; 0 turns the timer off. Default 60 s. */
  reconcileIntervalMs?: number;
}

export function registerPayments(app: FastifyInstance, options: PaymentOptions) {
  const { db, config } = options;
  const clock = options.clock ?? (() => new Date());
  let localGateway: LocalGateway | null = null;
  let provider = options.provider;
  if (!provider) {
    if (config.PAYMENT_PROVIDER === 'razorpay') {
      provider = createRazorpayProvider({
        keyId: config.RAZORPAY_KEY_ID,
        keySecret: config.RAZORPAY_KEY_SECRET,
        webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      });
    } else {
      localGateway = createLocalGateway({ lateDeliveryMs: options.lateDeliveryMs });
      localGateway.attach(app);
      registerCheckoutPage(app, localGateway);
      app.addHook('onClose', (_instance, done) => {
        localGateway?.close();
        done();
      });
      provider = localGateway.provider;
    }
  }
  const active = provider;
  app.decorate('payments', {
    provider: active,
    reconcile: (now: Date) => reconcilePayments(db, active, now),
    localGateway,
  });
  registerPaymentRoutes(app, { db, provider: active, clock });
  const interval = options.reconcileIntervalMs ?? 60_000;
  if (interval > 0) {
    scheduleReconcile(app.jobs, {
      db,
      provider: active,
      intervalMs: interval,
      clock,
      log: app.log,
    });
  }
}

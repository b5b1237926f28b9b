/**
 * The payment reconciler (issue 18 part 2): asks the gateway about orders still open a while
 * after they were made, because a webhook can be lost and a payment reported failed can be
 * authorised late (Razorpay: up to days after). A plain function of the clock, like the referral
 * sweep (server/referrals/sweep.ts): tests call it with any `now`, the server runs it as a
 * periodic job on the durable queue (issue 25).
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { JobQueue } from '../queue/job-queue';
import { paymentOrders } from '../db/schema';
import { checkWithGateway } from './confirm';
import type { PaymentProvider } from './provider';

const MINUTE = 60_000;

export const ReconcileTiming = {
  /** An order is left to the webhook and the app this long before the reconciler asks. */
  minAgeMs: 2 * MINUTE,
  /** Asked again at most this often. */
  recheckMs: 10 * MINUTE,
  /** Razorpay can authorise a failed payment up to 3 days later (+1 day of margin). */
  maxAgeMs: 4 * 24 * 60 * MINUTE,
  /** Orders asked about per run. */
  batch: 50,
} as const;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
}

export async function reconcilePayments(
  db: Database,
  provider: PaymentProvider,
  now: Date,
): Promise<ReconcileReport> {
  const t = now.getTime();
  const open = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        inArray(paymentOrders.status, ['created', 'attempted']),
        lt(paymentOrders.createdAt, new Date(t - ReconcileTiming.minAgeMs)),
        gt(paymentOrders.createdAt, new Date(t - ReconcileTiming.maxAgeMs)),
        or(
          isNull(paymentOrders.checkedAt),
          lt(paymentOrders.checkedAt, new Date(t - ReconcileTiming.recheckMs)),
        ),
      ),
    )
    .orderBy(asc(paymentOrders.createdAt))
    .limit(ReconcileTiming.batch);
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0 };
  for (const order of open) {
    if (order.provider !== provider.name) continue;
    try {
      await checkWithGateway(db, provider, order, now);
      report.checked += 1;
    } catch {
      report.failed += 1; // the gateway is down: the next run asks again
    }
  }
  if (open.length > 0) {
    const after = await db
      .select({ id: paymentOrders.id })
      .from(paymentOrders)
      .where(
        and(
          inArray(
            paymentOrders.id,
            open.map((order) => order.id),
          ),
          inArray(paymentOrders.status, ['paid']),
        ),
      );
    report.paid = after.length;
  }
  return report;
}

export const PAYMENT_RECONCILE_JOB = 'payment-reconcile';

/**
 * Runs the reconciler every `intervalMs` as a periodic job on the durable queue (issue 25): one
 * run per period across all server processes (job-queue.ts `every`), retried if its process
 * dies. An overlapping run would only ask the gateway about an order twice (checkWithGateway
 * settles each order once).
 */
export function scheduleReconcile(
  queue: JobQueue,
  options: {
    db: Database;
    provider: PaymentProvider;
    intervalMs: number;
    clock: () => Date;
    log: FastifyBaseLogger;
  },
): void {
  queue.every(
    {
      name: PAYMENT_RECONCILE_JOB,
      retryLimit: 1,
      retryDelaySeconds: 5,
      expireInSeconds: 5 * 60,
      concurrency: 1,
      handler: async () => {
        const report = await reconcilePayments(options.db, options.provider, options.clock());
        if (report.paid + report.failed > 0) options.log.info({ reconcile: report }, 'payments');
      },
    },
    options.intervalMs,
    {},
  );
}

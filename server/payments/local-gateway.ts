/**
 * The local test gateway (issue 18): for `npm start` and the tests, nothing to sign up for. It
 * plays Razorpay's part with Razorpay's protocol: orders with `order_…` ids, payments with
 * `pay_…` ids, a checkout that hands back `payment_id` + the HMAC of `order_id|payment_id`, and
 * webhooks (`payment.captured`, `order.paid`, `payment.failed`) signed over their raw body with
 * `X-Razorpay-Signature` and `X-Razorpay-Event-Id`. So every path of the real adapter's server
 * side (signatures, dedupe, fulfilment, reconciliation) runs locally.
 *
 * Its checkout page (checkout-page.ts) has the buttons that make the hard cases happen:
 * - Pay: captured; the webhooks are sent at once and the browser returns with the signature
 *   (the verify call and the webhook race);
 * - Fail: a failed payment, returned to the app;
 * - Leave without returning: captured, but the browser never comes back (a UPI app that did
 *   not return) and the webhooks arrive late, twice;
 * - Fail now, authorised later: a failed payment that is captured later (late authorisation).
 *
 * State lives in this process's memory: a restart forgets local orders (dev only). The secrets
 * are random per process. config.ts refuses this provider behind a public https origin: its
 * checkout grants credits for free.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hmacHex, checkoutSignature } from './signatures';
import type { GatewayPayment, PaymentProvider } from './provider';

export const LOCAL_WEBHOOK_PATH = '/api/payments/webhook';

export type Delivery = 'now' | 'late' | 'never';

export interface LocalOrder {
  readonly id: string;
  readonly amount: number;
  readonly currency: string;
  readonly receipt: string;
  readonly notes: Record<string, string>;
  readonly payments: GatewayPayment[];
}

export interface LocalGateway {
  readonly provider: PaymentProvider;
  /** How late a late delivery (or authorisation) comes. */
  readonly lateMs: number;
  order(id: string): LocalOrder | undefined;
  /** A captured payment on the order; its webhooks delivered now, late or never (and maybe
   * twice). Returns what the checkout hands back to the app. */
  pay(
    orderId: string,
    options?: { webhooks?: Delivery; duplicate?: boolean; amount?: number },
  ): Promise<{ paymentId: string; signature: string }>;
  /** A failed payment (webhook now); with `authoriseLaterMs`, captured that much later. */
  fail(orderId: string, options?: { authoriseLaterMs?: number }): Promise<{ paymentId: string }>;
  /** Sends one signed event as the gateway would (tests: out-of-order and replayed events). */
  send(event: string, payment: GatewayPayment, eventId?: string): Promise<number>;
  /** Waits for every late delivery scheduled so far (tests). */
  settle(): Promise<void>;
  attach(app: FastifyInstance): void;
  close(): void;
}

const randomId = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x')}`;

export function createLocalGateway(options: { lateDeliveryMs?: number } = {}): LocalGateway {
  const lateMs = options.lateDeliveryMs ?? 4000;
  const secrets = {
    keySecret: randomBytes(24).toString('hex'),
    webhookSecret: randomBytes(24).toString('hex'),
  };
  const orders = new Map<string, LocalOrder>();
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  let app: FastifyInstance | null = null;

  function requireOrder(id: string): LocalOrder {
    const order = orders.get(id);
    if (!order) throw new Error('no such local order');
    return order;
  }

  /** Razorpay's event body; the signature is over exactly these bytes. */
  async function send(event: string, payment: GatewayPayment, eventId = randomId('evt')) {
    if (!app) return 0;
    const order = payment.orderId ? orders.get(payment.orderId) : undefined;
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_LocalTest000001',
      event,
      contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
      payload: {
        payment: {
          entity: {
            id: payment.id,
            entity: 'payment',
            amount: payment.amount,
            currency: payment.currency,
            status: payment.status,
            order_id: payment.orderId,
            method: 'upi',
            captured: payment.status === 'captured',
            error_description: payment.errorDescription ?? null,
          },
        },
        ...(event === 'order.paid' && order
          ? {
              order: {
                entity: {
                  id: order.id,
                  entity: 'order',
                  amount: order.amount,
                  amount_paid: order.amount,
                  currency: order.currency,
                  receipt: order.receipt,
                  status: 'paid',
                },
              },
            }
          : {}),
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secrets.webhookSecret, body),
      'x-razorpay-event-id': eventId,
    };
    // Razorpay retries a delivery that did not get a 2xx; so does this, a few times.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const res = await app.inject({
        method: 'POST',
        url: LOCAL_WEBHOOK_PATH,
        headers,
        payload: body,
      });
      if (res.statusCode < 300 || res.statusCode === 401 || res.statusCode === 400) {
        return res.statusCode;
      }
    }
    return 503;
  }

  /** Sends the events now, later, or not at all; `twice`: each event is delivered again. */
  function deliver(events: [string, GatewayPayment][], when: Delivery, twice: boolean) {
    if (when === 'never') return Promise.resolve();
    const run = async () => {
      const ids = events.map(() => randomId('evt'));
      for (const [index, [event, payment]] of events.entries())
        await send(event, payment, ids[index]);
      if (twice) {
        for (const [index, [event, payment]] of events.entries()) {
          await send(event, payment, ids[index]);
        }
      }
    };
    if (when === 'now') return run();
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void run()
          .catch(() => {})
          .finally(resolve);
      }, lateMs);
      timer.unref();
      timers.add(timer);
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
    return Promise.resolve();
  }

  const provider: PaymentProvider = {
    name: 'local',
    secrets,
    createOrder(input) {
      const id = randomId('order');
      orders.set(id, { id, ...input, payments: [] });
      return Promise.resolve({ id, amount: input.amount, currency: input.currency });
    },
    fetchOrderPayments(orderId) {
      return Promise.resolve([...(orders.get(orderId)?.payments ?? [])]);
    },
    fetchPayment(paymentId) {
      for (const order of orders.values()) {
        const payment = order.payments.find((p) => p.id === paymentId);
        if (payment) return Promise.resolve(payment);
      }
      return Promise.resolve(null);
    },
    checkout: (input) => ({
      provider: 'local',
      url: `/_dev/checkout/${encodeURIComponent(input.gatewayOrderId)}`,
    }),
  };

  return {
    provider,
    lateMs,
    order: (id) => orders.get(id),
    async pay(orderId, { webhooks = 'now', duplicate = false, amount } = {}) {
      const order = requireOrder(orderId);
      const payment: GatewayPayment = {
        id: randomId('pay'),
        orderId,
        amount: amount ?? order.amount,
        currency: order.currency,
        status: 'captured',
      };
      order.payments.push(payment);
      await deliver(
        [
          ['payment.captured', payment],
          ['order.paid', payment],
        ],
        webhooks,
        duplicate,
      );
      return {
        paymentId: payment.id,
        signature: checkoutSignature(orderId, payment.id, secrets.keySecret),
      };
    },
    async fail(orderId, { authoriseLaterMs } = {}) {
      const order = requireOrder(orderId);
      const index = order.payments.length;
      const failed: GatewayPayment = {
        id: randomId('pay'),
        orderId,
        amount: order.amount,
        currency: order.currency,
        status: 'failed',
        errorDescription: 'Payment was declined by the bank',
      };
      order.payments.push(failed);
      await deliver([['payment.failed', failed]], 'now', false);
      if (authoriseLaterMs !== undefined) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          // Late authorisation: the same payment turns captured, and the gateway says so.
          const captured: GatewayPayment = {
            ...failed,
            status: 'captured',
            errorDescription: null,
          };
          order.payments[index] = captured;
          void deliver([['payment.captured', captured]], 'now', false);
        }, authoriseLaterMs);
        timer.unref();
        timers.add(timer);
      }
      return { paymentId: failed.id };
    },
    send,
    async settle() {
      await Promise.all([...pending]);
    },
    attach(server) {
      app = server;
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      app = null;
    },
  };
}

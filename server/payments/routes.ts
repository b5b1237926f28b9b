/**
 * The payments API (issue 18), under /api:
 *
 *   GET  /payments/account              the subscription page: balance, plans, fee, ledger, orders
 *   POST /payments/orders               create an order for a plan → the order + how to check out
 *   GET  /payments/orders/{id}          one order; an open one is checked with the gateway first
 *   POST /payments/orders/{id}/verify   the checkout's payment id + signature
 *   POST /payments/webhook              the gateway's events (signed raw body; no bearer token)
 *   POST /admin/payments/{id}/refund    an admin takes a purchase back (ledger refund)
 *
 * Buyers are candidates and referees (general users with a profile); another user's order is
 * "not found". The reconciler runs on an unref'd timer (stopped on close).
 */
import type { FastifyInstance } from 'fastify';
import {
  CreateOrderAnswerSchema,
  CreateOrderBody,
  OrderAnswerSchema,
  OrderIdParams,
  PaymentAccountSchema,
  PaymentErrors,
  RefundBody,
  VerifyPaymentBody,
  planById,
} from '../../src/domain/contract/payments';
import { API_PREFIX } from '../../src/domain/contract/common';
import { GuidanceErrors } from '../../src/domain/contract/guidance';
import { recordAudit } from '../admin/audit';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { acceptEmptyJson } from '../http/empty-json';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { findGeneralUser } from '../users/current-user';
import { loadAccount, refundOrder } from './account';
import { checkWithGateway, verifyCheckout } from './confirm';
import { createOrder, describeOrder, findOrder, findOwnOrder, serializeOrder } from './orders';
import { GatewayError, type PaymentProvider } from './provider';
import { handleWebhook } from './webhooks';

const P = `${API_PREFIX}/payments`;

export const paymentAccountRoute = defineRoute({
  method: 'GET',
  url: `${P}/account`,
  summary: "The caller's credits, plans and fee, recent ledger movements and orders (receipts)",
  auth: true,
  responses: { 200: { description: 'The subscription page', schema: PaymentAccountSchema } },
});

export const createOrderRoute = defineRoute({
  method: 'POST',
  url: `${P}/orders`,
  summary: 'Create a payment order for a plan (amount and credits bound by the server)',
  auth: true,
  body: CreateOrderBody,
  responses: {
    201: { description: 'The order and how to open the checkout', schema: CreateOrderAnswerSchema },
    403: { description: 'Not a candidate or referee' },
    404: { description: 'No profile yet' },
    503: { description: 'The payment gateway is not reachable' },
  },
});

export const orderRoute = defineRoute({
  method: 'GET',
  url: `${P}/orders/:id`,
  summary: 'One of the caller’s orders; an open order is first checked with the gateway',
  auth: true,
  params: OrderIdParams,
  responses: {
    200: { description: 'The order', schema: OrderAnswerSchema },
    404: { description: 'No such order of the caller' },
  },
});

export const verifyPaymentRoute = defineRoute({
  method: 'POST',
  url: `${P}/orders/:id/verify`,
  summary: "The checkout's payment id and signature (HMAC of order_id|payment_id)",
  auth: true,
  params: OrderIdParams,
  body: VerifyPaymentBody,
  responses: {
    200: {
      description: 'The order: paid, or still open while the gateway captures',
      schema: OrderAnswerSchema,
    },
    400: { description: 'The signature does not verify' },
    404: { description: 'No such order of the caller' },
  },
});

export const webhookRoute = defineRoute({
  method: 'POST',
  url: `${P}/webhook`,
  summary: 'Gateway events (X-Razorpay-Signature over the raw body; X-Razorpay-Event-Id)',
  responses: {
    200: { description: 'Handled (or already handled, or ignored)' },
    400: { description: 'Not an event' },
    401: { description: 'The signature does not verify' },
  },
});

export const refundRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/admin/payments/:id/refund`,
  summary: 'An admin refunds a paid order: the ledger takes its credits back',
  auth: true,
  params: OrderIdParams,
  body: RefundBody,
  bodyRequired: false,
  responses: {
    200: { description: 'Refunded', schema: OrderAnswerSchema },
    403: { description: 'Not an admin' },
    404: { description: 'No such order' },
    409: { description: 'Not paid, or its credits are spent' },
  },
});

export const PAYMENT_ROUTES = [
  paymentAccountRoute,
  createOrderRoute,
  orderRoute,
  verifyPaymentRoute,
  webhookRoute,
  refundRoute,
];

/** An open order is asked about at most this often by status checks (the app polls). */
const STATUS_CHECK_MS = 3000;

export function registerPaymentRoutes(
  app: FastifyInstance,
  options: { db: Database; provider: PaymentProvider; clock: () => Date },
) {
  const { db, provider, clock } = options;
  const write = { config: { rateLimit: WRITE_RATE_LIMIT } };

  async function buyer(request: Parameters<typeof requirePrincipal>[0]) {
    const principal = requirePrincipal(request);
    if (!can(principal, 'apply_jobs')) throw new HttpError(403, PaymentErrors.candidatesOnly);
    return { principal, user: await findGeneralUser(db, principal) };
  }

  async function ownOrder(request: Parameters<typeof requirePrincipal>[0]) {
    const { user } = await buyer(request);
    const { id } = parseOrThrow(OrderIdParams, request.params, 'order id');
    const order = user ? await findOwnOrder(db, user.id, id) : undefined;
    if (!order) throw new HttpError(404, PaymentErrors.orderNotFound);
    return order;
  }

  // The webhook reads its body as raw bytes: the signature is over them (webhooks.ts).
  void app.register((scope, _opts, done) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_request, body, next) => next(null, body),
    );
    registerRoute(scope, webhookRoute, async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await handleWebhook(db, provider, {
        rawBody,
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
        now: clock(),
      });
      if (result.status === 401) {
        request.log.warn('payment webhook with a bad signature');
        return reply.code(401).send({ errorMsg: PaymentErrors.badSignature });
      }
      if (result.status === 400) return reply.code(400).send({ errorMsg: 'Not a payment event' });
      return reply.send({ data: { outcome: result.outcome } });
    });
    done();
  });

  void app.register((scope, _opts, done) => {
    acceptEmptyJson(scope);

    registerRoute(scope, paymentAccountRoute, async (request) => {
      const { user } = await buyer(request);
      return { data: await loadAccount(db, user?.id ?? null) };
    });

    registerRoute(
      scope,
      createOrderRoute,
      async (request, reply) => {
        const { user } = await buyer(request);
        if (!user) throw new HttpError(404, PaymentErrors.noProfile);
        const { planId } = parseOrThrow(CreateOrderBody, request.body ?? {}, 'order');
        const plan = planById(planId)!;
        let row;
        try {
          row = await createOrder(db, provider, { userId: user.id, plan, now: clock() });
        } catch (error) {
          if (error instanceof GatewayError) {
            request.log.warn({ gateway: error.message }, 'payment order not created');
            throw new HttpError(503, PaymentErrors.gatewayUnavailable);
          }
          throw error;
        }
        const checkout = provider.checkout({
          ourOrderId: row.id,
          gatewayOrderId: row.providerOrderId,
          amount: row.amount,
          currency: row.currency,
          description: describeOrder(plan),
        });
        return reply.code(201).send({ data: { order: serializeOrder(row), checkout } });
      },
      write,
    );

    registerRoute(scope, orderRoute, async (request) => {
      let order = await ownOrder(request);
      const now = clock();
      const open = order.status === 'created' || order.status === 'attempted';
      const due = !order.checkedAt || now.getTime() - order.checkedAt.getTime() >= STATUS_CHECK_MS;
      if (open && due) {
        try {
          await checkWithGateway(db, provider, order, now);
          order = (await findOrder(db, order.id)) ?? order;
        } catch (error) {
          // The gateway is away: answer what is known; the reconciler asks again later.
          if (!(error instanceof GatewayError)) throw error;
        }
      }
      return { data: serializeOrder(order) };
    });

    registerRoute(
      scope,
      verifyPaymentRoute,
      async (request) => {
        const order = await ownOrder(request);
        const body = parseOrThrow(VerifyPaymentBody, request.body ?? {}, 'payment');
        let outcome;
        try {
          outcome = await verifyCheckout(db, provider, order, { ...body, now: clock() });
        } catch (error) {
          if (!(error instanceof GatewayError)) throw error;
          outcome = 'pending' as const;
        }
        if (outcome === 'bad-signature') throw new HttpError(400, PaymentErrors.badSignature);
        return { data: serializeOrder((await findOrder(db, order.id)) ?? order) };
      },
      write,
    );

    registerRoute(
      scope,
      refundRoute,
      async (request) => {
        const principal = requirePrincipal(request);
        if (!principal.roles.includes('admin')) throw new HttpError(403, PaymentErrors.adminOnly);
        const { id } = parseOrThrow(OrderIdParams, request.params, 'order id');
        const body = parseOrThrow(RefundBody, request.body ?? undefined, 'refund');
        // A guidance booking's payment is not a credit purchase: taking credits back makes no
        // sense; cancelling the booking refunds it to the wallet (issue 19).
        if ((await findOrder(db, id))?.purpose === 'booking') {
          throw new HttpError(409, GuidanceErrors.bookingOrderRefund);
        }
        const admin = await findGeneralUser(db, principal);
        // issue 21: the refund and its audit row land together (refundOrder's own transaction
        // becomes a savepoint of this one).
        const outcome = await db.transaction(async (tx) => {
          const result = await refundOrder(tx, {
            orderId: id,
            adminId: admin?.id ?? null,
            note: body?.note ?? null,
            now: clock(),
          });
          if (result === 'refunded') {
            await recordAudit(tx, {
              actorId: principal.sub,
              actorRole: 'admin',
              action: 'payment.refund',
              subjectType: 'payment',
              subjectId: id,
              before: { status: 'paid' },
              after: { status: 'refunded' },
              reason: body?.note ?? null,
            });
          }
          return result;
        });
        if (outcome === 'not-found') throw new HttpError(404, PaymentErrors.orderNotFound);
        if (outcome === 'not-paid') throw new HttpError(409, PaymentErrors.notRefundable);
        if (outcome === 'credits-spent') throw new HttpError(409, PaymentErrors.creditsSpent);
        return { data: serializeOrder((await findOrder(db, id))!) };
      },
      write,
    );
    done();
  });
}

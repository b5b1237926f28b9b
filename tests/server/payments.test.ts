/**
 * Payments through the real API with the local test gateway (issue 18): it speaks Razorpay's
 * protocol (signed webhooks over the raw body, checkout signatures), so these exercise the same
 * server paths as production. Exactly one grant per payment whoever learns of it first (webhook,
 * verify call, status check, reconciler), duplicate and out-of-order webhooks, late authorisation
 * after a failure, amounts bound to the order, and who may see and refund what.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { creditLedger, paymentEvents, paymentOrders } from '../../server/db/schema';
import { demoAccount } from '../../server/identity/demo-accounts';
import type { LocalGateway } from '../../server/payments/local-gateway';
import { hmacHex } from '../../server/payments/signatures';
import {
  PLANS,
  orderAmount,
  type Order,
  type PaymentAccount,
} from '../../src/domain/contract/payments';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

const who = {
  candidate: demoAccount('candidate@example.com'),
  newCandidate: demoAccount('newcandidate@example.com'),
  referee: demoAccount('referee@example.com'),
  corpAdmin: demoAccount('corp-admin@example.com'),
  admin: demoAccount('admin@example.com'),
};
type Who = keyof typeof who;
const userIdOf = (name: Who) => `usr-${who[name].email.split('@')[0]}`;
const STARTER = PLANS[0];
const LATE_MS = 150;

let database: DatabaseHandle;
let app: FastifyInstance;
let gateway: LocalGateway;
let dataDir: string;
let clockMs = Date.now();
const tokens = {} as Record<Who, string>;

/** Every answer of the payments API, loosely: each test reads the fields its route gives. */
interface WebhookAnswer {
  data: { outcome: string };
}
type Answer = Order & PaymentAccount & { order: Order };

async function call(caller: Who | null, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: caller ? { authorization: `Bearer ${tokens[caller]}` } : {},
  });
  return { status: res.statusCode, body: res.json<{ data: Answer; errorMsg?: string }>() };
}

async function balance(name: Who): Promise<number> {
  const res = await call(name, 'GET', '/api/payments/account');
  expect(res.status).toBe(200);
  return res.body.data.balance;
}

async function newOrder(name: Who = 'candidate', planId: string = STARTER.id) {
  const res = await call(name, 'POST', '/api/payments/orders', { planId });
  expect(res.status).toBe(201);
  const order = res.body.data.order;
  return { order, gatewayOrderId: order.reference };
}

async function purchasesOf(orderId: string) {
  const [order] = await database.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.id, orderId));
  if (!order?.paymentId) return [];
  return database.db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.uniqueKey, `purchase:${order.paymentId}`));
}

/** A correctly signed webhook body, as the gateway would send it (with the local secret). */
function signedWebhook(
  body: string,
  eventId: string,
  secret = gateway.provider.secrets.webhookSecret,
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secret, body),
      'x-razorpay-event-id': eventId,
    },
    payload: body,
  });
}

function capturedEvent(gatewayOrderId: string, paymentId: string, amount: number) {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_Test00000001',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: 'captured',
          order_id: gatewayOrderId,
        },
      },
    },
    created_at: 1_764_000_000,
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-payments-'));
  database = await openTestDatabase();
  const auth = await createTestAuth();
  app = await buildServer({
    config: testConfig({
      DIST_DIR: '/nonexistent',
      DATA_DIR: dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000',
    }),
    db: database.db,
    verifier: auth.verifier,
    payments: { lateDeliveryMs: LATE_MS, reconcileIntervalMs: 0, clock: () => new Date(clockMs) },
  });
  await app.ready();
  gateway = app.payments!.localGateway!;
  for (const [name, account] of Object.entries(who)) {
    tokens[name as Who] = await auth.accessToken({ sub: account.sub, groups: [account.group] });
  }
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('plans and orders', () => {
  it('shows the plans with the platform fee, and binds amount and credits to the order', async () => {
    const account = await call('candidate', 'GET', '/api/payments/account');
    expect(account.status).toBe(200);
    expect(account.body.data.plans).toHaveLength(PLANS.length);
    for (const plan of account.body.data.plans) {
      expect(plan.amount).toBe(plan.price + account.body.data.fee);
    }
    const { order, gatewayOrderId } = await newOrder('candidate', 'credits-10');
    expect(order).toMatchObject({ planId: 'credits-10', credits: 10, status: 'created' });
    expect(order.amount).toBe(orderAmount(PLANS[1]));
    expect(gateway.order(gatewayOrderId)?.amount).toBe(order.amount);
  });

  it('refuses an amount, credits or unknown plan chosen by the client', async () => {
    for (const body of [
      { planId: STARTER.id, amount: 100 },
      { planId: STARTER.id, credits: 99 },
      { planId: 'credits-1000' },
      {},
    ]) {
      const res = await call('candidate', 'POST', '/api/payments/orders', body);
      expect(res.status).toBe(400);
    }
  });

  it('sells to candidates and referees only; orders of others are not found', async () => {
    expect((await call(null, 'POST', '/api/payments/orders', { planId: STARTER.id })).status).toBe(
      401,
    );
    const corp = await call('corpAdmin', 'POST', '/api/payments/orders', { planId: STARTER.id });
    expect(corp.status).toBe(403);
    expect((await call('corpAdmin', 'GET', '/api/payments/account')).status).toBe(403);
    const referee = await call('referee', 'POST', '/api/payments/orders', { planId: STARTER.id });
    expect(referee.status).toBe(201);

    const { order } = await newOrder('candidate');
    const stranger = await call('newCandidate', 'GET', `/api/payments/orders/${order.id}`);
    expect(stranger.status).toBe(404);
    const paid = await gateway.pay(order.reference, { webhooks: 'never' });
    const verifyOther = await call(
      'newCandidate',
      'POST',
      `/api/payments/orders/${order.id}/verify`,
      paid,
    );
    expect(verifyOther.status).toBe(404);
    const mine = await call('newCandidate', 'GET', '/api/payments/account');
    expect(mine.body.data.orders.map((o: Order) => o.id)).not.toContain(order.id);
  });
});

describe('exactly one grant per payment', () => {
  it('Pay: the webhook, its duplicate and the verify call grant the plan’s credits once', async () => {
    const before = await balance('candidate');
    const { order, gatewayOrderId } = await newOrder();
    const paid = await gateway.pay(gatewayOrderId, { webhooks: 'now', duplicate: true });
    const verify = await call('candidate', 'POST', `/api/payments/orders/${order.id}/verify`, paid);
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ status: 'paid', paymentId: paid.paymentId });
    expect(await balance('candidate')).toBe(before + STARTER.credits);
    expect(await purchasesOf(order.id)).toHaveLength(1);
  });

  it('webhook + verify + status check + reconciler racing on one payment: one grant', async () => {
    // The referee: its only other order is unpaid, so the reconciler's run changes nothing else.
    const before = await balance('referee');
    const { order, gatewayOrderId } = await newOrder('referee');
    const paid = await gateway.pay(gatewayOrderId, { webhooks: 'never' });
    clockMs += 10 * 60_000; // old enough for the reconciler
    const events = () =>
      gateway.send('payment.captured', {
        id: paid.paymentId,
        orderId: gatewayOrderId,
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
      });
    const results = await Promise.all([
      events(),
      call('referee', 'POST', `/api/payments/orders/${order.id}/verify`, paid),
      call('referee', 'GET', `/api/payments/orders/${order.id}`),
      app.payments!.reconcile(new Date(clockMs)),
      gateway.send('order.paid', {
        id: paid.paymentId,
        orderId: gatewayOrderId,
        amount: order.amount,
        currency: 'INR',
        status: 'captured',
      }),
      call('referee', 'POST', `/api/payments/orders/${order.id}/verify`, paid),
    ]);
    expect(results[0]).toBe(200);
    expect(await balance('referee')).toBe(before + STARTER.credits);
    expect(await purchasesOf(order.id)).toHaveLength(1);
  });

  it('a redelivered event (same event id) changes nothing, even after a refund', async () => {
    const { order, gatewayOrderId } = await newOrder();
    const paid = await gateway.pay(gatewayOrderId, { webhooks: 'never' });
    const body = capturedEvent(gatewayOrderId, paid.paymentId, order.amount);
    const first = await signedWebhook(body, 'evt_Redelivered001');
    expect(first.json<WebhookAnswer>().data.outcome).toBe('granted');
    const again = await signedWebhook(body, 'evt_Redelivered001');
    expect(again.statusCode).toBe(200);
    expect(again.json<WebhookAnswer>().data.outcome).toBe('duplicate');
    const refund = await call('admin', 'POST', `/api/admin/payments/${order.id}/refund`, {});
    expect(refund.status).toBe(200);
    const afterRefund = await balance('candidate');
    // A new event id for the same payment: the order is refunded, the ledger key exists.
    const replay = await signedWebhook(body, 'evt_Redelivered002');
    expect(replay.json<WebhookAnswer>().data.outcome).toBe('already-paid');
    expect(await balance('candidate')).toBe(afterRefund);
    const events = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, paid.paymentId));
    expect(events.map((e) => e.eventId).sort()).toEqual([
      'evt_Redelivered001',
      'evt_Redelivered002',
    ]);
  });

  it('out of order: a failure reported after the capture leaves the order paid', async () => {
    const before = await balance('candidate');
    const { order, gatewayOrderId } = await newOrder();
    const paid = await gateway.pay(gatewayOrderId, { webhooks: 'now' });
    const status = await gateway.send('payment.failed', {
      id: paid.paymentId,
      orderId: gatewayOrderId,
      amount: order.amount,
      currency: 'INR',
      status: 'failed',
      errorDescription: 'late failure notice',
    });
    expect(status).toBe(200);
    const now = await call('candidate', 'GET', `/api/payments/orders/${order.id}`);
    expect(now.body.data).toMatchObject({ status: 'paid', failureReason: null });
    expect(await balance('candidate')).toBe(before + STARTER.credits);
  });

  it('leave without returning: the late, duplicated webhooks and a status check converge', async () => {
    const before = await balance('candidate');
    const { order, gatewayOrderId } = await newOrder();
    await gateway.pay(gatewayOrderId, { webhooks: 'late', duplicate: true });
    // The app asks on reload, before the webhooks arrive: the server asks the gateway.
    const status = await call('candidate', 'GET', `/api/payments/orders/${order.id}`);
    expect(status.body.data.status).toBe('paid');
    await gateway.settle();
    expect(await balance('candidate')).toBe(before + STARTER.credits);
    expect(await purchasesOf(order.id)).toHaveLength(1);
  });

  it('late authorisation after a failure: attempted, then paid by the late webhook', async () => {
    const before = await balance('candidate');
    const { order, gatewayOrderId } = await newOrder();
    await gateway.fail(gatewayOrderId, { authoriseLaterMs: LATE_MS });
    const failed = await database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.id));
    expect(failed[0]?.status).toBe('attempted');
    expect(failed[0]?.failureReason).toMatch(/declined/);
    expect(await balance('candidate')).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, LATE_MS * 3));
    await gateway.settle();
    const [row] = await database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, order.id));
    expect(row?.status).toBe('paid');
    expect(await balance('candidate')).toBe(before + STARTER.credits);
  });

  it('late authorisation whose webhook is lost: the reconciler finds it', async () => {
    const before = await balance('candidate');
    const { gatewayOrderId } = await newOrder();
    await gateway.fail(gatewayOrderId);
    // The gateway captures it later and its webhook never arrives.
    const local = gateway.order(gatewayOrderId)!;
    local.payments[0] = { ...local.payments[0]!, status: 'captured', errorDescription: null };
    // Too fresh for the reconciler: it waits for the webhook first.
    expect((await app.payments!.reconcile(new Date(clockMs))).checked).toBe(0);
    clockMs += 30 * 60_000;
    const report = await app.payments!.reconcile(new Date(clockMs));
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(await balance('candidate')).toBe(before + STARTER.credits);
  });

  it('a failed payment leaves the balance as it was and says why', async () => {
    const before = await balance('candidate');
    const { order, gatewayOrderId } = await newOrder();
    await gateway.fail(gatewayOrderId);
    const res = await call('candidate', 'GET', `/api/payments/orders/${order.id}`);
    expect(res.body.data.status).toBe('attempted');
    expect(res.body.data.failureReason).toMatch(/declined/);
    expect(await balance('candidate')).toBe(before);
  });
});

describe('signatures and amounts', () => {
  it('refuses a tampered, wrongly keyed or re-serialised webhook body', async () => {
    const { order, gatewayOrderId } = await newOrder();
    const paid = await gateway.pay(gatewayOrderId, { webhooks: 'never' });
    const body = capturedEvent(gatewayOrderId, paid.paymentId, order.amount);
    const secret = gateway.provider.secrets.webhookSecret;
    // Tampered after signing: the amount doubled.
    const tampered = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(secret, body),
        'x-razorpay-event-id': 'evt_Tampered00001',
      },
      payload: body.replace(`"amount":${order.amount}`, `"amount":${order.amount * 2}`),
    });
    expect(tampered.statusCode).toBe(401);
    const wrongSecret = await signedWebhook(body, 'evt_WrongSecret01', 'not-the-webhook-secret');
    expect(wrongSecret.statusCode).toBe(401);
    // Signed over the raw bytes, sent re-serialised (pretty-printed): not the same bytes.
    const reserialised = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(secret, body),
        'x-razorpay-event-id': 'evt_Reserialised1',
      },
      payload: JSON.stringify(JSON.parse(body), null, 2),
    });
    expect(reserialised.statusCode).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await purchasesOf(order.id)).length).toBe(0);
    // The untouched body with its signature is accepted.
    expect(
      (await signedWebhook(body, 'evt_Genuine000001')).json<WebhookAnswer>().data.outcome,
    ).toBe('granted');
  });

  it('a signed event for another amount than the order’s grants nothing', async () => {
    const before = await balance('candidate');
    const { order, gatewayOrderId } = await newOrder('candidate', 'credits-25');
    const paid = await gateway.pay(gatewayOrderId, { webhooks: 'never', amount: 100 });
    const res = await signedWebhook(
      capturedEvent(gatewayOrderId, paid.paymentId, 100),
      'evt_Partial000001',
    );
    expect(res.json<WebhookAnswer>().data.outcome).toBe('amount-mismatch');
    const verify = await call('candidate', 'POST', `/api/payments/orders/${order.id}/verify`, paid);
    expect(verify.body.data.status).toBe('created');
    expect(await balance('candidate')).toBe(before);
  });

  it('the checkout signature must be for this order and this payment', async () => {
    const cheap = await newOrder('candidate', 'credits-3');
    const dear = await newOrder('candidate', 'credits-25');
    const paidCheap = await gateway.pay(cheap.gatewayOrderId, { webhooks: 'never' });
    // The cheap order's payment and signature presented for the dear order.
    const swapped = await call(
      'candidate',
      'POST',
      `/api/payments/orders/${dear.order.id}/verify`,
      paidCheap,
    );
    expect(swapped.status).toBe(400);
    expect(swapped.body.errorMsg).toBe('The payment could not be verified');
    const flipped = paidCheap.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    const tampered = await call(
      'candidate',
      'POST',
      `/api/payments/orders/${cheap.order.id}/verify`,
      {
        paymentId: paidCheap.paymentId,
        signature: flipped,
      },
    );
    expect(tampered.status).toBe(400);
    const [dearRow] = await database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, dear.order.id));
    expect(dearRow?.status).toBe('created');
    const good = await call(
      'candidate',
      'POST',
      `/api/payments/orders/${cheap.order.id}/verify`,
      paidCheap,
    );
    expect(good.body.data.status).toBe('paid');
  });

  it('answers bad input with 400, never a 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'x' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(401);
    const secret = gateway.provider.secrets.webhookSecret;
    const junk = '{"event":1}';
    const signedJunk = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': hmacHex(secret, junk),
      },
      payload: junk,
    });
    expect(signedJunk.statusCode).toBe(400);
    expect((await call('candidate', 'GET', '/api/payments/orders/not-an-order')).status).toBe(400);
    const { order } = await newOrder();
    const badVerify = await call('candidate', 'POST', `/api/payments/orders/${order.id}/verify`, {
      paymentId: 'x',
      signature: 'y',
    });
    expect(badVerify.status).toBe(400);
  });
});

describe('receipts and refunds', () => {
  it('the seeded demo shows a refunded purchase and a failed payment, net zero credits', async () => {
    const account = await call('candidate', 'GET', '/api/payments/account');
    const statuses = account.body.data.orders.map((o) => `${o.id}:${o.status}`);
    expect(statuses).toContain('ord_DemoRefunded000001:refunded');
    expect(statuses).toContain('ord_DemoFailed00000001:attempted');
    const demo = account.body.data.entries.filter((e) => e.orderId === 'ord_DemoRefunded000001');
    expect(demo.map((e) => e.kind).sort()).toEqual(['purchase', 'refund']);
    expect(demo.reduce((sum, e) => sum + e.amount, 0)).toBe(0);
  });

  it('lists purchases with their receipt, and only an admin refunds (once, while unspent)', async () => {
    const { order, gatewayOrderId } = await newOrder();
    await gateway.pay(gatewayOrderId, { webhooks: 'now' });
    const account = await call('candidate', 'GET', '/api/payments/account');
    const receipt = account.body.data.orders.find((o: Order) => o.id === order.id);
    expect(receipt).toMatchObject({
      status: 'paid',
      reference: gatewayOrderId,
      amount: order.amount,
    });
    const entry = account.body.data.entries.find(
      (e: { kind: string; orderId: string | null }) =>
        e.kind === 'purchase' && e.orderId === order.id,
    );
    expect(entry?.amount).toBe(STARTER.credits);

    expect(
      (await call('candidate', 'POST', `/api/admin/payments/${order.id}/refund`, {})).status,
    ).toBe(403);
    const before = await balance('candidate');
    const refund = await call('admin', 'POST', `/api/admin/payments/${order.id}/refund`, {
      note: 'Asked by the candidate',
    });
    expect(refund.status).toBe(200);
    expect(refund.body.data.status).toBe('refunded');
    expect(await balance('candidate')).toBe(before - STARTER.credits);
    const twice = await call('admin', 'POST', `/api/admin/payments/${order.id}/refund`, {});
    expect(twice.status).toBe(409);
    const after = await call('candidate', 'GET', '/api/payments/account');
    expect(
      after.body.data.entries.some(
        (e: { kind: string; orderId: string | null }) =>
          e.kind === 'refund' && e.orderId === order.id,
      ),
    ).toBe(true);
  });

  it('refuses to refund credits already spent', async () => {
    const { order, gatewayOrderId } = await newOrder('newCandidate');
    await gateway.pay(gatewayOrderId, { webhooks: 'now' });
    // Spend everything the new candidate has.
    const spend = await balance('newCandidate');
    await database.db.insert(creditLedger).values({
      userId: userIdOf('newCandidate'),
      kind: 'grant',
      amount: -spend,
      uniqueKey: `test-spend:${order.id}`,
    });
    const res = await call('admin', 'POST', `/api/admin/payments/${order.id}/refund`, {});
    expect(res.status).toBe(409);
    expect(res.body.errorMsg).toMatch(/spent/);
  });
});

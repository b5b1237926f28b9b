/**
 * The Razorpay adapter (issue 18) through the real `razorpay` package, against a loopback fake of
 * Razorpay's orders/payments API (basic auth with the key id and secret, Razorpay's JSON shapes),
 * and recorded, correctly signed webhook bodies (tests/fixtures/razorpay): a UPI payment that
 * failed, was authorised late and captured, then `order.paid`. Also checks that our
 * constant-time signature checks agree with the package's own validators.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { demoAccount } from '../../server/identity/demo-accounts';
import { createRazorpayProvider } from '../../server/payments/razorpay-provider';
import { verifyCheckoutSignature, verifyWebhookSignature } from '../../server/payments/signatures';
import { loadConfig } from '../../server/config';
import type { Checkout, Order, PaymentAccount } from '../../src/domain/contract/payments';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';
import { testConfig } from './support/test-config';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/razorpay');
interface Recorded {
  webhookSecret: string;
  keySecret: string;
  orderId: string;
  paymentId: string;
  checkoutSignature: string;
  webhooks: Record<string, { signature: string; eventId: string }>;
}
const recorded = JSON.parse(
  readFileSync(path.join(FIXTURES, 'signatures.json'), 'utf8'),
) as Recorded;
const body = (name: string) => readFileSync(path.join(FIXTURES, name));
const KEY_ID = 'rzp_test_RhFixtureKey01';

/** The fake gateway's state: orders it made and the payment it will report for each. */
const fake = {
  orders: [] as { id: string; amount: number; currency: string; receipt: string }[],
  payments: new Map<
    string,
    { id: string; order_id: string; amount: number; currency: string; status: string }[]
  >(),
  nextOrderIds: [recorded.orderId, 'order_RhFixture0002B'],
  down: false,
  authFailures: 0,
};

let gatewayServer: Server;
let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
let token: string;

function startFakeGateway(): Promise<string> {
  gatewayServer = createServer((req, res) => {
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const expected = `Basic ${Buffer.from(`${KEY_ID}:${recorded.keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      fake.authFailures += 1;
      return send(401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
      });
    }
    if (fake.down) return send(500, { error: { code: 'SERVER_ERROR', description: 'down' } });
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        const input = JSON.parse(raw) as { amount: number; currency: string; receipt: string };
        const id = fake.nextOrderIds.shift() ?? `order_Fake${fake.orders.length}`;
        fake.orders.push({ id, ...input });
        return send(200, {
          id,
          entity: 'order',
          amount: input.amount,
          amount_paid: 0,
          amount_due: input.amount,
          currency: input.currency,
          receipt: input.receipt,
          status: 'created',
          attempts: 0,
          created_at: 1763999990,
        });
      }
      const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname);
      if (req.method === 'GET' && orderPayments) {
        const items = fake.payments.get(orderPayments[1]!) ?? [];
        return send(200, { entity: 'collection', count: items.length, items });
      }
      const onePayment = /^\/v1\/payments\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && onePayment) {
        for (const items of fake.payments.values()) {
          const found = items.find((p) => p.id === onePayment[1]);
          if (found) return send(200, { entity: 'payment', ...found });
        }
        return send(400, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        });
      }
      return send(404, { error: { code: 'NOT_FOUND' } });
    });
  });
  return new Promise((resolve) =>
    gatewayServer.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(gatewayServer.address() as AddressInfo).port}`),
    ),
  );
}

/** The payments API's answers, loosely: each test reads what its route gives. */
type Answer = Order & PaymentAccount & { order: Order; checkout: Checkout };

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json<{ data: Answer; errorMsg?: string }>() };
}

function deliver(
  name: string,
  bytes: Buffer = body(name),
  eventId = recorded.webhooks[name]!.eventId,
) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': recorded.webhooks[name]!.signature,
      'x-razorpay-event-id': eventId,
    },
    payload: bytes,
  });
}

const balance = async () => (await call('GET', '/api/payments/account')).body.data.balance;

beforeAll(async () => {
  const apiBase = await startFakeGateway();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-razorpay-'));
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
    payments: {
      reconcileIntervalMs: 0,
      provider: createRazorpayProvider({
        keyId: KEY_ID,
        keySecret: recorded.keySecret,
        webhookSecret: recorded.webhookSecret,
        apiBase,
      }),
    },
  });
  await app.ready();
  const account = demoAccount('candidate@example.com');
  token = await auth.accessToken({ sub: account.sub, groups: [account.group] });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  gatewayServer?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('signature checks agree with the razorpay package', () => {
  it('webhook: valid, tampered, wrong secret, re-serialised', () => {
    for (const [name, { signature }] of Object.entries(recorded.webhooks)) {
      const raw = body(name);
      expect(
        Razorpay.validateWebhookSignature(raw.toString(), signature, recorded.webhookSecret),
      ).toBe(true);
      expect(verifyWebhookSignature(raw, signature, recorded.webhookSecret)).toBe(true);
      const tampered = Buffer.from(raw.toString().replace('16800', '1680'));
      expect(verifyWebhookSignature(tampered, signature, recorded.webhookSecret)).toBe(false);
      expect(verifyWebhookSignature(raw, signature, 'another-secret')).toBe(false);
      const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 1));
      expect(verifyWebhookSignature(reserialised, signature, recorded.webhookSecret)).toBe(false);
      expect(verifyWebhookSignature(raw, undefined, recorded.webhookSecret)).toBe(false);
      expect(verifyWebhookSignature(raw, 'zz', recorded.webhookSecret)).toBe(false);
    }
  });

  it('checkout: HMAC of order_id|payment_id with the key secret', () => {
    const params = { order_id: recorded.orderId, payment_id: recorded.paymentId };
    expect(
      validatePaymentVerification(params, recorded.checkoutSignature, recorded.keySecret),
    ).toBe(true);
    const check = (storedOrderId: string, keySecret = recorded.keySecret) =>
      verifyCheckoutSignature({
        storedOrderId,
        paymentId: recorded.paymentId,
        signature: recorded.checkoutSignature,
        keySecret,
      });
    expect(check(recorded.orderId)).toBe(true);
    expect(check('order_SomeOtherOrder')).toBe(false);
    expect(check(recorded.orderId, 'wrong-secret')).toBe(false);
  });
});

describe('the adapter against the loopback orders API', () => {
  it('creates the order at the gateway with the amount bound, and opens Razorpay Checkout', async () => {
    const res = await call('POST', '/api/payments/orders', { planId: 'credits-3' });
    expect(res.status).toBe(201);
    const { order, checkout } = res.body.data;
    expect(fake.orders.at(-1)).toMatchObject({
      id: recorded.orderId,
      amount: 16800,
      currency: 'INR',
      receipt: order.id,
    });
    expect(order).toMatchObject({ amount: 16800, reference: recorded.orderId, status: 'created' });
    expect(checkout).toMatchObject({
      provider: 'razorpay',
      keyId: KEY_ID,
      orderId: recorded.orderId,
      amount: 16800,
    });
    expect(JSON.stringify(checkout)).not.toContain(recorded.keySecret);
  });

  it('recorded webhooks: failed, late capture (granted once), order.paid and redeliveries change nothing', async () => {
    const start = await balance();
    const failed = await deliver('payment-failed.body');
    expect(failed.json()).toEqual({ data: { outcome: 'recorded' } });
    const { body: mine } = await call('GET', '/api/payments/account');
    const order = mine.data.orders.find((o) => o.reference === recorded.orderId)!;
    expect(order.status).toBe('attempted');
    expect(order.failureReason).toMatch(/UPI app/);
    expect(await balance()).toBe(start);

    // Re-serialised by a proxy or framework before the check: refused.
    const pretty = Buffer.from(
      JSON.stringify(JSON.parse(body('payment-captured.body').toString()), null, 2),
    );
    expect((await deliver('payment-captured.body', pretty, 'FixEvtPretty00001')).statusCode).toBe(
      401,
    );
    expect(await balance()).toBe(start);

    const captured = await deliver('payment-captured.body');
    expect(captured.json()).toEqual({ data: { outcome: 'granted' } });
    expect(await balance()).toBe(start + 3);
    expect((await deliver('payment-captured.body')).json()).toEqual({
      data: { outcome: 'duplicate' },
    });
    expect((await deliver('order-paid.body')).json()).toEqual({
      data: { outcome: 'already-paid' },
    });
    // A failure notice arriving last (out of order) leaves it paid.
    expect((await deliver('payment-failed.body', undefined, 'FixEvtLateFail001')).json()).toEqual({
      data: { outcome: 'already-paid' },
    });
    expect(await balance()).toBe(start + 3);

    // The checkout's verify call for the same payment converges on the same grant.
    fake.payments.set(recorded.orderId, [
      {
        id: recorded.paymentId,
        order_id: recorded.orderId,
        amount: 16800,
        currency: 'INR',
        status: 'captured',
      },
    ]);
    const verify = await call('POST', `/api/payments/orders/${order.id}/verify`, {
      paymentId: recorded.paymentId,
      signature: recorded.checkoutSignature,
    });
    expect(verify.status).toBe(200);
    expect(verify.body.data.status).toBe('paid');
    expect(await balance()).toBe(start + 3);
  });

  it('verify waits for the capture, and the reconciler grants once the gateway says captured', async () => {
    const created = await call('POST', '/api/payments/orders', { planId: 'credits-10' });
    const order = created.body.data.order;
    const start = await balance();
    const gatewayOrder = order.reference;
    fake.payments.set(gatewayOrder, [
      {
        id: 'pay_RhFixture0002Q',
        order_id: gatewayOrder,
        amount: order.amount,
        currency: 'INR',
        status: 'authorized',
      },
    ]);
    const keySecret = recorded.keySecret;
    const { checkoutSignature } = await import('../../server/payments/signatures');
    const signature = checkoutSignature(gatewayOrder, 'pay_RhFixture0002Q', keySecret);
    const verify = await call('POST', `/api/payments/orders/${order.id}/verify`, {
      paymentId: 'pay_RhFixture0002Q',
      signature,
    });
    expect(verify.body.data.status).toBe('created'); // authorised is not captured
    expect(await balance()).toBe(start);
    fake.payments.get(gatewayOrder)![0]!.status = 'captured';
    const report = await app.payments!.reconcile(new Date(Date.now() + 10 * 60_000));
    expect(report.paid).toBe(1);
    expect(await balance()).toBe(start + 10);
    expect((await app.payments!.reconcile(new Date(Date.now() + 60 * 60_000))).paid).toBe(0);
    expect(await balance()).toBe(start + 10);
  });

  it('a gateway that is down answers 503 with a plain message, never a 500', async () => {
    fake.down = true;
    try {
      const res = await call('POST', '/api/payments/orders', { planId: 'credits-3' });
      expect(res.status).toBe(503);
      expect(res.body.errorMsg).toBe(
        'The payment service is not reachable. Please try again in a minute.',
      );
    } finally {
      fake.down = false;
    }
    expect(fake.authFailures).toBe(0);
  });
});

describe('configuration', () => {
  it('needs the three Razorpay values, and refuses the local gateway behind https', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay' })).toThrow(/RAZORPAY_KEY_SECRET/);
    const config = loadConfig({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: 'secret-value-never-printed',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    });
    expect(config.PAYMENT_PROVIDER).toBe('razorpay');
    try {
      loadConfig({
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'nope',
        RAZORPAY_KEY_SECRET: 'secret-value-never-printed',
      });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('secret-value-never-printed');
    }
    expect(() =>
      loadConfig({ IDENTITY_MODE: 'cognito', PUBLIC_ORIGIN: 'https://referralhub.example.com' }),
    ).toThrow(/PAYMENT_PROVIDER/);
  });

  it('lets the page load Razorpay Checkout only when Razorpay is the provider', async () => {
    const csp = async (env: Record<string, string>) => {
      const server = await buildServer({
        config: testConfig({ DIST_DIR: '/nonexistent', ...env }),
      });
      const res = await server.inject({ url: '/api/health' });
      await server.close();
      return String(res.headers['content-security-policy']);
    };
    const razorpay = await csp({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: 'k',
      RAZORPAY_WEBHOOK_SECRET: 'w',
    });
    expect(razorpay).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com/);
    expect(razorpay).toMatch(/frame-src https:\/\/api\.razorpay\.com/);
    expect(await csp({})).not.toContain('razorpay');
  });
});

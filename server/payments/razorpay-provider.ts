/**
 * The Razorpay adapter (issue 18), through the official `razorpay` package: orders are created on
 * the server with the amount and plan bound in them, the app opens Razorpay Checkout with the
 * order id and the public key id, and payments are read back for verification and
 * reconciliation. Keys come from the environment only (server/config.ts) and are never logged:
 * errors are rethrown as GatewayError with the gateway's status, never the request.
 */
import Razorpay from 'razorpay';
import {
  GatewayError,
  PAYEE_NAME,
  type GatewayOrder,
  type GatewayPayment,
  type PaymentProvider,
} from './provider';

export interface RazorpayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Tests: a loopback fake of the orders API instead of https://api.razorpay.com. */
  apiBase?: string;
}

interface RazorpayPaymentEntity {
  id: string;
  order_id?: string | null;
  amount: number | string;
  currency: string;
  status: string;
  error_description?: string | null;
}

const toPayment = (entity: RazorpayPaymentEntity): GatewayPayment => ({
  id: entity.id,
  orderId: entity.order_id ?? null,
  amount: Number(entity.amount),
  currency: entity.currency,
  status: entity.status,
  errorDescription: entity.error_description ?? null,
});

/** The package rejects with `{ statusCode, error }`; keep only the status. */
function gatewayFailure(what: string, error: unknown): GatewayError {
  const status =
    typeof error === 'object' && error !== null && 'statusCode' in error
      ? String(error.statusCode)
      : 'no answer';
  return new GatewayError(`Razorpay ${what} failed (${status})`);
}

export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const client = new Razorpay({ key_id: options.keyId, key_secret: options.keySecret });
  if (options.apiBase) {
    // The package has no base-URL option; its axios instance does.
    (
      client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
    ).api.rq.defaults.baseURL = options.apiBase;
  }
  return {
    name: 'razorpay',
    secrets: { keySecret: options.keySecret, webhookSecret: options.webhookSecret },
    async createOrder(input): Promise<GatewayOrder> {
      try {
        const order = await client.orders.create({
          amount: input.amount,
          currency: input.currency,
          receipt: input.receipt,
          notes: input.notes,
        });
        return { id: order.id, amount: Number(order.amount), currency: order.currency };
      } catch (error) {
        throw gatewayFailure('order creation', error);
      }
    },
    async fetchOrderPayments(orderId) {
      try {
        const answer = await client.orders.fetchPayments(orderId);
        return (answer.items as unknown as RazorpayPaymentEntity[]).map(toPayment);
      } catch (error) {
        throw gatewayFailure('order payments', error);
      }
    },
    async fetchPayment(paymentId) {
      try {
        return toPayment(await client.payments.fetch(paymentId));
      } catch (error) {
        if (
          typeof error === 'object' &&
          error !== null &&
          (error as { statusCode?: unknown }).statusCode === 400
        ) {
          return null; // Razorpay answers 400 "The id provided does not exist"
        }
        throw gatewayFailure('payment fetch', error);
      }
    },
    checkout: (input) => ({
      provider: 'razorpay',
      keyId: options.keyId,
      orderId: input.gatewayOrderId,
      amount: input.amount,
      currency: input.currency,
      name: PAYEE_NAME,
      description: input.description,
    }),
  };
}

/**
 * The payment provider interface (issue 18): what the server needs from a gateway. Two
 * implementations, chosen by PAYMENT_PROVIDER: Razorpay (razorpay-provider.ts) and the local test
 * gateway (local-gateway.ts), which speaks Razorpay's protocol (the same signatures, webhook
 * payloads and headers), so verification, webhooks, fulfilment and reconciliation run the same
 * code locally as in production.
 */
import type { Checkout } from '../../src/domain/contract/payments';

/** The payee the checkout shows. */
export const PAYEE_NAME = 'ReferralHub';

export type ProviderName = 'razorpay' | 'local';

export interface GatewayOrder {
  /** The gateway's order id (`order_…`). */
  readonly id: string;
  readonly amount: number;
  readonly currency: string;
}

/** A payment as the gateway reports it (Razorpay's payment entity, the fields we read). */
export interface GatewayPayment {
  readonly id: string;
  readonly orderId: string | null;
  readonly amount: number;
  readonly currency: string;
  /** created | authorized | captured | refunded | failed */
  readonly status: string;
  readonly errorDescription?: string | null;
}

export interface PaymentSecrets {
  /** Signs the checkout's `order_id|payment_id`. */
  readonly keySecret: string;
  /** Signs webhook bodies. */
  readonly webhookSecret: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  readonly secrets: PaymentSecrets;
  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder>;
  /** Every payment attempted on an order (the reconciler and status checks ask this). */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>;
  /** One payment (the verify call: a valid signature says authorised, not captured). */
  fetchPayment(paymentId: string): Promise<GatewayPayment | null>;
  /** What the app needs to open the checkout for this order. */
  checkout(input: {
    ourOrderId: string;
    gatewayOrderId: string;
    amount: number;
    currency: string;
    description: string;
  }): Checkout;
}

/** The gateway could not be reached or refused a call: answered 503, retried later. */
export class GatewayError extends Error {}

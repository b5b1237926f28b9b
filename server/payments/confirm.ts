/**
 * Asking the gateway about an order (issue 18): the verify call after the checkout, a status
 * check from the app ("Confirming payment…" after a return, reload or reconnect) and the
 * reconciler all end in fulfil.ts, so whichever learns of the capture first grants, once.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { paymentOrders } from '../db/schema';
import { fulfilCaptured, recordFailure, type OrderRow } from './fulfil';
import type { GatewayPayment, PaymentProvider } from './provider';
import { verifyCheckoutSignature } from './signatures';

export type VerifyOutcome = 'bad-signature' | 'confirmed' | 'pending';

/**
 * The checkout's answer: the signature proves the gateway authorised this payment for the order
 * the server stored; the grant still waits for the gateway to say `captured`.
 */
export async function verifyCheckout(
  db: Database,
  provider: PaymentProvider,
  order: OrderRow,
  input: { paymentId: string; signature: string; now: Date },
): Promise<VerifyOutcome> {
  const valid = verifyCheckoutSignature({
    storedOrderId: order.providerOrderId,
    paymentId: input.paymentId,
    signature: input.signature,
    keySecret: provider.secrets.keySecret,
  });
  if (!valid) return 'bad-signature';
  if (order.status === 'paid' || order.status === 'refunded') return 'confirmed';
  const payment = await provider.fetchPayment(input.paymentId);
  if (!payment || payment.orderId !== order.providerOrderId) return 'pending';
  const outcome = await db.transaction((tx) =>
    fulfilCaptured(tx, provider.name, payment, input.now),
  );
  return outcome === 'granted' || outcome === 'already-paid' ? 'confirmed' : 'pending';
}

/**
 * Asks the gateway for the order's payments: a captured one fulfils, else a failed one marks the
 * order attempted. Records when it asked, so status checks and the reconciler do not hammer it.
 */
export async function checkWithGateway(
  db: Database,
  provider: PaymentProvider,
  order: OrderRow,
  now: Date,
): Promise<void> {
  const payments: GatewayPayment[] = await provider.fetchOrderPayments(order.providerOrderId);
  await db.transaction(async (tx) => {
    const captured = payments.find((payment) => payment.status === 'captured');
    if (captured) {
      await fulfilCaptured(tx, provider.name, captured, now);
    } else {
      const failed = payments.find((payment) => payment.status === 'failed');
      if (failed && order.status === 'created') await recordFailure(tx, provider.name, failed, now);
    }
    await tx.update(paymentOrders).set({ checkedAt: now }).where(eq(paymentOrders.id, order.id));
  });
}

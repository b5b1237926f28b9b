/**
 * Never twice, never lost (issue 18 part 3). Three callers can learn that a payment was captured:
 * the gateway's webhook, the app's verify call after the checkout, and the reconciler (or a status
 * check) asking the gateway. All three end here, in one transaction that
 *   1. locks the order row (`FOR UPDATE`): racing callers queue, the second sees `paid`;
 *   2. checks the payment against what the order bound: same gateway order, same amount and
 *      currency (a tampered or partial amount grants nothing);
 *   3. appends the ledger's purchase with the unique key `purchase:<payment id>`: even a caller
 *      that skipped the lock could not insert it twice;
 *   4. marks the order paid.
 * A webhook also records its event id (unique per provider) in the same transaction
 * (webhooks.ts), so a redelivery is recognised even after the event's outcome was "ignored".
 *
 * Fulfilment happens only on a captured payment: `authorized` is not money yet (auto-capture
 * follows), and a failed payment only marks the order `attempted`, because a UPI or netbanking
 * payment reported failed can be authorised hours (up to days) later.
 */
import { and, eq } from 'drizzle-orm';
import { planById } from '../../src/domain/contract/payments';
import { paymentOrders } from '../db/schema';
import { fulfilBookingPayment } from '../guidance/bookings';
import { appendLedger, lockCreditAccount, type Tx } from '../referrals/credits';
import type { GatewayPayment, ProviderName } from './provider';

export type FulfilOutcome =
  'granted' | 'already-paid' | 'not-captured' | 'unknown-order' | 'amount-mismatch';

export type OrderRow = typeof paymentOrders.$inferSelect;

export const purchaseKey = (paymentId: string) => `purchase:${paymentId}`;
export const refundKey = (paymentId: string) => `refund:${paymentId}`;

async function lockOrder(tx: Tx, provider: ProviderName, gatewayOrderId: string) {
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.provider, provider), eq(paymentOrders.providerOrderId, gatewayOrderId)),
    )
    .for('update');
  return order;
}

export async function fulfilCaptured(
  tx: Tx,
  provider: ProviderName,
  payment: GatewayPayment,
  now: Date,
): Promise<FulfilOutcome> {
  if (payment.status !== 'captured' || !payment.orderId) return 'not-captured';
  const order = await lockOrder(tx, provider, payment.orderId);
  if (!order) return 'unknown-order';
  if (payment.amount !== order.amount || payment.currency !== order.currency) {
    return 'amount-mismatch';
  }
  if (order.status === 'paid' || order.status === 'refunded') return 'already-paid';
  if (order.purpose === 'booking') {
    // A guidance booking (issue 19): confirmed, or its money to the wallet, in this transaction.
    await fulfilBookingPayment(tx, order, now);
    await markPaid(tx, order.id, payment.id, now);
    return 'granted';
  }
  await lockCreditAccount(tx, order.userId);
  const planName = planById(order.planId)?.name ?? order.planId;
  const granted = await appendLedger(tx, {
    userId: order.userId,
    kind: 'purchase',
    amount: order.credits,
    uniqueKey: purchaseKey(payment.id),
    note: `${planName} plan: ${order.credits} referral credits`,
  });
  await markPaid(tx, order.id, payment.id, now);
  return granted ? 'granted' : 'already-paid';
}

async function markPaid(tx: Tx, orderId: string, paymentId: string, now: Date) {
  await tx
    .update(paymentOrders)
    .set({ status: 'paid', paymentId, paidAt: now, updatedAt: now, failureReason: null })
    .where(eq(paymentOrders.id, orderId));
}

/** A failed attempt: the order stays open (`attempted`) for a retry or a late authorisation. */
export async function recordFailure(
  tx: Tx,
  provider: ProviderName,
  payment: GatewayPayment,
  now: Date,
): Promise<'recorded' | 'already-paid' | 'unknown-order'> {
  if (!payment.orderId) return 'unknown-order';
  const order = await lockOrder(tx, provider, payment.orderId);
  if (!order) return 'unknown-order';
  // Out of order: a failure reported after the capture changes nothing.
  if (order.status === 'paid' || order.status === 'refunded') return 'already-paid';
  await tx
    .update(paymentOrders)
    .set({
      status: 'attempted',
      failureReason: (payment.errorDescription ?? 'The payment failed').slice(0, 300),
      updatedAt: now,
    })
    .where(eq(paymentOrders.id, order.id));
  return 'recorded';
}

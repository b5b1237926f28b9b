/**
 * Confirming a payment with the server (issue 18 part 4). The app never shows a payment as
 * successful before the server has it: after the checkout returns, after a reload, on reconnect
 * and on the next start, each pending payment on this device is asked about (the verify call when
 * the checkout handed back a signature, else the order's status, which makes the server ask the
 * gateway). The row stays until the server's answer has been shown.
 */
import type { Order } from '@/domain/contract/payments';
import { putPendingPayment, type PendingPayment } from '@/lib/db';
import { fetchPaymentOrder, verifyPaymentOrder } from './queries';

export type ConfirmResult = 'paid' | 'failed' | 'pending';

export function resultOf(order: Order, came: PendingPayment): ConfirmResult {
  if (order.status === 'paid' || order.status === 'refunded') return 'paid';
  // A failure is only final for the page when the checkout said so; the server still listens
  // for a late authorisation (the reconciler).
  if (order.status === 'attempted' && came.state !== 'checkout') return 'failed';
  return 'pending';
}

export async function confirmPayment(pending: PendingPayment): Promise<ConfirmResult> {
  const order =
    pending.paymentId && pending.signature
      ? await verifyPaymentOrder(pending.orderId, {
          paymentId: pending.paymentId,
          signature: pending.signature,
        })
      : await fetchPaymentOrder(pending.orderId);
  const result = resultOf(order, pending);
  if (result !== 'pending') {
    await putPendingPayment({ ...pending, state: result, updatedAt: Date.now() });
  }
  return result;
}

/** The checkout came back (success with a signature, or a failure): confirm from here. */
export async function recordCheckoutReturn(
  pending: PendingPayment,
  answer: { paymentId?: string; signature?: string; failed?: boolean },
): Promise<PendingPayment> {
  const next: PendingPayment = {
    ...pending,
    state: 'confirming',
    ...(answer.paymentId && answer.signature
      ? { paymentId: answer.paymentId, signature: answer.signature }
      : {}),
    updatedAt: Date.now(),
  };
  await putPendingPayment(next);
  return next;
}

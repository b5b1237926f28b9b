/**
 * Buying a plan (issue 18): the server creates the order (amount and credits bound there), the
 * pending payment is written to IndexedDB *before* the checkout opens, then the checkout opens:
 * the local test gateway's page (a navigation, like Razorpay's redirect flow) or Razorpay
 * Checkout. Whatever happens next, usePaymentConfirmation asks the server.
 */
import { useState } from 'react';
import type { Plan, PlanId } from '@/domain/contract/payments';
import { putPendingPayment, type PendingPayment } from '@/lib/db';
import { createPaymentOrder, openRazorpayCheckout, recordCheckoutReturn } from '@/lib/payments';

export function useBuyPlan(userId: string) {
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function buy(plan: Plan) {
    setOpening(plan.id);
    setError(null);
    try {
      const { order, checkout } = await createPaymentOrder(plan.id as PlanId);
      const now = Date.now();
      const row: PendingPayment = {
        orderId: order.id,
        userId,
        planName: order.planName,
        credits: order.credits,
        state: 'checkout',
        createdAt: now,
        updatedAt: now,
      };
      await putPendingPayment(row);
      if (checkout.provider === 'local') {
        window.location.assign(checkout.url);
        return;
      }
      await openRazorpayCheckout(checkout, {
        onPaid: (answer) => void recordCheckoutReturn(row, answer),
        onClosed: () => void recordCheckoutReturn(row, {}),
        // Checkout lets the buyer retry in place; the server hears of the outcome either way.
        onFailed: () => {},
      });
      setOpening(null);
    } catch {
      setOpening(null);
      setError(
        navigator.onLine
          ? 'The payment could not be started. Please try again in a minute.'
          : 'You are offline. Buying credits needs a connection.',
      );
    }
  }

  return { buy: (plan: Plan) => void buy(plan), opening, error };
}

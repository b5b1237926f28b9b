/**
 * Resumes and drives "Confirming payment…" (issue 18 part 4). The pending payments live in
 * IndexedDB (lib/db payments), written before the checkout opened; this hook
 * - records the checkout's return (its payment id and signature, or a failure) from the URL;
 * - asks the server about every payment still open: now, then with a growing pause, and again on
 *   reconnect and when the page becomes visible (a UPI app handing back to the browser);
 * - refreshes the balance (page and header) once the server has an answer.
 * After a handful of unanswered checks it stops polling and says so; the server's reconciler
 * keeps looking, and the next visit asks again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  deletePendingPayment,
  listPendingPayments,
  useDbQuery,
  type PendingPayment,
} from '@/lib/db';
import { paymentKeys, confirmPayment, recordCheckoutReturn } from '@/lib/payments';
import { referralKeys } from '@/lib/referrals';

export interface CheckoutReturn {
  readonly order?: string;
  readonly payment_id?: string;
  readonly signature?: string;
  readonly failed?: string | number;
}

/** Pauses between checks of one payment, ms (about 45 s in all). */
const CHECK_PAUSES = [0, 1000, 2000, 3000, 5000, 8000, 12_000, 15_000];

export function usePaymentConfirmation(
  userId: string,
  checkoutReturn: CheckoutReturn,
  clearReturn: () => void,
) {
  const queryClient = useQueryClient();
  const pending = useDbQuery(() => listPendingPayments(userId), [userId]);
  const [gaveUp, setGaveUp] = useState<ReadonlySet<string>>(new Set());
  const running = useRef(new Set<string>());
  const [kick, setKick] = useState(0);

  // The checkout came back to this page: remember what it said before anything else.
  const returned = useRef(false);
  useEffect(() => {
    if (returned.current || !checkoutReturn.order || pending === undefined) return;
    returned.current = true;
    const row = pending.find((p) => p.orderId === checkoutReturn.order);
    const now = Date.now();
    const base: PendingPayment = row ?? {
      orderId: checkoutReturn.order,
      userId,
      planName: '',
      credits: 0,
      state: 'checkout',
      createdAt: now,
      updatedAt: now,
    };
    void recordCheckoutReturn(base, {
      paymentId: checkoutReturn.payment_id,
      signature: checkoutReturn.signature,
      failed: Boolean(checkoutReturn.failed),
    }).then(clearReturn);
  }, [checkoutReturn, pending, userId, clearReturn]);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all(userId) });
    void queryClient.invalidateQueries({ queryKey: referralKeys.all(userId) });
  }, [queryClient, userId]);

  useEffect(() => {
    for (const payment of pending ?? []) {
      if (payment.state === 'paid' || payment.state === 'failed') continue;
      if (running.current.has(payment.orderId) || gaveUp.has(payment.orderId)) continue;
      running.current.add(payment.orderId);
      void (async () => {
        for (const pause of CHECK_PAUSES) {
          await new Promise((resolve) => setTimeout(resolve, pause));
          try {
            // Read the row again: the checkout's return may have added its signature.
            const current =
              (await listPendingPayments(userId)).find((p) => p.orderId === payment.orderId) ??
              payment;
            const result = await confirmPayment(current);
            if (result !== 'pending') {
              refresh();
              return;
            }
          } catch {
            // Offline or the server is away: the next pause, reconnect or visibility retries.
          }
        }
        setGaveUp((set) => new Set(set).add(payment.orderId));
      })().finally(() => running.current.delete(payment.orderId));
    }
  }, [pending, gaveUp, userId, refresh, kick]);

  // Back online or back in front: ask again about the payments this page had given up on.
  useEffect(() => {
    const again = () => {
      if (document.visibilityState === 'hidden') return;
      setGaveUp(new Set());
      setKick((n) => n + 1);
    };
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, []);

  return {
    pending: pending ?? [],
    gaveUp,
    dismiss: (orderId: string) => void deletePendingPayment(orderId),
    /** A purchase is in flight: Pay stays disabled until the server has answered. */
    busy: (pending ?? []).some(
      (p) => (p.state === 'checkout' || p.state === 'confirming') && !gaveUp.has(p.orderId),
    ),
  };
}

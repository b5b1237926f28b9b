/**
 * "Confirming payment…" for a booking paid through the gateway (issue 19 part 2; the payments
 * issue's rule: never show a payment as done before the server has it, never leave a stale
 * "pending" once it has). The checkout returns to My sessions with `?order=…&booking=…` (and the
 * payment id + signature, or `failed=1`); those stay in the URL until the server has answered, so
 * a reload or a dropped connection resumes the same confirmation. Each check is the verify call
 * when there is a signature, else the order's status (which makes the server ask the gateway);
 * once paid, the bookings are fetched again (the server confirms the booking in the payment's
 * transaction) before the banner says so. Requested bookings with an open order (a checkout left
 * without returning) are asked about once per visit too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BookingDto } from '@/domain/contract/guidance';
import { fetchPaymentOrder, verifyPaymentOrder } from '@/lib/payments';
import { guidanceKeys } from './api/guidance-queries';

export interface CheckoutReturn {
  readonly order?: string;
  readonly booking?: string;
  readonly payment_id?: string;
  readonly signature?: string;
  readonly failed?: string | number;
}

export type ConfirmState = 'idle' | 'confirming' | 'paid' | 'failed' | 'waiting';

/** Pauses between checks, ms (about 45 s in all, as on the subscription page). */
const CHECK_PAUSES = [0, 1000, 2000, 3000, 5000, 8000, 12_000, 15_000];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function orderStatus(back: CheckoutReturn & { order: string }) {
  if (back.payment_id && back.signature) {
    try {
      return await verifyPaymentOrder(back.order, {
        paymentId: back.payment_id,
        signature: back.signature,
      });
    } catch {
      // A refused signature is not the last word: the order's status asks the gateway.
    }
  }
  return fetchPaymentOrder(back.order);
}

export function useBookingPaymentConfirmation(
  userId: string,
  back: CheckoutReturn,
  clearReturn: () => void,
  bookings: readonly BookingDto[] | undefined,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ConfirmState>(back.order ? 'confirming' : 'idle');
  const [kick, setKick] = useState(0);
  const order = back.order;

  useEffect(() => {
    if (!order) return;
    let stopped = false;
    void (async () => {
      for (const pause of CHECK_PAUSES) {
        await sleep(pause);
        if (stopped) return;
        // Asked again after giving up (back online): confirming once more.
        setState((current) => (current === 'waiting' ? 'confirming' : current));
        try {
          const status = await orderStatus({ ...back, order });
          if (stopped) return;
          if (status.status === 'paid' || status.status === 'refunded') {
            await queryClient.invalidateQueries({ queryKey: guidanceKeys.user(userId) });
            if (stopped) return;
            setState('paid');
            clearReturn();
            return;
          }
          if (back.failed) {
            await queryClient.invalidateQueries({ queryKey: guidanceKeys.user(userId) });
            setState('failed');
            clearReturn();
            return;
          }
        } catch {
          // Offline or the server is away: the next pause, reconnecting or coming back retries.
        }
      }
      if (!stopped) setState('waiting');
    })();
    return () => {
      stopped = true;
    };
    // `back` is read through `order` and its own fields at the start of each run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [order, kick, userId, queryClient, clearReturn]);

  // Back online or in front again (a UPI app handing back): ask again.
  useEffect(() => {
    const again = () => {
      if (document.visibilityState !== 'hidden') setKick((n) => n + 1);
    };
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, []);

  // Requested bookings with an open order that this visit did not come back from.
  const asked = useRef(new Set<string>());
  useEffect(() => {
    for (const booking of bookings ?? []) {
      const open = booking.orderId;
      if (booking.state !== 'requested' || !open || open === order || asked.current.has(open)) {
        continue;
      }
      asked.current.add(open);
      void fetchPaymentOrder(open)
        .then((status) => {
          if (status.status === 'paid') {
            void queryClient.invalidateQueries({ queryKey: guidanceKeys.user(userId) });
          }
        })
        .catch(() => asked.current.delete(open));
    }
  }, [bookings, order, queryClient, userId]);

  return {
    state,
    /** The booking this return is about, shown as "Confirming payment…" rather than unpaid. */
    confirmingBooking:
      state === 'confirming' || state === 'waiting' ? (back.booking ?? null) : null,
    dismiss: () => setState('idle'),
  };
}

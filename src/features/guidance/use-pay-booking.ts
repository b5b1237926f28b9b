/**
 * Paying for a requested booking (issue 19 part 2): from the guidance wallet when it covers the
 * fee (confirmed at once), else through the payments issue's provider: the local test gateway's
 * page (a navigation that returns to My sessions with the order, contract
 * GUIDANCE_CHECKOUT_RETURN_PATH) or Razorpay Checkout (its handler goes to the same page with the
 * same parameters). My sessions then confirms with the server; nothing here shows a payment as
 * done before the server says so.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { GUIDANCE_CHECKOUT_RETURN_PATH } from '@/domain/contract/guidance';
import { useConnectivity, userErrorText } from '@/lib/api';
import { openRazorpayCheckout } from '@/lib/payments';
import { guidanceKeys, payBooking } from './api/guidance-queries';

function returnUrl(params: Record<string, string>): string {
  return `${GUIDANCE_CHECKOUT_RETURN_PATH}?${new URLSearchParams(params).toString()}`;
}

export function usePayBooking(onPaid?: (bookingId: string) => void) {
  const queryClient = useQueryClient();
  const connectivity = useConnectivity();
  const [paying, setPaying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function pay(bookingId: string, method: 'wallet' | 'gateway') {
    if (connectivity === 'offline') {
      setError(
        'You are offline. Paying needs a connection; your slot stays held for a few minutes.',
      );
      return;
    }
    setPaying(bookingId);
    setError(null);
    try {
      const answer = await payBooking(bookingId, method);
      const { checkout, order } = answer;
      if (method === 'wallet' || !checkout || !order) {
        await queryClient.invalidateQueries({ queryKey: guidanceKeys.all });
        setPaying(null);
        onPaid?.(bookingId);
        return;
      }
      if (checkout.provider === 'local') {
        window.location.assign(checkout.url);
        return;
      }
      const back = { order: order.id, booking: bookingId };
      await openRazorpayCheckout(checkout, {
        onPaid: ({ paymentId, signature }) =>
          window.location.assign(returnUrl({ ...back, payment_id: paymentId, signature })),
        onClosed: () => window.location.assign(returnUrl(back)),
        // Checkout lets the buyer retry in place; the server hears of the outcome either way.
        onFailed: () => {},
      });
      setPaying(null);
    } catch (caught) {
      setPaying(null);
      setError(
        userErrorText(caught, 'The payment could not be started. Please try again in a minute.'),
      );
      void queryClient.invalidateQueries({ queryKey: guidanceKeys.all });
    }
  }

  return { pay: (id: string, method: 'wallet' | 'gateway') => void pay(id, method), paying, error };
}

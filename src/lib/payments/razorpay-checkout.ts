/**
 * Razorpay Checkout in the browser (issue 18): loads checkout.js once and opens it for the
 * server's order. The handler's payment id and signature go to the server's verify call; a
 * dismissed checkout (or a UPI app that never comes back) is confirmed with the server too, so
 * nothing depends on this handler running.
 */
import type { Checkout } from '@/domain/contract/payments';

const SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

interface RazorpayAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: () => void): void;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayConstructor> | null = null;

function loadScript(): Promise<RazorpayConstructor> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('Razorpay Checkout did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Razorpay Checkout did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

export async function openRazorpayCheckout(
  checkout: Extract<Checkout, { provider: 'razorpay' }>,
  handlers: {
    onPaid: (answer: { paymentId: string; signature: string }) => void;
    onClosed: () => void;
    onFailed: () => void;
  },
): Promise<void> {
  const Razorpay = await loadScript();
  const instance = new Razorpay({
    key: checkout.keyId,
    order_id: checkout.orderId,
    amount: checkout.amount,
    currency: checkout.currency,
    name: checkout.name,
    description: checkout.description,
    handler: (answer: RazorpayAnswer) =>
      handlers.onPaid({
        paymentId: answer.razorpay_payment_id,
        signature: answer.razorpay_signature,
      }),
    modal: { ondismiss: handlers.onClosed },
  });
  instance.on('payment.failed', handlers.onFailed);
  instance.open();
}

/**
 * Razorpay's two signatures (issue 18), checked the same way for the real gateway and the local
 * test gateway:
 * - Checkout: HMAC-SHA256 of `order_id|payment_id` with the key secret. The order id is the one
 *   the server stored when it created the order, never one the client sends, so a signature for
 *   another (cheaper) order does not verify this one.
 * - Webhook: HMAC-SHA256 of the raw request body with the webhook secret, in
 *   `X-Razorpay-Signature`. The raw bytes, not re-serialised JSON: a parse and stringify changes
 *   spacing, key order and escapes, and with them the digest.
 *
 * Compared in constant time (the razorpay package's validators compare with `===`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

export const checkoutSignature = (orderId: string, paymentId: string, keySecret: string) =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

export function verifyCheckoutSignature(input: {
  storedOrderId: string;
  paymentId: string;
  signature: string;
  keySecret: string;
}): boolean {
  const expected = checkoutSignature(input.storedOrderId, input.paymentId, input.keySecret);
  return sameHex(expected, input.signature);
}

export function verifyWebhookSignature(
  rawBody: Buffer,
  signature: string | undefined,
  webhookSecret: string,
): boolean {
  if (!signature) return false;
  return sameHex(hmacHex(webhookSecret, rawBody), signature);
}

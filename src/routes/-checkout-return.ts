/**
 * The checkout's return to the app (local test gateway / Razorpay redirect flow): which order
 * (and, for guidance, which booking), the payment id and signature on success, or `failed=1`.
 * A link whose values do not fit is taken as no return at all, as a whole: the page then shows
 * its own state, which the server confirms in any case. Plain checks, not the contract's zod:
 * route search checks are in every page's first load (issue 24).
 */
import { boundedString } from '@/lib/stored-values';

export interface CheckoutReturnSearch {
  order?: string;
  booking?: string;
  payment_id?: string;
  signature?: string;
  failed?: string | number;
}

const LIMITS = { order: 64, booking: 100, payment_id: 64, signature: 128 } as const;
type IdField = keyof typeof LIMITS;

/** The return's fields for a page that takes `fields` (and `failed`), or nothing. */
export function checkoutReturnSearch(
  input: Record<string, unknown>,
  fields: readonly IdField[],
): CheckoutReturnSearch {
  const out: CheckoutReturnSearch = {};
  for (const field of fields) {
    const value = input[field];
    if (value === undefined) continue;
    const text = boundedString(value, LIMITS[field]);
    if (text === undefined) return {};
    out[field] = text;
  }
  const failed = input.failed;
  if (failed !== undefined) {
    if (typeof failed === 'number' || boundedString(failed, 64) !== undefined)
      out.failed = failed as string | number;
    else return {};
  }
  return out;
}

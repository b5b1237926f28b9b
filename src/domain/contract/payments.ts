/**
 * The payments API area (issue 18): the plans that sell referral credits, the platform fee, the
 * order/verify/status calls, the subscription page's account view (balance, ledger history,
 * receipts), and their error texts. The server validates and answers with these; the app parses
 * with them. Pure TypeScript + zod/mini.
 *
 * Money is in paise (integer, INR's smallest unit, as Razorpay takes it): ₹149 is 14900.
 * spec §1/§9 say the platform fee amount is "not shown": docs/decisions.md says why these.
 */
import * as z from 'zod/mini';
import { lazySchema } from './common';

export const CURRENCY = 'INR';

/** spec §1 "a nominal platform fee against spam": a flat fee added to every purchase. */
export const PLATFORM_FEE_PAISE = 1900;

export interface Plan {
  readonly id: string;
  readonly name: string;
  readonly credits: number;
  /** The credits' price before the platform fee, in paise. */
  readonly price: number;
}

/** Credit packs, cheaper per credit as they grow (docs/decisions.md "Payments"). */
export const PLANS = [
  { id: 'credits-3', name: 'Starter', credits: 3, price: 14_900 },
  { id: 'credits-10', name: 'Standard', credits: 10, price: 39_900 },
  { id: 'credits-25', name: 'Pro', credits: 25, price: 79_900 },
] as const satisfies readonly Plan[];

export type PlanId = (typeof PLANS)[number]['id'];
export const PLAN_IDS = PLANS.map((plan) => plan.id) as [PlanId, ...PlanId[]];

export function planById(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** What the buyer pays for a plan: its price plus the platform fee. */
export const orderAmount = (plan: Plan) => plan.price + PLATFORM_FEE_PAISE;

/** "₹1,049" / "₹19.50": Indian digit grouping, paise only when there are some. */
export function formatRupees(paise: number): string {
  const rupees = paise / 100;
  return `₹${rupees.toLocaleString('en-IN', {
    minimumFractionDigits: Number.isInteger(rupees) ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

export const PaymentLimits = {
  /** Orders listed on the page (receipts), newest first. */
  ordersListed: 50,
  /** Ledger movements listed on the page, newest first. */
  entriesListed: 100,
  /** Razorpay ids (`order_…`, `pay_…`) are short; anything longer is not one. */
  idMax: 64,
} as const;

export const PaymentErrors = {
  candidatesOnly: 'Only candidates and referees can buy referral credits',
  noProfile: 'Complete your profile before buying referral credits',
  orderNotFound: 'Order not found',
  badSignature: 'The payment could not be verified',
  alreadyPaid: 'This order is already paid',
  adminOnly: 'Only an admin can refund a purchase',
  notRefundable: 'Only a paid order can be refunded',
  creditsSpent: 'The credits of this purchase have been spent: nothing to refund',
  gatewayUnavailable: 'The payment service is not reachable. Please try again in a minute.',
} as const;

export const ORDER_STATUSES = ['created', 'attempted', 'paid', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const CreateOrderBody = lazySchema(() => z.strictObject({ planId: z.enum(PLAN_IDS) }));

export const OrderIdParams = lazySchema(() =>
  z.object({
    id: z.string().check(z.regex(/^ord_[A-Za-z0-9]{8,40}$/, 'must be an order id')),
  }),
);

/** The checkout's answer (Razorpay's handler gets razorpay_payment_id and razorpay_signature). */
export const VerifyPaymentBody = lazySchema(() =>
  z.strictObject({
    paymentId: z.string().check(z.regex(/^pay_[A-Za-z0-9_]{4,60}$/, 'must be a payment id')),
    signature: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'must be a hex HMAC-SHA256')),
  }),
);

export const RefundBody = lazySchema(() =>
  z.nullish(z.strictObject({ note: z.optional(z.string().check(z.maxLength(500))) })),
);

export const OrderSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    credits: z.number(),
    /** What was charged: the plan's price + the fee, paise. */
    amount: z.number(),
    fee: z.number(),
    currency: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** The gateway's order reference (`order_…`), shown on the receipt. */
    reference: z.string(),
    paymentId: z.nullable(z.string()),
    failureReason: z.nullable(z.string()),
    createdAt: z.string(),
    paidAt: z.nullable(z.string()),
    refundedAt: z.nullable(z.string()),
  }),
);
export type Order = z.infer<typeof OrderSchema>;

/** How the app opens the checkout: Razorpay Checkout (checkout.js) or the local test page. */
export const CheckoutSchema = lazySchema(() =>
  z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('local'), url: z.string() }),
    z.object({
      provider: z.literal('razorpay'),
      keyId: z.string(),
      orderId: z.string(),
      amount: z.number(),
      currency: z.string(),
      name: z.string(),
      description: z.string(),
    }),
  ]),
);
export type Checkout = z.infer<typeof CheckoutSchema>;

export const CreateOrderAnswerSchema = lazySchema(() =>
  z.object({
    data: z.object({ order: OrderSchema, checkout: CheckoutSchema }),
  }),
);
export const OrderAnswerSchema = lazySchema(() => z.object({ data: OrderSchema }));

export const LEDGER_KINDS = ['grant', 'hold', 'consume', 'release', 'purchase', 'refund'] as const;

export const LedgerEntrySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    kind: z.enum(LEDGER_KINDS),
    amount: z.number(),
    note: z.nullable(z.string()),
    createdAt: z.string(),
    /** The order of a purchase or refund (its receipt), else null. */
    orderId: z.nullable(z.string()),
  }),
);
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const PlanSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    credits: z.number(),
    price: z.number(),
    amount: z.number(),
  }),
);

/** GET /payments/account: everything the subscription page shows, cached for offline. */
export const PaymentAccountSchema = lazySchema(() =>
  z.object({
    data: z.object({
      balance: z.number(),
      held: z.number(),
      fee: z.number(),
      currency: z.string(),
      plans: z.array(PlanSchema),
      entries: z.array(LedgerEntrySchema),
      orders: z.array(OrderSchema),
    }),
  }),
);
export type PaymentAccount = z.infer<typeof PaymentAccountSchema>['data'];

/**
 * Orders (issue 18): made at the gateway first, then stored with the plan, credits, amount and
 * fee bound, so nothing the client sends later can change what a payment buys. Reads and the
 * receipt view are here too.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  CURRENCY,
  PLATFORM_FEE_PAISE,
  PaymentLimits,
  formatRupees,
  orderAmount,
  planById,
  type Order,
  type Plan,
} from '../../src/domain/contract/payments';
import type { Database } from '../db/client';
import { paymentOrders } from '../db/schema';
import type { OrderRow } from './fulfil';
import { GatewayError, type PaymentProvider } from './provider';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `ord_` + 16 random base62 characters: unguessable, so an id alone reveals nothing. */
export function newOrderId(): string {
  const bytes = randomBytes(16);
  let id = 'ord_';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

export function serializeOrder(row: OrderRow): Order {
  return {
    id: row.id,
    planId: row.planId,
    planName:
      row.purpose === 'booking' ? 'Guidance booking' : (planById(row.planId)?.name ?? row.planId),
    credits: row.credits,
    amount: row.amount,
    fee: row.fee,
    currency: row.currency,
    status: row.status as Order['status'],
    reference: row.providerOrderId,
    paymentId: row.paymentId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

export async function createOrder(
  db: Database,
  provider: PaymentProvider,
  input: { userId: string; plan: Plan; now: Date },
): Promise<OrderRow> {
  const id = newOrderId();
  const amount = orderAmount(input.plan);
  const gatewayOrder = await provider.createOrder({
    amount,
    currency: CURRENCY,
    receipt: id,
    // Razorpay shows notes in its dashboard: ids only, no personal data.
    notes: { orderId: id, planId: input.plan.id },
  });
  if (gatewayOrder.amount !== amount || gatewayOrder.currency !== CURRENCY) {
    throw new GatewayError('The gateway created an order for another amount');
  }
  const [row] = await db
    .insert(paymentOrders)
    .values({
      id,
      userId: input.userId,
      provider: provider.name,
      providerOrderId: gatewayOrder.id,
      planId: input.plan.id,
      credits: input.plan.credits,
      amount,
      fee: PLATFORM_FEE_PAISE,
      currency: CURRENCY,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/**
 * An order for a guidance booking (issue 19): the booking's amount (the referee's fee, no
 * platform fee: docs/decisions.md), bound to the booking; fulfilment confirms the booking
 * (server/guidance/bookings.ts fulfilBookingPayment) instead of granting credits.
 */
export async function createBookingOrder(
  db: Database,
  provider: PaymentProvider,
  input: { userId: string; bookingId: string; amount: number; now: Date },
): Promise<OrderRow> {
  const id = newOrderId();
  const gatewayOrder = await provider.createOrder({
    amount: input.amount,
    currency: CURRENCY,
    receipt: id,
    notes: { orderId: id, bookingId: input.bookingId },
  });
  if (gatewayOrder.amount !== input.amount || gatewayOrder.currency !== CURRENCY) {
    throw new GatewayError('The gateway created an order for another amount');
  }
  const [row] = await db
    .insert(paymentOrders)
    .values({
      id,
      userId: input.userId,
      provider: provider.name,
      providerOrderId: gatewayOrder.id,
      planId: BOOKING_PLAN_ID,
      credits: 0,
      amount: input.amount,
      fee: 0,
      currency: CURRENCY,
      purpose: 'booking',
      bookingId: input.bookingId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

/** The plan id a booking's order carries (planId is required; it names no credit plan). */
export const BOOKING_PLAN_ID = 'guidance';

export const describeOrder = (plan: Plan) =>
  `${plan.name}: ${plan.credits} referral credits (incl. ${formatRupees(PLATFORM_FEE_PAISE)} platform fee)`;

/** The caller's own order, or undefined (another user's order is "not found", never 403). */
export async function findOwnOrder(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.userId, userId)))
    .limit(1);
  return row;
}

export async function findOrder(db: Database, id: string) {
  const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
  return row;
}

export async function listOrders(db: Database, userId: string): Promise<OrderRow[]> {
  return (
    db
      .select()
      .from(paymentOrders)
      // The subscription page lists credit purchases; a booking's payment shows on the booking.
      .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.purpose, 'credits')))
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(PaymentLimits.ordersListed)
  );
}

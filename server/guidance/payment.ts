/**
 * Paying a booking (issue 19): from the guidance wallet (confirmed in the same transaction) or
 * through the payments provider (issue 18's local gateway or Razorpay). A gateway order is bound
 * to the booking (payment_orders.purpose = 'booking'); whoever learns of the capture first (the
 * checkout's verify call, GET /payments/orders/{id}, the webhook, the reconciler) ends in
 * payments/fulfil.ts, which confirms the booking in the payment's transaction — or, when the hold
 * ran out and someone else took the slot, cancels it and puts the money in the wallet. Paying
 * again while an order is open reuses that order (one checkout per booking, no double charge).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  GuidanceErrors,
  SERVICE_KIND_LABELS,
  type PaymentMethod,
  type ServiceKind,
} from '../../src/domain/contract/guidance';
import type { Checkout, Order } from '../../src/domain/contract/payments';
import type { Database } from '../db/client';
import { guidanceBookings, paymentOrders } from '../db/schema';
import { HttpError } from '../http/errors';
import { createBookingOrder, serializeOrder } from '../payments/orders';
import { GatewayError, type PaymentProvider } from '../payments/provider';
import { lockBooking, payFromWallet, requirePayable } from './bookings';

export interface PaymentDeps {
  provider: PaymentProvider;
}

export async function payBooking(
  db: Database,
  payments: PaymentDeps | null,
  input: {
    bookingId: string;
    candidateId: string;
    method: PaymentMethod;
    now: Date;
    log: FastifyBaseLogger;
  },
): Promise<{ order: Order | null; checkout: Checkout | null }> {
  const { bookingId, candidateId, now } = input;
  if (input.method === 'wallet') {
    await payFromWallet(db, bookingId, candidateId, now);
    return { order: null, checkout: null };
  }
  if (!payments) throw new HttpError(503, GuidanceErrors.gatewayUnavailable);
  const { provider } = payments;
  // Payable now (a lapsed hold whose slot is still free is held again): committed before the
  // gateway is called, so no lock is held across the network.
  const booking = await db.transaction(async (tx) => {
    const row = await lockBooking(tx, bookingId);
    if (!row || row.candidateId !== candidateId) {
      throw new HttpError(404, GuidanceErrors.bookingNotFound);
    }
    await requirePayable(tx, row, now);
    return row;
  });
  let [order] = booking.orderId
    ? await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.id, booking.orderId),
            inArray(paymentOrders.status, ['created', 'attempted']),
          ),
        )
        .limit(1)
    : [];
  if (!order) {
    try {
      order = await createBookingOrder(db, provider, {
        userId: candidateId,
        bookingId,
        amount: booking.amount,
        now,
      });
    } catch (error) {
      if (error instanceof GatewayError) {
        input.log.warn({ gateway: error.message }, 'booking payment order not created');
        throw new HttpError(503, GuidanceErrors.gatewayUnavailable);
      }
      throw error;
    }
    await db
      .update(guidanceBookings)
      .set({ orderId: order.id, updatedAt: now })
      .where(eq(guidanceBookings.id, bookingId));
  }
  const label = SERVICE_KIND_LABELS[booking.kind as ServiceKind] ?? 'Guidance';
  const checkout = provider.checkout({
    ourOrderId: order.id,
    gatewayOrderId: order.providerOrderId,
    amount: order.amount,
    currency: order.currency,
    description: `${label} with a referee`,
  });
  return { order: serializeOrder(order), checkout };
}

/**
 * The subscription page's view (issue 18) and the admin refund. The page reads one answer: the
 * balance, the plans and fee, the ledger's recent movements (each purchase or refund linked to
 * its order, the receipt) and the orders.
 */
import { desc, eq } from 'drizzle-orm';
import {
  CURRENCY,
  PLANS,
  PLATFORM_FEE_PAISE,
  PaymentLimits,
  orderAmount,
  type LedgerEntry,
  type PaymentAccount,
} from '../../src/domain/contract/payments';
import type { Database } from '../db/client';
import { creditLedger, paymentOrders } from '../db/schema';
import { appendLedger, balanceOf, creditSummary, lockCreditAccount } from '../referrals/credits';
import { refundKey } from './fulfil';
import { listOrders, serializeOrder } from './orders';

export async function loadAccount(db: Database, userId: string | null): Promise<PaymentAccount> {
  const plans = PLANS.map((plan) => ({ ...plan, amount: orderAmount(plan) }));
  const base = { fee: PLATFORM_FEE_PAISE, currency: CURRENCY, plans };
  if (!userId) return { ...base, balance: 0, held: 0, entries: [], orders: [] };
  const [summary, rows, orders] = await Promise.all([
    creditSummary(db, userId),
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.id))
      .limit(PaymentLimits.entriesListed),
    listOrders(db, userId),
  ]);
  const orderOfPayment = new Map(
    orders.filter((order) => order.paymentId).map((order) => [order.paymentId!, order.id]),
  );
  const entries: LedgerEntry[] = rows.map((row) => {
    const payment = /^(purchase|refund):(.+)$/.exec(row.uniqueKey)?.[2];
    return {
      id: row.id,
      kind: row.kind as LedgerEntry['kind'],
      amount: row.amount,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      orderId: payment ? (orderOfPayment.get(payment) ?? null) : null,
    };
  });
  return {
    ...base,
    balance: summary.balance,
    held: summary.held,
    entries,
    orders: orders.map(serializeOrder),
  };
}

export type RefundOutcome = 'refunded' | 'not-found' | 'not-paid' | 'credits-spent';

/**
 * An admin takes back a purchase's credits (the money goes back through the gateway's dashboard
 * for now: docs/decisions.md). Refused when the credits have been spent meanwhile.
 */
export async function refundOrder(
  db: Database,
  input: { orderId: string; adminId: string | null; note: string | null; now: Date },
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, input.orderId))
      .for('update');
    if (!order) return 'not-found';
    if (order.status !== 'paid' || !order.paymentId) return 'not-paid';
    await lockCreditAccount(tx, order.userId);
    if ((await balanceOf(tx, order.userId)) < order.credits) return 'credits-spent';
    await appendLedger(tx, {
      userId: order.userId,
      kind: 'refund',
      amount: -order.credits,
      uniqueKey: refundKey(order.paymentId),
      note: input.note ?? 'Purchase refunded',
      createdBy: input.adminId,
    });
    await tx
      .update(paymentOrders)
      .set({ status: 'refunded', refundedAt: input.now, updatedAt: input.now })
      .where(eq(paymentOrders.id, order.id));
    return 'refunded';
  });
}

/**
 * Demo purchases (issue 18) for the demo candidate, so the subscription page shows every kind of
 * row from the first start: a purchase with its receipt that an admin refunded (a purchase and
 * a refund in the ledger), and a failed payment. Net zero credits: the demo balance other demos
 * and tests count on is unchanged. Old enough that the reconciler leaves them alone. Idempotent.
 */
import { PLATFORM_FEE_PAISE, orderAmount, planById } from '../../src/domain/contract/payments';
import type { Database } from '../db/client';
import { paymentOrders } from '../db/schema';
import { recordMovement } from '../referrals/credits';
import { purchaseKey, refundKey } from './fulfil';

const DAY = 24 * 60 * 60 * 1000;
const BUYER = 'usr-candidate';

export async function seedPaymentDemo(db: Database, now: Date = new Date()): Promise<void> {
  const standard = planById('credits-10')!;
  const starter = planById('credits-3')!;
  const at = (days: number) => new Date(now.getTime() - days * DAY);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentOrders)
      .values([
        {
          id: 'ord_DemoRefunded000001',
          userId: BUYER,
          provider: 'local',
          providerOrderId: 'order_DemoRefund0001',
          planId: standard.id,
          credits: standard.credits,
          amount: orderAmount(standard),
          fee: PLATFORM_FEE_PAISE,
          status: 'refunded',
          paymentId: 'pay_DemoRefund0001',
          createdAt: at(12),
          updatedAt: at(11),
          paidAt: at(12),
          refundedAt: at(11),
        },
        {
          id: 'ord_DemoFailed00000001',
          userId: BUYER,
          provider: 'local',
          providerOrderId: 'order_DemoFailed0001',
          planId: starter.id,
          credits: starter.credits,
          amount: orderAmount(starter),
          fee: PLATFORM_FEE_PAISE,
          status: 'attempted',
          failureReason: 'Payment was unsuccessful as the UPI app did not respond.',
          createdAt: at(6),
          updatedAt: at(6),
        },
      ])
      .onConflictDoNothing()
      .returning({ id: paymentOrders.id });
    if (inserted.length === 0) return;
    const granted = await recordMovement(tx, {
      userId: BUYER,
      kind: 'purchase',
      amount: standard.credits,
      uniqueKey: purchaseKey('pay_DemoRefund0001'),
      note: `${standard.name} plan: ${standard.credits} referral credits`,
    });
    if (!granted) return; // no demo candidate in this database
    await recordMovement(tx, {
      userId: BUYER,
      kind: 'refund',
      amount: -standard.credits,
      uniqueKey: refundKey('pay_DemoRefund0001'),
      note: 'Refunded on request (demo)',
    });
  });
}

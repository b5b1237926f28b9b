/**
 * The guidance wallet (issue 19): rupees (in paise) a candidate holds with us, append-only like
 * the credit ledger. Refunds add (`refund:<booking>`: a booking is refunded at most once; a
 * second payment for one booking is returned under `refund:<booking>:<order>`), paying a
 * booking from the wallet subtracts (`pay:<booking>`). A movement whose key exists changes
 * nothing, so a retried cancel or a redelivered payment never moves money twice. Movements take
 * the user's row lock first (as credits do), so two wallet payments cannot both spend one balance.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { GuidanceLimits, type Wallet } from '../../src/domain/contract/guidance';
import type { Database } from '../db/client';
import { guidanceWallet } from '../db/schema';
import { lockCreditAccount, type Executor, type Tx } from '../referrals/credits';

export const refundKey = (bookingId: string) => `refund:${bookingId}`;
export const surplusRefundKey = (bookingId: string, orderId: string) =>
  `refund:${bookingId}:${orderId}`;
export const walletPaymentKey = (bookingId: string) => `pay:${bookingId}`;

export async function walletBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${guidanceWallet.amount})` })
    .from(guidanceWallet)
    .where(eq(guidanceWallet.userId, userId));
  return Number(row?.sum ?? 0);
}

export interface WalletMovement {
  readonly userId: string;
  readonly kind: 'refund' | 'payment';
  /** Paise: positive for a refund, negative for a payment. */
  readonly amount: number;
  readonly bookingId: string;
  readonly uniqueKey: string;
  readonly note: string;
}

/** Appends a movement under the user's lock; false when its key was used already. */
export async function appendWallet(tx: Tx, movement: WalletMovement): Promise<boolean> {
  await lockCreditAccount(tx, movement.userId);
  const inserted = await tx
    .insert(guidanceWallet)
    .values(movement)
    .onConflictDoNothing({ target: guidanceWallet.uniqueKey })
    .returning({ id: guidanceWallet.id });
  return inserted.length > 0;
}

export async function loadWallet(db: Database, userId: string): Promise<Wallet> {
  const [balance, rows] = await Promise.all([
    walletBalance(db, userId),
    db
      .select()
      .from(guidanceWallet)
      .where(eq(guidanceWallet.userId, userId))
      .orderBy(desc(guidanceWallet.id))
      .limit(GuidanceLimits.walletEntriesListed),
  ]);
  return {
    balance,
    entries: rows.map((row) => ({
      id: row.id,
      kind: row.kind as 'refund' | 'payment',
      amount: row.amount,
      bookingId: row.bookingId,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

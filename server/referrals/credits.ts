/**
 * Referral credits (issue 16 part 4, spec §1 "a nominal platform fee against spam"): an
 * append-only ledger (credit_ledger) whose sum is the balance.
 *
 *   grant +n, purchase +n (issue 18), refund −n, hold −cost, release +cost, consume 0
 *
 * So the sum is what the candidate can spend now; a hold takes the credit while a request is
 * open, a release gives it back (rejection by everyone, expiry, cancellation), a consume makes the
 * hold final when the referral is made (0: the credit already left with the hold).
 *
 * Every movement has a unique key (`hold:<request>`, `settle:<request>` for consume *or*
 * release, `signup:<user>`, `admin:<key>`, `purchase:<payment>`), so a retried or racing
 * transition can never move credits twice: the second insert does nothing.
 *
 * Concurrency: every movement first locks the user's row (`SELECT … FOR UPDATE`), then reads the
 * sum, then inserts. Two requests racing for the last credit queue on that lock; the second sees
 * the first's hold. The sum is mirrored into users.referral_count in the same transaction, so the
 * header's "Referrals Left" (spec §2) reads the balance without another query.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { creditLedger, users } from '../db/schema';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export type LedgerKind =
  'grant' | 'revoke' | 'hold' | 'consume' | 'release' | 'purchase' | 'refund';

export interface LedgerEntry {
  readonly userId: string;
  readonly kind: LedgerKind;
  readonly amount: number;
  readonly uniqueKey: string;
  readonly requestId?: string | null;
  readonly note?: string | null;
  readonly createdBy?: string | null;
}

/** Locks the user's row until the transaction ends: the per-user credit lock. False: no user. */
export async function lockCreditAccount(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return rows.length > 0;
}

export async function balanceOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string | null>`sum(${creditLedger.amount})` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.sum ?? 0);
}

/**
 * Appends one movement, under the caller's lock (lockCreditAccount first). Returns false when a
 * movement with this unique key exists already (nothing changed), true when it was written.
 */
export async function appendLedger(tx: Tx, entry: LedgerEntry): Promise<boolean> {
  const inserted = await tx
    .insert(creditLedger)
    .values({
      userId: entry.userId,
      kind: entry.kind,
      amount: entry.amount,
      uniqueKey: entry.uniqueKey,
      requestId: entry.requestId ?? null,
      note: entry.note ?? null,
      createdBy: entry.createdBy ?? null,
    })
    .onConflictDoNothing({ target: creditLedger.uniqueKey })
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return false;
  await tx
    .update(users)
    .set({
      referralCount: sql`(select coalesce(sum(amount), 0) from credit_ledger where user_id = ${entry.userId})`,
    })
    .where(eq(users.id, entry.userId));
  return true;
}

/** Locks, then appends: for callers that have no lock of their own yet. */
export async function recordMovement(tx: Tx, entry: LedgerEntry): Promise<boolean> {
  if (!(await lockCreditAccount(tx, entry.userId))) return false;
  return appendLedger(tx, entry);
}

export const holdKey = (requestId: string) => `hold:${requestId}`;
export const settleKey = (requestId: string) => `settle:${requestId}`;

/** Gives a held credit back (rejection by all, expiry, cancellation); once per request. */
export async function releaseHold(
  tx: Tx,
  userId: string,
  requestId: string,
  cost: number,
  note: string,
) {
  const [hold] = await tx
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(eq(creditLedger.uniqueKey, holdKey(requestId)))
    .limit(1);
  if (!hold) return false;
  return recordMovement(tx, {
    userId,
    kind: 'release',
    amount: cost,
    uniqueKey: settleKey(requestId),
    requestId,
    note,
  });
}

/** Makes a held credit final (the referral was made); once per request. */
export async function consumeHold(tx: Tx, userId: string, requestId: string) {
  return recordMovement(tx, {
    userId,
    kind: 'consume',
    amount: 0,
    uniqueKey: settleKey(requestId),
    requestId,
    note: 'Referral made',
  });
}

export interface CreditSummary {
  balance: number;
  held: number;
  consumed: number;
}

export async function creditSummary(db: Executor, userId: string): Promise<CreditSummary> {
  const [row] = await db
    .select({
      balance: sql<string | null>`coalesce(sum(${creditLedger.amount}), 0)`,
      // Holds of requests not settled yet (no consume or release with their settle key).
      held: sql<
        string | null
      >`coalesce(-sum(${creditLedger.amount}) filter (where ${creditLedger.kind} = 'hold' and not exists (select 1 from credit_ledger s where s.unique_key = 'settle:' || ${creditLedger.requestId})), 0)`,
      consumed: sql<string>`count(*) filter (where ${creditLedger.kind} = 'consume')`,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return {
    balance: Number(row?.balance ?? 0),
    held: Number(row?.held ?? 0),
    consumed: Number(row?.consumed ?? 0),
  };
}

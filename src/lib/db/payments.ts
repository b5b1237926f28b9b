/**
 * Pending payments (issue 18): written before the checkout opens, so the app can resume
 * "Confirming payment…" after the checkout's return, a reload, a reconnect or a killed tab.
 * Removed once the server's answer has been shown.
 */
import { getDb } from './instance';
import type { PendingPayment } from './types';

export type { PendingPayment };

export async function putPendingPayment(payment: PendingPayment): Promise<void> {
  await getDb().payments.put(payment);
}

/** The user's pending payments, oldest first. */
export async function listPendingPayments(userId: string): Promise<PendingPayment[]> {
  const rows = await getDb().payments.where('userId').equals(userId).toArray();
  return rows.sort((a, b) => a.createdAt - b.createdAt);
}

export async function deletePendingPayment(orderId: string): Promise<void> {
  await getDb().payments.delete(orderId);
}

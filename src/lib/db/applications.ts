/**
 * The user's applications on this device (`applications` table): what the server listed last,
 * plus anything the outbox delivered since. Read offline by the Apply button and "My
 * applications".
 */
import { getDb } from './instance';
import type { LocalApplication } from './types';

/** The server's list is the truth: this user's rows become exactly those. */
export async function replaceApplications(
  userId: string,
  rows: readonly LocalApplication[],
): Promise<void> {
  const db = getDb();
  await db.transaction('rw', db.applications, async () => {
    await db.applications.where('userId').equals(userId).delete();
    await db.applications.bulkPut(rows.filter((row) => row.userId === userId));
  });
}

/** This user's applications, newest first. */
export async function listApplications(userId: string): Promise<LocalApplication[]> {
  const rows = await getDb().applications.where('userId').equals(userId).sortBy('appliedAt');
  return rows.reverse();
}

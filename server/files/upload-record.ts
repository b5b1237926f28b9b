/**
 * Bookkeeping for signed uploads in `uploaded_files`: one row per issued URL. The row is what
 * makes a URL single use (the first successful PUT claims it atomically) and what proves, when
 * the CV is patched, that the object was uploaded by that user.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uploadedFiles } from '../db/schema';

export type UploadRecord = typeof uploadedFiles.$inferSelect;

export async function recordIssuedUpload(
  db: Database,
  row: Pick<
    UploadRecord,
    'id' | 'objectKey' | 'ownerId' | 'purpose' | 'fileName' | 'mimeType' | 'expiresAt'
  >,
): Promise<void> {
  await db.insert(uploadedFiles).values(row);
}

/**
 * Claims the URL for this PUT: true only for the first caller, and only before expiry. Two
 * concurrent PUTs race on the one UPDATE; the loser sees false.
 */
export async function claimUpload(db: Database, objectKey: string, now: Date): Promise<boolean> {
  const claimed = await db
    .update(uploadedFiles)
    .set({ uploadedAt: now })
    .where(
      and(
        eq(uploadedFiles.objectKey, objectKey),
        isNull(uploadedFiles.uploadedAt),
        gt(uploadedFiles.expiresAt, now),
      ),
    )
    .returning({ id: uploadedFiles.id });
  return claimed.length > 0;
}

/** After the bytes are stored: remember their size. */
export async function completeUpload(db: Database, objectKey: string, sizeBytes: number) {
  await db.update(uploadedFiles).set({ sizeBytes }).where(eq(uploadedFiles.objectKey, objectKey));
}

/** The store failed after the claim: give the URL back so the client's retry can use it. */
export async function releaseUpload(db: Database, objectKey: string) {
  await db
    .update(uploadedFiles)
    .set({ uploadedAt: sql`null` })
    .where(eq(uploadedFiles.objectKey, objectKey));
}

export async function findUpload(
  db: Database,
  objectKey: string,
): Promise<UploadRecord | undefined> {
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(eq(uploadedFiles.objectKey, objectKey))
    .limit(1);
  return row;
}

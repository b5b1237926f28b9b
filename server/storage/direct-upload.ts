/**
 * Confirms a CV the client uploaded straight to the object store (S3 presigned PUT), when the
 * CV is patched: the checks this server's own PUT /storage makes as the bytes arrive
 * (put-route.ts) happen here instead, as far as S3 allows (README.md).
 *
 * - the object must exist (404 otherwise, like a missing upload);
 * - under 2 MB (413, spec §5; the contract's isResumeSizeAllowed), the one limit a presigned PUT
 *   cannot carry;
 * - the uploaded_files row records the upload once (uploadedAt, size), so the key counts as
 *   used from then on. The `%PDF-` check is the parser's (it refuses a non-PDF clearly).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uploadedFiles } from '../db/schema';
import { HttpError } from '../http/errors';
import { ResumeMessages, isResumeSizeAllowed } from '../../src/domain/contract/files';
import type { DirectAccess } from './object-store';

export const MISSING_UPLOAD_MESSAGE = 'CV file not found. Please upload it again.';

export async function confirmDirectUpload(
  db: Database,
  direct: DirectAccess,
  objectKey: string,
): Promise<void> {
  const bytes = await direct.size(objectKey);
  if (bytes === undefined) throw new HttpError(404, MISSING_UPLOAD_MESSAGE);
  if (!isResumeSizeAllowed(bytes)) throw new HttpError(413, ResumeMessages.tooLarge);
  await db
    .update(uploadedFiles)
    .set({ uploadedAt: new Date(), sizeBytes: bytes })
    .where(and(eq(uploadedFiles.objectKey, objectKey), isNull(uploadedFiles.uploadedAt)));
}

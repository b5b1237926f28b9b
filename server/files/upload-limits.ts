/**
 * The server's side of the resume upload rules: the size, type and texts are the contract's
 * (src/domain/contract/files.ts: `isResumeSizeAllowed`, ResumeLimits, ResumeMessages); what is
 * left here is what only the server checks or decides.
 */
import { ResumeLimits } from '../../src/domain/contract/files';

/** The purpose segment of spec §7's `POST /file/gsu2u/USER_RESUME`. */
export const RESUME_PURPOSE = ResumeLimits.purpose;

/** Every PDF starts with this header (stack-notes: check it before parsing). */
export const PDF_MAGIC = '%PDF-';

/** How long a signed upload URL stays valid: long enough for a 2 MB PUT on a slow phone link. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

export function looksLikePdf(bytes: Buffer): boolean {
  return bytes.length > PDF_MAGIC.length && bytes.subarray(0, 5).toString('latin1') === PDF_MAGIC;
}

/**
 * The resume upload rules shared by the signed-URL call, the storage PUT and the CV parser.
 * spec §5 "Resume file" / §9 "Resume: max 2 MB, PDF only".
 */

/** spec §9: max 2 MB. Bytes, as the browser's File.size counts them. */
export const MAX_RESUME_BYTES = 2 * 1024 * 1024;

/** spec §9: PDF only. */
export const RESUME_MIME_TYPE = 'application/pdf';

/** Every PDF starts with this header (stack-notes: check it before parsing). */
export const PDF_MAGIC = '%PDF-';

/** How long a signed upload URL stays valid: long enough for a 2 MB PUT on a slow phone link. */
export const UPLOAD_URL_TTL_SECONDS = 10 * 60;

/** The purpose segment of spec §7's `POST /file/gsu2u/USER_RESUME`. */
export const RESUME_PURPOSE = 'USER_RESUME';

// Client-facing texts: spec §5's resume-file messages where the spec has one.
export const MESSAGES = {
  notPdf: 'Only PDF files are allowed.', // spec §5
  tooLarge: 'File must be less than 2MB.', // spec §5
  empty: 'Invalid or empty file.', // spec §5
  invalidLink: 'This upload link is not valid. Please upload the file again.',
  expiredLink: 'This upload link has expired. Please upload the file again.',
  usedLink: 'This upload link was already used. Please upload the file again.',
} as const;

export function looksLikePdf(bytes: Buffer): boolean {
  return bytes.length > PDF_MAGIC.length && bytes.subarray(0, 5).toString('latin1') === PDF_MAGIC;
}

/**
 * The files API area (spec §7 `POST /file/gsu2u/USER_RESUME` → `PUT {signed URL}` →
 * `PATCH /user/{email}/cv`; spec §5 "Resume file", §9 "Resume: max 2 MB, PDF only"): the
 * resume rules, the signed-upload request and answer, and the CV link.
 *
 * The size rule is one predicate, `isResumeSizeAllowed`: the app's file picker, the server's own
 * PUT /storage (its body limit is LARGEST_RESUME_BYTES) and the check of a file uploaded straight
 * to S3 all use it, so a file one side takes is never refused by the other.
 */
import * as z from 'zod/mini';
import { lazySchema } from './common';

export const ResumeLimits = {
  /** spec §5 "The size must be under 2 MB": a file must be smaller than this (bytes, File.size). */
  maxBytes: 2 * 1024 * 1024,
  /** spec §9: PDF only. */
  mimeType: 'application/pdf',
  /** The purpose segment of spec §7's `POST /file/gsu2u/USER_RESUME`. */
  purpose: 'USER_RESUME',
  fileNameMax: 255,
} as const;

/** spec §5 "under 2 MB": the one size rule of a resume, for the app and the server. */
export function isResumeSizeAllowed(bytes: number): boolean {
  return bytes < ResumeLimits.maxBytes;
}

/** The largest resume accepted, in bytes: a body limit that refuses exactly 2 MiB. */
export const LARGEST_RESUME_BYTES = ResumeLimits.maxBytes - 1;

/** Resume texts: spec §5's messages where the spec has one. */
export const ResumeMessages = {
  notPdf: 'Only PDF files are allowed.', // spec §5
  tooLarge: 'File must be less than 2MB.', // spec §5
  empty: 'Invalid or empty file.', // spec §5
  none: 'Please select a PDF file before uploading.',
  invalidLink: 'This upload link is not valid. Please upload the file again.',
  expiredLink: 'This upload link has expired. Please upload the file again.',
  usedLink: 'This upload link was already used. Please upload the file again.',
  notYourProfile: 'You can only upload a CV to your own profile',
} as const;

/** spec §7 `POST /file/gsu2u/USER_RESUME`: only for the caller's own user id. */
export const SignedUploadBody = lazySchema(() =>
  z.object({
    userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
    resumeUserFileName: z
      .string()
      .check(z.trim(), z.minLength(1, ResumeMessages.empty), z.maxLength(ResumeLimits.fileNameMax)),
    resumeFileMimeType: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  }),
);
export type SignedUploadInput = z.infer<typeof SignedUploadBody>;

/**
 * The answer keeps the spec's AWS-flavoured names so the client is the same against S3:
 * `awsS3SignedUrl` (where to PUT), `awsS3Tag` (the tagging header value to send with the PUT)
 * and `cloudFileName` (the object key the client passes to `PATCH /user/{email}/cv` as `resume`).
 */
export const SignedUploadAnswerSchema = lazySchema(() =>
  z.object({
    awsS3SignedUrl: z.string(),
    awsS3Tag: z.catch(z.string(), ''),
    cloudFileName: z.string(),
  }),
);

/** `PATCH /user/{email}/cv` answer. */
export const CvPatchAnswerSchema = lazySchema(() =>
  z.object({
    data: z.object({ email: z.string(), CV: z.string(), isCvExtracted: z.boolean() }),
  }),
);

/** `GET /user/{email}/cv/url`: a 5-minute link to the caller's current CV. */
export const CvLinkSchema = lazySchema(() =>
  z.object({
    data: z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() }),
  }),
);
export type CvLink = z.infer<typeof CvLinkSchema>['data'];

// ---------------------------------------------------------------------------------------------
// Proof of a referral (issue 17 "Mark as referred": an optional screenshot or PDF, uploaded through
// the same signed path as a CV).

/** The kinds of file a proof may be, by MIME type, with the extension its object key gets. */
export const PROOF_FILE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const;
export type ProofMimeType = keyof typeof PROOF_FILE_TYPES;

export const ProofLimits = {
  /** The same 2 MB as a CV: a phone screenshot is well under it, and one body limit serves both. */
  maxBytes: ResumeLimits.maxBytes,
  purpose: 'REFERRAL_PROOF',
  fileNameMax: 255,
} as const;

export function isProofMimeType(value: string): value is ProofMimeType {
  return Object.hasOwn(PROOF_FILE_TYPES, value);
}

/** The same rule as a CV's (spec §5 "under 2 MB"), for the picker and the server. */
export function isProofSizeAllowed(bytes: number): boolean {
  return bytes < ProofLimits.maxBytes;
}

/** The picker's `accept`: the proof types. */
export const PROOF_ACCEPT = Object.keys(PROOF_FILE_TYPES).join(',');

export const ProofMessages = {
  wrongType: 'Proof must be a screenshot (PNG, JPEG or WebP) or a PDF.',
  tooLarge: 'File must be less than 2MB.', // spec §5's size text, as for a CV
  empty: 'Invalid or empty file.', // spec §5
  notYours: 'Only the referee who accepted this request can attach proof to it.',
  notUploaded: 'The proof file was not uploaded. Please attach it again.',
  none: 'No proof file was attached to this referral.',
} as const;

/** `POST /file/gsu2u/REFERRAL_PROOF`: a signed URL for the referee holding an accepted request. */
export const ProofUploadBody = lazySchema(() =>
  z.strictObject({
    requestId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    fileName: z
      .string()
      .check(z.trim(), z.minLength(1, ProofMessages.empty), z.maxLength(ProofLimits.fileNameMax)),
    mimeType: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  }),
);
export type ProofUploadInput = z.infer<typeof ProofUploadBody>;

/** `GET /referrals/{id}/proof`: a 5-minute link to the proof, for the candidate and the referee. */
export const ProofLinkSchema = lazySchema(() =>
  z.object({
    data: z.object({ url: z.string(), fileName: z.string(), expiresAt: z.string() }),
  }),
);
export type ProofLink = z.infer<typeof ProofLinkSchema>['data'];

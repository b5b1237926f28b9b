/**
 * Resume file rules (spec §5, §9): PDF only, under 2 MB, with the spec's exact messages.
 */
export const MAX_RESUME_BYTES = 2 * 1024 * 1024; // spec §9: max 2 MB

export const RESUME_MESSAGES = {
  notPdf: 'Only PDF files are allowed.',
  tooLarge: 'File must be less than 2MB.',
  none: 'Please select a PDF file before uploading.',
  empty: 'Invalid or empty file.',
} as const; // spec §5

export interface FileLike {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** The message for a file that may not be uploaded, or null when it may. */
export function resumeFileError(file: FileLike | null | undefined): string | null {
  if (!file) return RESUME_MESSAGES.none;
  if (!file.name || file.size === 0) return RESUME_MESSAGES.empty;
  const pdf = file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));
  if (!pdf) return RESUME_MESSAGES.notPdf;
  if (file.size >= MAX_RESUME_BYTES) return RESUME_MESSAGES.tooLarge;
  return null;
}

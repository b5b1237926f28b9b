/**
 * Resume file rules (spec §5, §9): PDF only, under 2 MB, with the spec's exact messages. The
 * size rule and the texts are the contract's (src/domain/contract/files.ts), which the server's
 * upload checks use too: a file the picker takes is one the server takes.
 */
import { ResumeLimits, ResumeMessages, isResumeSizeAllowed } from '@/domain/contract/files';

export const MAX_RESUME_BYTES = ResumeLimits.maxBytes;
export const RESUME_MESSAGES = ResumeMessages;

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
  if (!isResumeSizeAllowed(file.size)) return RESUME_MESSAGES.tooLarge;
  return null;
}

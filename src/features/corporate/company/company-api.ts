/** The company profile (issue 20 item 3; contract src/domain/contract/corporate-company.ts). */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  CompanyProfileAnswerSchema,
  LogoLimits,
  LogoMessages,
  isLogoMimeType,
  isLogoSizeAllowed,
  type CompanyProfile,
  type CompanyProfileChanges,
} from '@/domain/contract/corporate-company';
import { SignedUploadAnswerSchema } from '@/domain/contract/files';
import { api, ApiError } from '@/lib/api';

export const companyProfileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['corporate-company', userId] as const,
    queryFn: ({ signal }) =>
      api
        .get('/corporate/company', { schema: CompanyProfileAnswerSchema, signal })
        .then((r) => r.data),
    gcTime: 24 * 60 * 60 * 1000,
    meta: { persist: true },
  });

export function saveCompanyProfile(changes: CompanyProfileChanges) {
  return api
    .patch('/corporate/company', { schema: CompanyProfileAnswerSchema, body: changes })
    .then((r) => r.data);
}

/** A logo the browser can already tell is wrong (type, size), in the contract's words; or null. */
export function logoProblem(file: File): string | null {
  if (!isLogoMimeType(file.type)) return LogoMessages.wrongType;
  if (!isLogoSizeAllowed(file.size)) return LogoMessages.tooLarge;
  return null;
}

/**
 * Issue 20 item 3: the three steps of a logo upload (signed URL, PUT the image, save it as the
 * logo); answers the saved profile. Online only, like the rest of the company form.
 */
export async function uploadCompanyLogo(file: File): Promise<CompanyProfile> {
  const signed = await api.post(`/file/gsu2u/${LogoLimits.purpose}`, {
    schema: SignedUploadAnswerSchema,
    body: { mimeType: file.type, fileName: file.name || 'logo' },
  });
  // The signed URL carries its own credentials: no bearer token. The local store's URL is
  // root-relative (this server's /storage), S3's absolute.
  const target = new URL(signed.awsS3SignedUrl, window.location.origin).href;
  await api
    .put(target, {
      schema: z.unknown(),
      body: file,
      auth: false,
      headers: signed.awsS3Tag ? { storageTagging: signed.awsS3Tag } : {},
      timeoutMs: 60_000,
    })
    .catch((error: unknown) => {
      // The storage route's own words are about CVs; say it for a logo.
      if (error instanceof ApiError && error.status === 415) {
        throw new ApiError(LogoMessages.wrongType, 415);
      }
      throw error;
    });
  return saveCompanyProfile({ logoFile: signed.cloudFileName });
}

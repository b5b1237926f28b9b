/**
 * The product's view of a signed-in account (spec §3 "signed-in user profile", §7 calls):
 * - corporate users: their corporate record (`GET /corporate-user/{cognitoUserId}/cognito`, the
 *   first item); `isDeleted` means the account is deactivated (spec §4);
 * - general users: their record (`GET /user/{email}/details`, the first item) gives the last
 *   accessed dashboard, the referral count and the profile picture the header shows (spec §2).
 */
import * as z from 'zod/mini';
import { api, ApiError } from '@/lib/api';

// spec §8: persistent error toast, then sign-out.
export const DEACTIVATED_MESSAGE =
  'Your account has been deactivated. Please contact support for assistance.';

const CorporateUsersSchema = z.array(z.object({ isDeleted: z.boolean() }));

/** True when the corporate record of this Cognito user is marked deleted. */
export async function isDeactivatedCorporateUser(sub: string): Promise<boolean> {
  const records = await api.get(`/corporate-user/${encodeURIComponent(sub)}/cognito`, {
    schema: CorporateUsersSchema,
  });
  return records[0]?.isDeleted === true;
}

const GeneralUsersSchema = z.array(
  z.object({
    name: z.optional(z.nullable(z.string())),
    lastAccessedDash: z.optional(z.nullable(z.string())),
    referralCount: z.optional(z.nullable(z.number())),
    profileImageAwsS3SignedUrl: z.optional(z.nullable(z.string())),
  }),
);

export interface GeneralProfile {
  fullName: string | null;
  lastAccessedDash: string | null;
  referralCount: number | null;
  profileImageUrl: string | null;
}

/** The general user record's header fields, or null when the user has no record yet. */
export async function fetchGeneralProfile(email: string): Promise<GeneralProfile | null> {
  const records = await api.get(`/user/${encodeURIComponent(email)}/details`, {
    schema: GeneralUsersSchema,
  });
  const user = records[0];
  if (!user) return null;
  return {
    fullName: user.name?.trim() || null,
    lastAccessedDash: user.lastAccessedDash ?? null,
    referralCount: user.referralCount ?? null,
    profileImageUrl: user.profileImageAwsS3SignedUrl ?? null,
  };
}

/**
 * True when an API call was refused because the caller's account is deactivated: the server
 * answers every call of a deactivated general user with 403 and the spec §8 text (issue 21).
 */
export function isDeactivatedRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.message.includes(DEACTIVATED_MESSAGE)
  );
}

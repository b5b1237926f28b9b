/**
 * A company's users (issue 20 item 3), for corporate admins only (spec §6 manage_users):
 *
 * - GET   /api/corporate/users                   the company's users and open invitations
 * - POST  /api/corporate/users/invites           invite a recruiter or admin by email (mailed)
 * - PATCH /api/corporate/users/{userId}          change role, deactivate or reactivate
 * - GET   /api/corporate/invites/{token}         what an invitation is for (no sign-in needed);
 *                                                410 with INVITE_EXPIRED once it has expired
 * - POST  /api/corporate/invites/{token}/accept  the signed-in invitee joins (ID token: its
 *                                                verified email must be the invited one)
 */
import * as z from 'zod/mini';
import { idOf } from './common';

export const CORPORATE_ROLES = ['corporate-admin', 'corporate-recruiter'] as const;
export type CorporateRole = (typeof CORPORATE_ROLES)[number];

export const CorporateUserLimits = {
  /** Our choice (docs/decisions.md): a week, as the big recruiter consoles do. */
  inviteDays: 7,
} as const;

export const CorporateUserErrors = {
  adminsOnly: 'Only a company admin can manage its users',
  userNotFound: 'No such user in your company',
  notYourself: 'You cannot change your own role or deactivate yourself',
  alreadyMember: 'This person already has a corporate account',
  /** spec §8 "Invite Expired": the dialog tells the invitee to ask the company again. */
  inviteExpired: 'This invite has expired. Please contact the company for a new invite.',
  inviteNotFound: 'This invite link is not valid.',
  inviteUsed: 'This invite has already been used.',
  wrongEmail: 'Sign in with the email address the invite was sent to.',
  emailNotVerified: 'Verify your email address first.',
} as const;

export const CorporateUserIdParams = z.object({ userId: idOf(100) });
export const InviteTokenParams = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/)),
});

export const InviteBody = z.strictObject({
  email: z.email().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
  role: z.enum(CORPORATE_ROLES),
});
export type InviteInput = z.infer<typeof InviteBody>;

export const CorporateUserPatch = z.strictObject({
  role: z.optional(z.enum(CORPORATE_ROLES)),
  active: z.optional(z.boolean()),
});

export const CompanyUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(CORPORATE_ROLES),
  active: z.boolean(),
  isYou: z.boolean(),
});
export type CompanyUser = z.infer<typeof CompanyUserSchema>;

export const InviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(CORPORATE_ROLES),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invite = z.infer<typeof InviteSchema>;

export const CompanyUsersAnswerSchema = z.object({
  data: z.object({ users: z.array(CompanyUserSchema), invites: z.array(InviteSchema) }),
});
export const CompanyUserAnswerSchema = z.object({ data: CompanyUserSchema });
export const InviteAnswerSchema = z.object({ data: InviteSchema });

/** GET /corporate/invites/{token}: enough for the invitee to know what they join. */
export const InviteViewSchema = z.object({
  data: z.object({
    companyName: z.string(),
    email: z.string(),
    role: z.enum(CORPORATE_ROLES),
    expiresAt: z.string(),
  }),
});

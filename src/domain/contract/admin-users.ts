/**
 * The admin console's users and companies (issue 21 item 2), for site admins only (spec §6
 * manage_users; evaluators, corporate users and candidates are refused):
 *
 * - GET  /api/admin/users                    search by name, email or role, newest first
 * - GET  /api/admin/users/{id}               one user: roles, status, credits and ledger,
 *                                            payments, referral requests made
 * - POST /api/admin/users/{id}/status        deactivate or reactivate, with a reason
 * - PUT  /api/admin/users/{id}/roles         the user's roles, set through the identity pool's
 *                                            groups (the next token carries them)
 * - POST /api/admin/users/{id}/credits       grant or revoke referral credits with a reason
 *                                            (once per Idempotency-Key)
 * - GET  /api/admin/companies                search companies with their verified mark
 * - POST /api/admin/companies/{id}/verification   verify or unverify a company
 *
 * A user id is `usr:<users.id>` for a general user (candidates, referees, admins, evaluators)
 * or `corp:<corporate_users.id>` for a company's user: the two records are kept apart (spec §3).
 */
import * as z from 'zod/mini';

export const AdminUserLimits = {
  pageSize: 30,
  /** Largest single grant or revoke (an admin's typo should not mint a fortune). */
  maxCreditChange: 100,
  reasonMin: 3,
  reasonMax: 500,
  /** Ledger rows shown on a user's page, newest first. */
  ledgerRows: 50,
} as const;

/** Roles a site admin sets for a general account (linkedin is how they signed up, not a role). */
export const SITE_ROLES = ['general-user', 'admin', 'evaluator'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];
/** Roles a site admin sets for a company's user (spec §6). */
export const COMPANY_ROLES = ['corporate-admin', 'corporate-recruiter'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
export const ADMIN_ROLE_FILTERS = [...SITE_ROLES, 'linkedin', ...COMPANY_ROLES] as const;

export const ROLE_LABELS: Record<string, string> = {
  'general-user': 'User',
  admin: 'Admin',
  evaluator: 'Evaluator',
  linkedin: 'LinkedIn',
  'corporate-admin': 'Company admin',
  'corporate-recruiter': 'Recruiter',
  corporate: 'Corporate User',
};

export const AdminUserErrors = {
  adminsOnly: 'Only site administrators can manage users',
  userNotFound: 'No such user',
  companyNotFound: 'No such company',
  notYourself: 'You cannot change your own roles or deactivate yourself',
  wrongRoles: 'Choose roles of this kind of account',
  noIdentity: 'This user has no sign-in account, so their roles cannot change',
  identityUnavailable: 'The sign-in service did not answer. Nothing was changed; try again.',
  noCredits: 'Only candidate and referee accounts hold referral credits',
  belowZero: (balance: number) =>
    `This user has only ${balance} credit${balance === 1 ? '' : 's'}: a revoke cannot take the balance below zero`,
} as const;

const reason = z
  .string()
  .check(
    z.trim(),
    z.minLength(AdminUserLimits.reasonMin, 'Say why in a few words'),
    z.maxLength(AdminUserLimits.reasonMax),
  );

export const AdminUserIdParams = z.object({
  id: z.string().check(z.regex(/^(usr|corp):[A-Za-z0-9_.:@-]{1,100}$/)),
});
export const AdminCompanyIdParams = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
});

export const AdminUsersQuery = z.object({
  /** Part of a name or an email. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  role: z.optional(z.enum(ADMIN_ROLE_FILTERS)),
  status: z.optional(z.enum(['active', 'deactivated'])),
  /** 1-based page. */
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
});
export type AdminUsersQueryInput = z.infer<typeof AdminUsersQuery>;

export const AdminStatusBody = z.strictObject({ active: z.boolean(), reason });
export const AdminRolesBody = z.strictObject({
  roles: z
    .array(z.enum([...SITE_ROLES, ...COMPANY_ROLES]))
    .check(z.minLength(1, 'Choose at least one role'), z.maxLength(3)),
  reason,
});
export const AdminCreditsBody = z.strictObject({
  action: z.enum(['grant', 'revoke']),
  amount: z.int().check(z.minimum(1), z.maximum(AdminUserLimits.maxCreditChange)),
  reason,
});
export type AdminCreditsInput = z.infer<typeof AdminCreditsBody>;
export const AdminVerificationBody = z.strictObject({ verified: z.boolean(), reason });

export const AdminUserRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['general', 'corporate']),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  active: z.boolean(),
  companyName: z.nullable(z.string()),
  /** Referral credits (general users; null for company users). */
  credits: z.nullable(z.number()),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

export const AdminUsersPageSchema = z.object({
  data: z.array(AdminUserRowSchema),
  /** The next page's number, or null at the end. */
  next: z.nullable(z.number()),
});

export const LedgerRowSchema = z.object({
  id: z.number(),
  kind: z.string(),
  amount: z.number(),
  note: z.nullable(z.string()),
  /** The admin's name when an admin made it; null for the product itself. */
  by: z.nullable(z.string()),
  requestId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

export const AdminPaymentSchema = z.object({
  id: z.string(),
  planId: z.string(),
  credits: z.number(),
  /** Paise. */
  amount: z.number(),
  status: z.string(),
  createdAt: z.string(),
});

export const AdminUserDetailSchema = z.object({
  data: z.object({
    user: AdminUserRowSchema,
    /** The caller themself: the page hides the changes they may not make. */
    isYou: z.boolean(),
    credits: z.nullable(z.object({ balance: z.number(), held: z.number(), consumed: z.number() })),
    ledger: z.array(LedgerRowSchema),
    payments: z.array(AdminPaymentSchema),
    referralRequests: z.number(),
  }),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>['data'];

export const AdminCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.string(),
  isVerified: z.boolean(),
  jobs: z.number(),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompaniesQuery = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export const AdminCompaniesSchema = z.object({ data: z.array(AdminCompanySchema) });
export const AdminCompanyAnswerSchema = z.object({ data: AdminCompanySchema });

/**
 * The company profile a company's users see and its admins edit (issue 20 item 3; spec §3
 * Company: name, logo, logoUrl, linkedIn, industry; plus the career link and the work-email
 * domains the referee issue checks):
 *
 * - GET   /api/corporate/company   any user of the company
 * - PATCH /api/corporate/company   corporate admins (spec §6 manage_users)
 */
import * as z from 'zod/mini';

export const CompanyProfileLimits = {
  industryMax: 80,
  urlMax: 500,
  domainsMax: 10,
} as const;

export const CompanyProfileErrors = {
  adminsOnly: 'Only a company admin can change the company profile',
  notMember: "Only the company's own users can see its profile",
  linkedInHost: 'The LinkedIn link must be a linkedin.com address',
  freeMailDomain: 'A public mail domain cannot be a company domain',
} as const;

const httpsUrl = z
  .string()
  .check(
    z.trim(),
    z.maxLength(CompanyProfileLimits.urlMax),
    z.regex(/^https?:\/\/[^\s/]+\.[^\s]+$/i, 'enter a full web address (https://…)'),
  );

/** A bare domain (acme.com): lower-cased, no scheme, no @. */
const domain = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(253),
    z.regex(
      /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
      'enter a domain like acme.com',
    ),
  );

export const CompanyProfilePatch = z.strictObject({
  industry: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(CompanyProfileLimits.industryMax)),
  ),
  linkedIn: z.optional(z.nullable(httpsUrl)),
  careerUrl: z.optional(z.nullable(httpsUrl)),
  logoUrl: z.optional(z.nullable(httpsUrl)),
  emailDomains: z.optional(
    z.array(domain).check(z.maxLength(CompanyProfileLimits.domainsMax, 'at most 10 domains')),
  ),
});
export type CompanyProfileChanges = z.infer<typeof CompanyProfilePatch>;

export const CompanyProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  industry: z.string(),
  logoUrl: z.nullable(z.string()),
  linkedIn: z.nullable(z.string()),
  careerUrl: z.nullable(z.string()),
  emailDomains: z.array(z.string()),
  /** The caller may edit it (manage_users). */
  editable: z.boolean(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;
export const CompanyProfileAnswerSchema = z.object({ data: CompanyProfileSchema });

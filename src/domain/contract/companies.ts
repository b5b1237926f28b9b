/**
 * The companies API area (spec §7 product API): the company listing (referral mode of the
 * listing screen), one company by id, and the generated SVG logos of the seeded companies.
 */
import * as z from 'zod/mini';
import { idOf } from './common';

export const CompanyLimits = {
  /** Companies per page when the query names none (the app always sends spec §9's sizes). */
  pageSizeDefault: 12,
  pageSizeMax: 100,
} as const;

export const CompanyErrors = {
  notFound: 'Company not found',
  logoNotFound: 'Logo not found',
} as const;

/** spec §7 `GET /company?filters&pageSize&lastKey&isVerified&industryName`. */
export const CompanyListQuerySchema = z.object({
  filters: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  pageSize: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CompanyLimits.pageSizeMax)),
    CompanyLimits.pageSizeDefault,
  ),
  lastKey: z.optional(z.string().check(z.maxLength(500))),
  isVerified: z.optional(z.enum(['true', 'false'])),
  industryName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export type CompanyListQuery = z.output<typeof CompanyListQuerySchema>;

export const CompanyIdParams = z.object({ companyId: idOf(200) });
export const CompanyLogoParams = z.object({
  file: z.string().check(z.regex(/^[a-z0-9-]+\.svg$/)),
});

const text = z.nullish(z.string());

/**
 * spec §3 Company (name, SK key, logo, logoUrl, linkedIn, industry), as GET /company sends it,
 * with `isVerified`, which the listing's "Verified companies only" filter reads offline.
 */
export const CompanySchema = z.looseObject({
  SK: z.string(),
  name: z.string(),
  logo: text,
  logoUrl: text,
  linkedIn: text,
  careerUrl: text,
  industry: text,
  isVerified: z.nullish(z.boolean()),
});
export type Company = z.infer<typeof CompanySchema>;

export const CompanyPageSchema = z.object({
  data: z.array(CompanySchema),
  pagination: z.object({ lastKey: text }),
});

/** spec §7 `GET /company/{companyId}`: the company as a one-item list. */
export const CompanyListSchema = z.array(CompanySchema);

/**
 * GET /api/companies/top (issue 26 item 10): the companies with the most published jobs, for
 * the home page. Ours; spec §7 does not show it.
 */
export const TopCompaniesQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(24)), 8),
});

export const TopCompaniesSchema = z.object({
  data: z.array(
    z.object({
      SK: z.string(),
      name: z.string(),
      logoUrl: z.nullable(z.string()),
      industry: z.nullable(z.string()),
      openJobs: z.number(),
    }),
  ),
});
export type TopCompany = z.infer<typeof TopCompaniesSchema>['data'][number];

/**
 * The company profile a company's users see and its admins edit (issue 20 item 3; spec §3
 * Company: name, logo, logoUrl, linkedIn, industry; plus the career link and the work-email
 * domains the referee issue checks):
 *
 * - GET   /api/corporate/company   any user of the company
 * - PATCH /api/corporate/company   corporate admins (spec §6 manage_users)
 * - POST  /api/file/gsu2u/COMPANY_LOGO   a signed URL to PUT a logo to (corporate admins); the
 *   returned cloudFileName is then sent as the PATCH's `logoFile`
 * - GET   /api/company-logos/{company}/{file}   the uploaded logo, public (the logoUrl it gets)
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

/** Company logos (issue 20 item 3): a PNG, JPEG or WebP image of at most 1 MB. */
export const LOGO_FILE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type LogoMimeType = keyof typeof LOGO_FILE_TYPES;
export const LOGO_ACCEPT = Object.keys(LOGO_FILE_TYPES).join(',');

export const LogoLimits = {
  purpose: 'COMPANY_LOGO',
  maxBytes: 1024 * 1024,
  fileNameMax: 255,
} as const;

export function isLogoMimeType(value: string): value is LogoMimeType {
  return Object.hasOwn(LOGO_FILE_TYPES, value);
}

export function isLogoSizeAllowed(bytes: number): boolean {
  return bytes > 0 && bytes <= LogoLimits.maxBytes;
}

export const LogoMessages = {
  wrongType: 'The logo must be a PNG, JPEG or WebP image.',
  tooLarge: 'The logo must be 1 MB or smaller.',
  notUploaded: 'Upload the logo first, then save it.',
  uploadFailed: 'The logo could not be uploaded. Please try again.',
  offline: 'You are offline. Connect to upload a logo.',
} as const;

/** `POST /file/gsu2u/COMPANY_LOGO`. */
export const LogoUploadBody = z.strictObject({
  mimeType: z.string().check(z.trim(), z.maxLength(100)),
  fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(LogoLimits.fileNameMax)),
});
export type LogoUploadInput = z.infer<typeof LogoUploadBody>;

/** The public logo's address parts: `/api/company-logos/<company>/<uuid>.<png|jpg|webp>`. */
export const CompanyLogoFileParams = z.object({
  company: z.string().check(z.regex(/^[a-z0-9_-]{1,64}$/)),
  file: z.string().check(z.regex(/^[0-9a-f-]{36}\.(png|jpg|webp)$/)),
});

export const CompanyProfilePatch = z.strictObject({
  industry: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(CompanyProfileLimits.industryMax)),
  ),
  linkedIn: z.optional(z.nullable(httpsUrl)),
  careerUrl: z.optional(z.nullable(httpsUrl)),
  // A web address, or one of this server's own logo addresses (the seeded ones, an upload).
  logoUrl: z.optional(
    z.nullable(
      z.union([
        httpsUrl,
        z
          .string()
          .check(
            z.regex(/^\/api\/company-logos?\/[a-z0-9_-]+(\/[0-9a-f-]{36})?\.(svg|png|jpg|webp)$/),
          ),
      ]),
    ),
  ),
  /** The cloudFileName of an uploaded logo: it becomes the logo (and sets logoUrl). */
  logoFile: z.optional(z.string().check(z.maxLength(200))),
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

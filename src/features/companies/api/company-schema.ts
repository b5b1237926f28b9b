import * as z from 'zod/mini';

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

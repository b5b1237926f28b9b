/**
 * The /referrals URL search params (spec §2): the search text (`searchText`) and the filter
 * panel's `industryName` and `isVerified`, so a filtered company listing can be shared, reloaded
 * and opened offline. Each is checked on its own: a bad value from an old link is dropped, not
 * an error page. It lives beside the route, not in the feature: the route's options are in the
 * first-load bundle, and importing the feature's index here would pull the whole listing in.
 */
import * as z from 'zod/mini';
import type { CompanyFilters } from '@/features/companies';

const SearchText = z.string().check(z.maxLength(200));
// The server takes an industryName of at most 100 characters (server/companies/routes.ts).
const IndustryName = z.string().check(z.maxLength(100));

function text(schema: z.ZodMiniString, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success && parsed.data.trim() ? parsed.data : undefined;
}

export function validateCompanySearch(input: Record<string, unknown>): CompanyFilters {
  const searchText = text(SearchText, input.searchText);
  const industryName = text(IndustryName, input.industryName);
  // The router parses ?isVerified=true as JSON (the boolean); a hand-written link may hold text.
  // Anything else, false included, means no filter (spec: unchecked sends no isVerified).
  const isVerified = input.isVerified === true || input.isVerified === 'true';
  return {
    ...(searchText ? { searchText } : {}),
    ...(industryName ? { industryName } : {}),
    ...(isVerified ? { isVerified: true as const } : {}),
  };
}

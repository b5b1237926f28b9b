/**
 * The /referrals URL search params (spec §2): the search text (`searchText`) and the filter
 * panel's `industryName` and `isVerified`, so a filtered company listing can be shared, reloaded
 * and opened offline. Each is checked on its own: a bad value from an old link is dropped, not
 * an error page. It lives beside the route, not in the feature: the route's options are in the
 * first-load bundle, and importing the feature's index here would pull the whole listing in.
 */
import type { CompanyFilters } from '@/features/companies';
import { boundedText } from '@/lib/stored-values';

const SEARCH_TEXT_LENGTH = 200;
// The server takes an industryName of at most 100 characters (server/companies/routes.ts).
const INDUSTRY_NAME_LENGTH = 100;

export function validateCompanySearch(input: Record<string, unknown>): CompanyFilters {
  const searchText = boundedText(input.searchText, SEARCH_TEXT_LENGTH);
  const industryName = boundedText(input.industryName, INDUSTRY_NAME_LENGTH);
  // The router parses ?isVerified=true as JSON (the boolean); a hand-written link may hold text.
  // Anything else, false included, means no filter (spec: unchecked sends no isVerified).
  const isVerified = input.isVerified === true || input.isVerified === 'true';
  return {
    ...(searchText ? { searchText } : {}),
    ...(industryName ? { industryName } : {}),
    ...(isVerified ? { isVerified: true as const } : {}),
  };
}

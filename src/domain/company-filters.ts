/**
 * Company listing filters → the query of `GET /company` (spec §7: filters, pageSize, lastKey,
 * isVerified, industryName). The listing builds its requests and cache keys with this, and the
 * offline listing applies the same query to cached companies (src/lib/db/local-filter.ts), so
 * online and offline agree on what a filter means.
 *
 * - `filters` is the search text, matched against the company name.
 * - "Verified companies only" sends `isVerified=true`; unchecked sends nothing (every company),
 *   never `isVerified=false`, which would hide the verified ones instead.
 * - Empty params are dropped (spec §5).
 */

/** What the user chose in company mode (the /referrals URL search params). */
export interface CompanyFilters {
  readonly searchText?: string;
  /** One industry (single choice), matched ignoring case. */
  readonly industryName?: string;
  /** Only ever `true`: the filter is on, or absent. */
  readonly isVerified?: true;
}

/** The query of `GET /company` without its page fields; absent keys are not sent. */
export interface CompanyQueryParams {
  readonly filters?: string;
  readonly isVerified?: 'true';
  readonly industryName?: string;
}

export function buildCompanyQuery(filters: CompanyFilters): CompanyQueryParams {
  const text = filters.searchText?.trim();
  const industry = filters.industryName?.trim();
  return {
    ...(text ? { filters: text } : {}),
    ...(filters.isVerified === true ? { isVerified: 'true' as const } : {}),
    ...(industry ? { industryName: industry } : {}),
  };
}

import { buildCompanyQuery, type CompanyFilters } from '@/domain/company-filters';
import { CompanyPageSchema } from '@/domain/contract/companies';
import { INITIAL_PAGE_SIZE, NEXT_PAGE_SIZE } from '@/domain/filters';
import { api } from '@/lib/api';
import type { CompanyRecord } from '@/lib/db';
import { saveToDevice } from '@/lib/db/device';

export type { CompanyFilters };

export interface CompanyPage {
  readonly rows: readonly CompanyRecord[];
  readonly lastKey: string | null;
}

/**
 * The request a filter set makes, without its page fields: one listing in the cache (Dexie and
 * the query cache), so pages of different filters never mix. Lowercased: the server matches the
 * text and the industry ignoring case, so "Fintech" and "fintech" are the same listing.
 */
export function companyListingKey(filters: CompanyFilters): string {
  const query = Object.entries(buildCompanyQuery(filters)).map(
    ([name, value]): [string, string] => [name, String(value).toLowerCase()],
  );
  return `companies:${new URLSearchParams(query).toString()}`;
}

/**
 * One page of GET /company (spec §7): `filters` is the search text, with `isVerified` and
 * `industryName` (domain/company-filters.ts). The page renders from the answer and its rows are
 * saved to the device under their key (SK) in the background, as the job listing does.
 */
export async function fetchCompaniesPage(
  filters: CompanyFilters,
  lastKey: string | null,
  signal?: AbortSignal,
): Promise<CompanyPage> {
  const { filters: text, isVerified, industryName } = buildCompanyQuery(filters);
  const page = await api.get('/company', {
    schema: CompanyPageSchema,
    // spec §7 order; spec §9: page size 10 initial, 30 for requests.
    query: {
      filters: text,
      pageSize: lastKey ? NEXT_PAGE_SIZE : INITIAL_PAGE_SIZE,
      lastKey,
      isVerified,
      industryName,
    },
    signal,
  });
  const rows = page.data.map((company) => ({ ...company, id: company.SK }));
  const next = page.pagination.lastKey ?? null;
  const key = companyListingKey(filters);
  void saveToDevice({
    kind: 'companies',
    rows,
    listing: { key, ids: rows.map((row) => row.id), lastKey: next, first: !lastKey },
  });
  return { rows, lastKey: next };
}

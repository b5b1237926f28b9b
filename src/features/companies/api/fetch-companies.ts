import { INITIAL_PAGE_SIZE, NEXT_PAGE_SIZE } from '@/domain/filters';
import { api } from '@/lib/api';
import { recordListingPage, upsertCompanies } from '@/lib/db';
import { CompanyPageSchema } from './company-schema';

export interface CompanyFilters {
  readonly searchText?: string;
}

export interface CompanyPage {
  readonly ids: readonly string[];
  readonly lastKey: string | null;
}

export function companyListingKey(filters: CompanyFilters): string {
  return `companies:${filters.searchText?.trim().toLowerCase() ?? ''}`;
}

/**
 * One page of GET /company (spec §7): `filters` is the search text. Rows are cached in Dexie
 * under their key (SK) and the page returns ids, as the job listing does.
 */
export async function fetchCompaniesPage(
  filters: CompanyFilters,
  lastKey: string | null,
  signal?: AbortSignal,
): Promise<CompanyPage> {
  const page = await api.get('/company', {
    schema: CompanyPageSchema,
    // spec §9: page size 10 initial, 30 for requests.
    query: {
      filters: filters.searchText,
      pageSize: lastKey ? NEXT_PAGE_SIZE : INITIAL_PAGE_SIZE,
      lastKey,
    },
    signal,
  });
  const rows = page.data.map((company) => ({ ...company, id: company.SK }));
  await upsertCompanies(rows);
  const ids = rows.map((row) => row.id);
  const next = page.pagination.lastKey ?? null;
  await recordListingPage({
    key: companyListingKey(filters),
    kind: 'companies',
    ids,
    lastKey: next,
    first: !lastKey,
  });
  return { ids, lastKey: next };
}

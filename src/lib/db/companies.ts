import type { CompanyQueryParams } from '@/domain/company-filters';
import { companyMatchesQuery } from './local-filter';
import { withRecovery } from './resilience';
import { getDb } from './instance';
import type { CachedCompany, CompanyRecord } from './types';

export async function upsertCompanies(
  rows: readonly CompanyRecord[],
  now = Date.now(),
): Promise<void> {
  const db = getDb();
  await withRecovery(db, () =>
    db.companies.bulkPut(rows.map((row) => ({ ...row, cachedAt: now }))),
  );
}

export async function getCachedCompanies(ids: readonly string[]): Promise<CachedCompany[]> {
  const db = getDb();
  const rows = await withRecovery(db, () => db.companies.bulkGet([...ids]));
  return rows.filter((row): row is CachedCompany => row !== undefined);
}

/**
 * Offline company listing: cached companies matching the request (search text, industry,
 * verified; see companyMatchesQuery), by name (the server's order).
 */
export async function queryCachedCompanies(query: CompanyQueryParams): Promise<CachedCompany[]> {
  const db = getDb();
  return withRecovery(db, () =>
    db.companies
      .orderBy('name')
      .filter((company) => companyMatchesQuery(company, query))
      .toArray(),
  );
}

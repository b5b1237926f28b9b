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

/** Offline company search: name contains the text, by name (the server's order). */
export async function queryCachedCompanies(
  search: string,
  industry?: string,
): Promise<CachedCompany[]> {
  const db = getDb();
  const text = search.trim().toLowerCase();
  return withRecovery(db, () =>
    db.companies
      .orderBy('name')
      .filter(
        (c) =>
          (!text || c.name.toLowerCase().includes(text)) &&
          (!industry || c.industry?.toLowerCase() === industry.toLowerCase()),
      )
      .toArray(),
  );
}

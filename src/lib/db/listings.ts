import { withRecovery } from './resilience';
import { getDb } from './instance';
import type { ListingMeta } from './types';

export async function getListing(key: string): Promise<ListingMeta | undefined> {
  const db = getDb();
  return withRecovery(db, () => db.listings.get(key));
}

/** Records a fetched page: the first page replaces the listing, later pages extend it. */
export async function recordListingPage(
  page: Omit<ListingMeta, 'fetchedAt'> & { readonly first: boolean },
  now = Date.now(),
): Promise<void> {
  const db = getDb();
  await withRecovery(db, () =>
    db.transaction('rw', db.listings, async () => {
      const previous = page.first ? undefined : await db.listings.get(page.key);
      const ids = [...new Set([...(previous?.ids ?? []), ...page.ids])];
      await db.listings.put({
        key: page.key,
        kind: page.kind,
        ids,
        lastKey: page.lastKey,
        fetchedAt: now,
      });
    }),
  );
}

/** When the newest cached row of this kind was fetched, for the "saved N minutes ago" banner. */
export async function newestFetch(kind: ListingMeta['kind']): Promise<number | undefined> {
  const db = getDb();
  const newest = await withRecovery(db, async () =>
    kind === 'jobs'
      ? (await db.jobs.orderBy('cachedAt').last())?.cachedAt
      : (await db.companies.orderBy('cachedAt').last())?.cachedAt,
  );
  return newest;
}

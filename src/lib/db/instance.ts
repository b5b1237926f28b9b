import { createDb, type AppDb } from './schema';

let instance: AppDb | null = null;

/** The app's database, opened on first use (Dexie opens lazily on the first query). */
export function getDb(): AppDb {
  instance ??= createDb();
  return instance;
}

/**
 * For tests: use this database (or a fresh default one) from now on. The previous one is left
 * open, not closed: work a test started in the background (saves behind the first paint, live
 * queries) may still be running, and it finishes against the database it began with instead of
 * failing on a closed one in the next test.
 */
export function setDbForTests(db: AppDb | null): void {
  instance = db;
}

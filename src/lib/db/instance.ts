import { createDb, type AppDb } from './schema';

let instance: AppDb | null = null;

/** The app's database, opened on first use (Dexie opens lazily on the first query). */
export function getDb(): AppDb {
  instance ??= createDb();
  return instance;
}

/** For tests: use this database (or a fresh default one) from now on. */
export function setDbForTests(db: AppDb | null): void {
  instance?.close();
  instance = db;
}

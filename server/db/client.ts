/**
 * Opens the database: embedded PGlite by default (a folder on disk, or in memory for tests), or a
 * real Postgres when DATABASE_URL is set. Both get the same migrations at start-up, and callers
 * see one Drizzle type, so no code path is for one engine only.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DatabaseOpenError } from './damaged-database';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; loadDataDir?: Blob | File };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  migrate?: boolean;
  /**
   * An idle Postgres connection was cut (a restart, a failover, an administrator's terminate).
   * The pool has already dropped it and opens a new one for the next query; without a listener
   * node-postgres would throw the error out of the process. Default: one line on stderr.
   */
  onConnectionLost?: (error: Error & { code?: string }) => void;
}

const reportLostConnection = (error: Error & { code?: string }) =>
  console.warn(`database connection lost (${error.code ?? 'no code'}): ${error.message}`);

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}) {
  const shouldMigrate = options.migrate ?? true;
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 4 });
    pool.on('error', options.onConnectionLost ?? reportLostConnection);
    const db = drizzlePg({ client: pool, schema });
    if (shouldMigrate) await migratePg(db, { migrationsFolder });
    return { db, engine: 'postgres', close: () => pool.end() } satisfies DatabaseHandle;
  }
  if (target.kind === 'pglite-memory') {
    const client = await PGlite.create(
      target.loadDataDir ? { loadDataDir: target.loadDataDir } : {},
    );
    const db = drizzlePglite({ client, schema });
    if (shouldMigrate) await migratePglite(db, { migrationsFolder });
    return { db, engine: 'pglite', close: () => client.close() } satisfies DatabaseHandle;
  }
  return openPgliteFolder(path.resolve(target.dataDir), shouldMigrate);
}

/**
 * A PGlite folder is opened by one process at a time (two writers damage it, issue 23): the lock
 * is taken first and released after the database is closed. A folder PGlite cannot open is
 * reported as DatabaseOpenError, in words, instead of WebAssembly's bare "Aborted()".
 */
async function openPgliteFolder(dataDir: string, shouldMigrate: boolean) {
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir);
  } catch (error) {
    lock.release();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseOpenError(dataDir, reason, { cause: error });
  }
  try {
    const db = drizzlePglite({ client, schema });
    if (shouldMigrate) await migratePglite(db, { migrationsFolder });
    const close = async () => {
      try {
        await client.close();
      } finally {
        lock.release();
      }
    };
    return { db, engine: 'pglite', close } satisfies DatabaseHandle;
  } catch (error) {
    await client.close().catch(() => undefined);
    lock.release();
    throw error;
  }
}

/** For test templates: the raw PGlite under a handle, to dump a migrated, seeded database. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('gzip');
}

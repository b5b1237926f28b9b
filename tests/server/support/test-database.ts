import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { POSTGRES_TEMPLATE_DB, TEMPLATE_PATH, withDatabase } from './template-path';

/** A private copy of the migrated, seeded template database (see global-setup.ts). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = new Blob([readFileSync(TEMPLATE_PATH)]);
    return openDatabase({ kind: 'pglite-memory', loadDataDir: dump }, { migrate: false });
  }
  const name = `rh_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE_DB}`);
  await admin.end();
  const handle = await openDatabase(
    { kind: 'postgres', url: withDatabase(url, name), poolSize: 2 },
    // The DROP … WITH (FORCE) below may reach a connection the pool is still closing.
    { migrate: false, onConnectionLost: () => undefined },
  );
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

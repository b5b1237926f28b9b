/**
 * One migrated, seeded template database per test run; every test file then gets its own copy.
 * - PGlite (default): creating a database runs initdb (~4 s), so the template is dumped to a file
 *   and each test file loads it into memory (stack-notes: one template, copied per test file).
 * - Postgres (DATABASE_URL set): the template is a database, `rh_test_template`, and each test
 *   file gets `CREATE DATABASE … TEMPLATE rh_test_template`. The same tests run on both engines.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { dumpPglite, openDatabase } from '../../../server/db/client';
import { seedDatabase } from '../../../server/seed/seed-database';
import { POSTGRES_TEMPLATE_DB, TEMPLATE_PATH, withDatabase } from './template-path';

export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE_DB} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE_DB}`);
    } finally {
      await admin.end();
    }
    const handle = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, POSTGRES_TEMPLATE_DB),
    });
    await seedDatabase(handle.db);
    await handle.close();
    return;
  }
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await seedDatabase(handle.db);
  const dump = await dumpPglite(handle);
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

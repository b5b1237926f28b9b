/**
 * Creating a PGlite database runs initdb (~4 s). Do it once per test run: migrate and seed one
 * database, dump it, and let every test file load its own in-memory copy from the dump
 * (stack-notes: one template, copied per test file).
 */
import { writeFileSync } from 'node:fs';
import { dumpPglite, openDatabase } from '../../../server/db/client';
import { seedDatabase } from '../../../server/seed/seed-database';
import { TEMPLATE_PATH } from './template-path';

export default async function setup() {
  const handle = await openDatabase({ kind: 'pglite-memory' });
  await seedDatabase(handle.db);
  const dump = await dumpPglite(handle);
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}

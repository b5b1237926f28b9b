import { readFileSync } from 'node:fs';
import { openDatabase, type DatabaseHandle } from '../../../server/db/client';
import { TEMPLATE_PATH } from './template-path';

/** A private in-memory copy of the migrated, seeded template database (see global-setup.ts). */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const dump = new Blob([readFileSync(TEMPLATE_PATH)]);
  return openDatabase({ kind: 'pglite-memory', loadDataDir: dump }, { migrate: false });
}

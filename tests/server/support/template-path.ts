import { mkdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve('node_modules/.tmp');
mkdirSync(dir, { recursive: true });
export const TEMPLATE_PATH = path.join(dir, 'pglite-test-template.tar.gz');
export const POSTGRES_TEMPLATE_DB = 'rh_test_template';

/** The same server and credentials, another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

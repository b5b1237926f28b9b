/**
 * `npm run seed -- [--jobs N] [--companies N] [--reset]`: fills the configured database (the
 * embedded one in DATA_DIR, or DATABASE_URL) with demo data. `--reset` empties it first; use it
 * with `--jobs 50000` to make a large set for benchmarks.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DEFAULT_SEED, seedDatabase } from '../server/seed/seed-database';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: String(DEFAULT_SEED.jobs) },
    companies: { type: 'string', default: String(DEFAULT_SEED.companies) },
    reset: { type: 'boolean', default: false },
  },
});
const jobs = Number(values.jobs);
const companies = Number(values.companies);
if (!Number.isInteger(jobs) || jobs < 0 || !Number.isInteger(companies) || companies < 1) {
  console.error('--jobs must be a whole number ≥ 0 and --companies ≥ 1');
  process.exit(1);
}

const config = loadConfig();
const handle = await openDatabase(
  config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pglite') },
);
try {
  if (values.reset) {
    await handle.db.execute(
      sql`TRUNCATE idempotency_keys, uploaded_files, job_matches, job_applications, external_job_applications, jobs, corporate_users, users, companies`,
    );
  }
  const started = performance.now();
  const result = await seedDatabase(handle.db, { jobs, companies });
  if (!result.seeded) console.log('The database already has data; use --reset to replace it.');
  else
    console.log(
      `Seeded ${result.companies} companies and ${result.jobs} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s (${handle.engine}).`,
    );
} finally {
  await handle.close();
}

/**
 * `npm run bench:api`: job search and job detail under load, on loopback.
 *
 * - Data: 50,000 jobs (override with BENCH_JOBS), seeded once into a cached PGlite data folder
 *   (node_modules/.tmp/bench-<n>) and, when BENCH_DATABASE_URL names a Postgres database,
 *   into that database too (it is emptied first).
 * - Load: open loop at 25, 50, 100 and 150 requests/s for BENCH_SECONDS (default 10) each, then a
 *   closed-loop saturation run; the server runs in its own process (`server/main.ts`).
 * - Mix: 35 % newest jobs, 20 % text search, 20 % filters (city, skills, salary, YOE), 10 % second
 *   pages through lastKey, 15 % job detail.
 * - Then the CV parse time per document (scripts/bench-cv.ts).
 * Targets (issue #3): job search p95 ≤ 50 ms at 50 req/s on PGlite and at 150 req/s on Postgres.
 */
import path from 'node:path';
import { openDatabase, type DatabaseTarget } from '../server/db/client';
import { seedDatabase } from '../server/seed/seed-database';
import { closeLoad, openLoop, saturation, type LatencySummary } from './lib/load';
import { startServer } from './lib/server-process';
import { createRandom } from '../server/seed/random';
import { benchCvParse, formatCvTimings } from './bench-cv';
import { sql } from 'drizzle-orm';

const JOBS = Number(process.env.BENCH_JOBS ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATES = [25, 50, 100, 150];

async function prepare(target: DatabaseTarget, reset: boolean) {
  const handle = await openDatabase(target);
  if (reset) {
    await handle.db.execute(
      // CASCADE: every table that references these (saved jobs, push subscriptions, …) too.
      sql`TRUNCATE idempotency_keys, uploaded_files, job_matches, job_applications, external_job_applications, jobs, corporate_users, users, companies CASCADE`,
    );
  }
  const started = performance.now();
  const result = await seedDatabase(handle.db, { jobs: JOBS, companies: 400 });
  if (result.seeded)
    console.log(`  seeded ${JOBS} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await handle.close();
}

function requestMix(base: string, cursors: string[]) {
  const random = createRandom(99);
  const words = [
    'react',
    'java',
    'data analyst',
    'kubernetes',
    'product manager',
    'sales',
    'python developer',
    'designer',
    'finance',
    'android',
  ];
  const cities = ['Bengaluru', 'Pune', 'Hyderabad', 'Chennai', 'Gurugram'];
  const skills = ['React', 'Java', 'Python', 'SQL', 'AWS', 'Figma'];
  return () => {
    const roll = random.next();
    if (roll < 0.35) return `${base}/jobs-api/job/?pageSize=10`;
    if (roll < 0.55)
      return `${base}/jobs-api/job/?pageSize=10&searchText=${encodeURIComponent(random.pick(words))}`;
    if (roll < 0.75) {
      return `${base}/jobs-api/job/?pageSize=10&location=${random.pick(cities)}&coreSkills=${random.pick(skills)}${random.chance(0.5) ? '&minSalary=10&maxSalary=40' : '&YOE=' + random.int(1, 10)}`;
    }
    if (roll < 0.85 && cursors.length)
      return `${base}/jobs-api/job/?pageSize=10${random.pick(cursors)}`;
    return `${base}/jobs-api/job/job-${String(random.int(1, JOBS)).padStart(6, '0')}`;
  };
}

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer('.no-dist', {
    ...env,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'error',
  });
  try {
    const cursors: string[] = [];
    for (const q of ['', '&searchText=engineer', '&location=Pune']) {
      const res = await fetch(`${server.url}/jobs-api/job/?pageSize=10${q}`);
      const body = (await res.json()) as { pagination: { lastKey: string | null } };
      // The next page of the same query: a text search's cursor continues that search.
      if (body.pagination.lastKey) cursors.push(`${q}&lastKey=${body.pagination.lastKey}`);
    }
    const next = requestMix(server.url, cursors);
    await openLoop(next, 25, 2); // warm-up
    const rows: LatencySummary[] = [];
    // The targets are for job search; detail is reported beside it.
    const kindOf = (url: string) => {
      if (!url.includes('/jobs-api/job/?')) return ['detail'];
      return ['search', url.includes('searchText=') ? 'search: text' : 'search: no text'];
    };
    for (const rate of RATES) rows.push(await openLoop(next, rate, SECONDS, kindOf));
    const max = await saturation(next, 16, 5);
    console.log(`\n${label} (${JOBS} jobs, ${SECONDS} s per rate, open loop)`);
    console.log('  rate/s   sent    ok  errors    p50 ms   p95 ms   p99 ms   achieved/s');
    for (const r of rows) {
      console.log(
        `  ${String(r.rate).padStart(6)} ${String(r.sent).padStart(6)} ${String(r.ok).padStart(5)} ${String(r.errors).padStart(7)} ${r.p50.toFixed(1).padStart(9)} ${r.p95.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${r.achieved.toFixed(1).padStart(12)}`,
      );
    }
    console.log('  by kind: rate/s  kind              n    p50 ms   p95 ms   p99 ms');
    for (const r of rows) {
      for (const [kind, k] of Object.entries(r.byKind).sort()) {
        console.log(
          `          ${String(r.rate).padStart(6)}  ${kind.padEnd(15)} ${String(k.ok).padStart(5)} ${k.p50.toFixed(1).padStart(9)} ${k.p95.toFixed(1).padStart(8)} ${k.p99.toFixed(1).padStart(8)}`,
        );
      }
    }
    console.log(`  saturation (16 connections, closed loop): ${max.toFixed(0)} req/s`);
  } finally {
    await server.stop();
  }
}

// The server opens PGlite at $DATA_DIR/pglite; this folder is kept between runs.
const dataDir = path.resolve(`node_modules/.tmp/bench-${JOBS}`);
// BENCH_ENGINES=postgres (or pglite) measures one engine only, e.g. while tuning.
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
if (engines.includes('pglite')) {
  console.log(`Preparing PGlite data in ${dataDir}…`);
  await prepare({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }, false);
  await measure('PGlite (embedded)', { DATA_DIR: dataDir });
}

const postgresUrl = process.env.BENCH_DATABASE_URL;
if (postgresUrl && engines.includes('postgres')) {
  console.log('\nPreparing Postgres data…');
  await prepare({ kind: 'postgres', url: postgresUrl }, true);
  await measure('Postgres (DATABASE_URL)', { DATABASE_URL: postgresUrl });
} else {
  console.log(
    '\nPostgres: not measured. Set BENCH_DATABASE_URL=postgres://… to include it (see README).',
  );
}
closeLoad();

// issue #3: the same report gives the CV parse time per document (the figures of bench:cv).
console.log(`\n${formatCvTimings(await benchCvParse())}`);

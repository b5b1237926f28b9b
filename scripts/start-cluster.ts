/**
 * `npm run start:cluster -- --workers N` (issue 25 item 2): N identical server processes on one
 * Postgres behind one port, with Node's cluster module (the primary accepts connections and hands
 * them to the workers). Needs DATABASE_URL: the embedded PGlite is one process only, and
 * `npm start` stays that one process.
 *
 * The primary does what must happen once: the migrations and the demo data (SEED_DEMO_DATA), and,
 * in local identity mode, the identity stand-in, whose address the workers get as
 * COGNITO_ENDPOINT (one user pool for all; sign-in challenges live in one process). A worker that
 * dies is replaced (a crash, or the SIGKILL of bench:cluster); its unfinished jobs are retried by
 * the others once they expire (server/queue/job-queue.ts). SIGINT/SIGTERM stop the workers
 * gracefully, then the stand-in.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import path from 'node:path';

function workersWanted(): number {
  const index = process.argv.indexOf('--workers');
  const raw = index >= 0 ? process.argv[index + 1] : process.env.WORKERS;
  const n = raw === undefined ? availableParallelism() : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    console.error('--workers takes a whole number from 1 to 64.');
    process.exit(2);
  }
  return n;
}

if (cluster.isPrimary) {
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { seedDatabase } = await import('../server/seed/seed-database');
  const { startsIdentityStandin } = await import('../server/identity/config');
  const { startIdentityStandin } = await import('../server/identity/standin');

  const workers = workersWanted();
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error(
      'start:cluster needs DATABASE_URL (a Postgres all processes share); the embedded database ' +
        'serves one process: use `npm start`.',
    );
    process.exit(2);
  }
  const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
  if (config.SEED_DEMO_DATA) await seedDatabase(database.db);
  await database.close();

  const identity = startsIdentityStandin(config)
    ? await startIdentityStandin({
        dataDir: path.resolve(config.DATA_DIR, 'identity'),
        host: '127.0.0.1',
        port: config.IDENTITY_PORT,
        httpsPort: config.IDENTITY_HTTPS_PORT,
        logLevel: config.LOG_LEVEL === 'silent' ? 'silent' : 'warn',
      })
    : undefined;
  const workerEnv: Record<string, string> = {
    SEED_DEMO_DATA: 'false', // done above, once
    ...(identity ? { COGNITO_ENDPOINT: identity.endpoint } : {}),
  };

  let stopping = false;
  const fork = () => cluster.fork(workerEnv);
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.log(`worker ${worker.process.pid} ended (${signal ?? code}); starting another`);
    fork();
  });
  for (let i = 0; i < workers; i++) fork();
  console.log(`start:cluster: ${workers} server processes on port ${config.PORT}`);

  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const exits = Object.values(cluster.workers ?? {}).map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (!worker || worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.process.kill('SIGTERM');
        }),
    );
    await Promise.all(exits);
    await identity?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} else {
  // A worker is the ordinary server (it listens on the primary's shared port).
  await import('../server/main');
}

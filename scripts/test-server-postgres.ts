/**
 * Runs the server suite on a real Postgres (issue 25 part 3): the scale-out path (many server
 * processes on one Postgres) is tested on every `npm test`, not only when someone sets
 * DATABASE_URL by hand. Debian's `postgresql` is installed with apt-get when missing (as root),
 * a throw-away cluster is made with initdb in a temporary folder, started on a free loopback port,
 * and removed again however the run ends (success, failure, Ctrl-C, SIGTERM).
 *
 * Extra arguments go to vitest: `npm run test:server:postgres -- tests/server/jobs-api.test.ts`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { ensureAptPackage, isRoot } from './lib/apt-package';

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl (Debian's layout). */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')));
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user (made by
 * Debian's package); otherwise to whoever runs the tests. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) {
    console.error('Running as root, but there is no `postgres` user to own the test cluster.');
    process.exit(1);
  }
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const bin = ensureAptPackage({
  aptPackage: 'postgresql',
  label: 'Postgres (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin)',
  find: findPostgresBin,
});
const owner = clusterOwner();
const folder = mkdtempSync(path.join(tmpdir(), 'rh-postgres-'));
const dataDir = path.join(folder, 'data');
const socketDir = path.join(folder, 'socket');
const logFile = path.join(folder, 'postgres.log');
mkdirSync(socketDir);
if (owner) chownSync(folder, owner.uid, owner.gid);
if (owner) chownSync(socketDir, owner.uid, owner.gid);

// As the cluster's owner, from inside its folder (the postgres user may not read our cwd).
const asOwner = { cwd: folder, ...owner };

let started = false;
let cleaning: Promise<void> | undefined;
/** Stops the cluster and deletes its folder, once. Asynchronous, so that a signal handler running
 * it leaves the event loop free (tsx kills a child that does not answer its relayed signal). */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    if (started) {
      // Immediate: the data is thrown away, so there is nothing to flush.
      await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    }
    await rm(folder, { recursive: true, force: true });
  })();
  return cleaning;
}

/** Runs a Postgres tool as the cluster's owner; rejects with its output and the server log. */
async function run(command: string, args: string[]): Promise<void> {
  const child = spawn(path.join(bin, command), args, {
    ...asOwner,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    throw new Error(`${command} failed (exit ${code}):\n${output}${log}`);
  }
}

let vitest: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    vitest?.kill(signal);
    void cleanUp().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

let exitCode = 1;
try {
  const startedAt = performance.now();
  // The same collation and time zone as the embedded PGlite, so both engines sort and date alike.
  await run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust', // loopback and a private socket folder only, for a throw-away cluster
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--lc-collate=C',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c timezone=UTC',
    // Durability is pointless for a cluster deleted after the run; these make writes cheap.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  started = true;
  await run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);

  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  // Superuser: the test setup creates and drops a database per test file (CREATEDB at least).
  await admin.query('CREATE ROLE rh LOGIN SUPERUSER');
  await admin.query('CREATE DATABASE rh OWNER rh');
  await admin.end();
  const version = spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
  console.log(
    `${version.stdout.trim()} on 127.0.0.1:${port} (${folder}), ready in ` +
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );

  vitest = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'server', ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: `postgres://rh@127.0.0.1:${port}/rh` },
    },
  );
  const child = vitest;
  exitCode = await new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);

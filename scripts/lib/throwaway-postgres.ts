/**
 * A throw-away Postgres for scripts (the server suite on Postgres, bench:cluster): Debian's
 * `postgresql` (installed with apt-get when missing, as root), initdb in a temporary folder,
 * started on a free loopback port, stopped and deleted by `stop()`.
 *
 * `throwawayPostgres()` only prepares (binaries, folder), so a caller can hook `stop()` to its
 * signals before the slow start; `stop()` is safe at any time and runs once.
 * `startThrowawayPostgres()` does both steps.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureAptPackage, isRoot } from './apt-package';

export function freePort(): Promise<number> {
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

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl (Debian's layout). */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')));
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user (made by
 * Debian's package); otherwise to whoever runs the script. */
function clusterOwner(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('Running as root, but there is no `postgres` user.');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface ThrowawayPostgresOptions {
  /** Extra server settings (`name=value`), e.g. `fsync=off` or `max_connections=200`. */
  settings?: readonly string[];
  /** Prefix of the temporary folder's name. */
  folderPrefix?: string;
}

export interface RunningPostgres {
  port: number;
  /** `postgres (PostgreSQL) 15.x` */
  version: string;
  /** The temporary folder (data, socket, log). */
  folder: string;
  /** postgres://rh@127.0.0.1:<port>/<database> for a new database of that name. */
  createDatabase: (name: string) => Promise<string>;
}

export interface ThrowawayPostgres {
  start: () => Promise<RunningPostgres>;
  /** Stops the cluster (if started) and deletes its folder; once, whenever it is called. */
  stop: () => Promise<void>;
}

export function throwawayPostgres(options: ThrowawayPostgresOptions = {}): ThrowawayPostgres {
  const bin = ensureAptPackage({
    aptPackage: 'postgresql',
    label: 'Postgres (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin)',
    find: findPostgresBin,
  });
  const owner = clusterOwner();
  const folder = mkdtempSync(path.join(tmpdir(), options.folderPrefix ?? 'rh-postgres-'));
  const dataDir = path.join(folder, 'data');
  const socketDir = path.join(folder, 'socket');
  const logFile = path.join(folder, 'postgres.log');
  mkdirSync(socketDir);
  if (owner) {
    chownSync(folder, owner.uid, owner.gid);
    chownSync(socketDir, owner.uid, owner.gid);
  }

  /** Runs a Postgres tool as the cluster's owner, from inside its folder (the postgres user may
   * not read our cwd); rejects with its output and the server log. */
  const run = async (command: string, args: string[]) => {
    const child = spawn(path.join(bin, command), args, {
      cwd: folder,
      ...owner,
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
  };

  let started = false;
  let stopping: Promise<void> | undefined;
  return {
    async start() {
      // The same collation and time zone as the embedded PGlite, so both engines sort and date
      // alike.
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
      const serverOptions = [
        `-p ${port}`,
        `-k ${socketDir}`,
        '-c listen_addresses=127.0.0.1',
        '-c timezone=UTC',
        ...(options.settings ?? []).map((setting) => `-c ${setting}`),
      ].join(' ');
      started = true;
      await run('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        logFile,
        '-o',
        serverOptions,
        '-w',
        '-t',
        '60',
        'start',
      ]);
      const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // Superuser: the server suite creates and drops a database per test file.
      await admin.query('CREATE ROLE rh LOGIN SUPERUSER');
      await admin.end();
      const version = spawnSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' });
      return {
        port,
        version: version.stdout.trim(),
        folder,
        async createDatabase(name) {
          const client = new pg.Client({ connectionString: adminUrl });
          await client.connect();
          await client.query(`CREATE DATABASE ${name} OWNER rh`);
          await client.end();
          return `postgres://rh@127.0.0.1:${port}/${name}`;
        },
      };
    },
    stop() {
      stopping ??= (async () => {
        if (started) {
          // Immediate: the data is thrown away, so there is nothing to flush.
          await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
        }
        await rm(folder, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

/** Prepares and starts one (bench:cluster); `stop()` removes it. */
export async function startThrowawayPostgres(
  options: ThrowawayPostgresOptions = {},
): Promise<RunningPostgres & { stop: () => Promise<void> }> {
  const postgres = throwawayPostgres(options);
  try {
    return { ...(await postgres.start()), stop: postgres.stop };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}

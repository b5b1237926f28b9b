/**
 * A throw-away Postgres for scripts (bench:cluster): Debian's `postgresql` (installed with
 * apt-get when missing, as root), initdb in a temporary folder, started on a free loopback port,
 * removed by `stop()`. The same recipe as scripts/test-server-postgres.ts.
 */
import { spawn } from 'node:child_process';
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

function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, 'bin'))
    .find((bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')));
}

function clusterOwner(): { uid: number; gid: number } | undefined {
  if (!isRoot) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('Running as root, but there is no `postgres` user.');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface ThrowawayPostgres {
  /** postgres://rh@127.0.0.1:<port>/<database> for a new database of that name. */
  createDatabase: (name: string) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = ensureAptPackage({
    aptPackage: 'postgresql',
    label: 'Postgres (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin)',
    find: findPostgresBin,
  });
  const owner = clusterOwner();
  const folder = mkdtempSync(path.join(tmpdir(), 'rh-bench-pg-'));
  const dataDir = path.join(folder, 'data');
  const socketDir = path.join(folder, 'socket');
  const logFile = path.join(folder, 'postgres.log');
  mkdirSync(socketDir);
  if (owner) {
    chownSync(folder, owner.uid, owner.gid);
    chownSync(socketDir, owner.uid, owner.gid);
  }
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
    if (code !== 0) throw new Error(`${command} failed (exit ${code}):\n${output}`);
  };
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
    '-c max_connections=200',
  ].join(' ');
  await run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
  const admin = new pg.Client({
    connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  await admin.connect();
  await admin.query('CREATE ROLE rh LOGIN SUPERUSER');
  await admin.end();
  return {
    async createDatabase(name) {
      const client = new pg.Client({
        connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`,
      });
      await client.connect();
      await client.query(`CREATE DATABASE ${name} OWNER rh`);
      await client.end();
      return `postgres://rh@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/**
 * One server per embedded database folder (issue 23 item 9): two `npm start` on one DATA_DIR
 * used to open the same PGlite folder and damage it, and a damaged folder then stopped start-up
 * with a bare WebAssembly "Aborted()". The process tests run the real entry point.
 */
import { PGlite } from '@electric-sql/pglite';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markDemoData } from '../../server/db/damaged-database';
import { DataDirLockedError, lockDataDir } from '../../server/db/data-dir-lock';

const folders: string[] = [];
function tempFolder() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rh-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts `server/main.ts` as `npm start` does (see main-process.test.ts). */
function startMain(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      // The lock is the embedded database's: these servers use PGlite even when the suite runs
      // on Postgres (npm run test:server:postgres sets DATABASE_URL).
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      DIST_DIR: '.no-dist',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      PORT: '0',
      IDENTITY_PORT: '0',
      IDENTITY_HTTPS_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout.on('data', () => {
      if (output.includes('running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', () => clearTimeout(timer));
  });
  return { child, running, output: () => output };
}

async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

/** A process that has ended: its pid is free (for a while). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

describe('the data folder lock', () => {
  it('refuses a second lock while the first is held, and frees it on release', () => {
    const dir = path.join(tempFolder(), 'pglite');
    const first = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toContain(`"pid":${process.pid}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    first.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over a lock whose process is gone (a crash or kill -9)', async () => {
    const dir = path.join(tempFolder(), 'pglite');
    const pid = await deadPid();
    const stale = { pid, host: hostname(), startedAt: new Date().toISOString() };
    writeFileSync(`${dir}.lock`, JSON.stringify(stale));
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
    // Nothing is left behind beside the folder.
    expect(readdirSync(path.dirname(dir))).toEqual([]);
  });

  it("takes over a lock naming this very pid that this process does not hold (a container's pid 1 after a restart)", () => {
    const dir = path.join(tempFolder(), 'pglite');
    const previousLife = { pid: process.pid, host: hostname(), startedAt: '2020-01-01T00:00:00Z' };
    writeFileSync(`${dir}.lock`, JSON.stringify(previousLife));
    lockDataDir(dir).release();
  });

  it('takes over a damaged lock file (no readable owner)', () => {
    const dir = path.join(tempFolder(), 'pglite');
    writeFileSync(`${dir}.lock`, '');
    lockDataDir(dir).release();
  });
});

describe('one server per data folder', () => {
  it('a second server on the same folder refuses with a message naming the first, and exits 1', async () => {
    const dataDir = tempFolder();
    const first = startMain(dataDir);
    try {
      await first.running;
      const second = startMain(dataDir);
      expect(await exitCode(second.child)).toBe(1);
      expect(second.output()).toContain(`in use by another server (pid ${first.child.pid}`);
      expect(second.output()).toContain('DATA_DIR=');
      // The first one is unharmed and still serving.
      expect(first.output()).not.toContain('Aborted');
    } finally {
      first.child.kill('SIGTERM');
    }
    expect(await exitCode(first.child)).toBe(0);
    // Released on close: the next start takes the folder.
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);

  it('a damaged database folder is explained in words with the command to move it aside', async () => {
    const dataDir = tempFolder();
    const pgliteDir = path.join(dataDir, 'pglite');
    const client = await PGlite.create(pgliteDir);
    await client.exec('CREATE TABLE t (a int); INSERT INTO t VALUES (1);');
    await client.close();
    markDemoData(pgliteDir);
    // Overwrite the write-ahead log: PGlite then aborts while starting.
    const walDir = path.join(pgliteDir, 'pg_wal');
    for (const name of readdirSync(walDir).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
      const fd = openSync(path.join(walDir, name), 'r+');
      writeSync(fd, Buffer.alloc(65_536, 0x5a), 0, 65_536, 0);
      closeSync(fd);
    }
    const server = startMain(dataDir);
    expect(await exitCode(server.child)).toBe(1);
    const output = server.output();
    expect(output).toContain(`The embedded database in ${pgliteDir} could not be opened`);
    expect(output).toContain('It was created with the demo data');
    expect(output).toMatch(new RegExp(`mv ${pgliteDir} ${pgliteDir}-damaged-\\d{8}-\\d{6}`));
    // The lock is not left behind by the failed start.
    expect(existsSync(`${pgliteDir}.lock`)).toBe(false);
  }, 180_000);
});

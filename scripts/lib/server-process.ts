import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server entry (`server/main.ts`, as `npm start` runs it) on a free port, serving
 * `distDir`, with its own throw-away data folder (database), and resolves with the URL it prints.
 */
export function startServer(
  distDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      // Free ports for the identity stand-in too: several servers may run side by side.
      IDENTITY_PORT: '0',
      IDENTITY_HTTPS_PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`The server did not start within 90 s. Output:\n${output}`));
    }, 90_000); // seeding a fresh database on a busy 2-core machine can take a while
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening. Output:\n${output}`));
    });
    child.stdout.on('data', () => {
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({ url: match[1].replace('localhost', '127.0.0.1'), stop });
    });
  });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Starts the real entry point (`server/main.ts`) as `npm start` does, without the build step. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DIST_DIR: '.no-dist',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rh-main-')),
      SEED_DEMO_DATA: 'false',
      IDENTITY_PORT: '0',
      IDENTITY_HTTPS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    // A fresh data folder runs initdb and the migrations: ~5 s alone, 20+ s on two busy cores.
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    child.stdout.on('data', () => {
      const match = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, url, output: () => output };
}

async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('server process', () => {
  it('prints its URL, serves, and shuts down cleanly on SIGTERM', async () => {
    const { child, url } = startMain({ PORT: '0' });
    const base = await url;
    const res = await fetch(`${base}/api/health`);
    expect(res.status).toBe(200);
    // The app learns where identity lives from the server (here: the local stand-in).
    const clientConfig = (await (await fetch(`${base}/api/client-config`)).json()) as {
      identity: {
        userPoolId: string;
        userPoolClientId: string;
        userPoolEndpoint: string;
        oauth: { domain: string; redirectSignIn: string[]; scopes: string[]; responseType: string };
      };
    };
    expect(clientConfig.identity).toMatchObject({
      userPoolId: 'ap-south-1_LocalDev1',
      userPoolClientId: 'localdevwebclient0000000000',
      userPoolEndpoint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+/) as unknown,
      oauth: {
        redirectSignIn: ['/auth/checkRedirection'],
        scopes: ['email', 'openid', 'profile', 'phone'],
        responseType: 'code',
      },
    });
    const jwks = await fetch(
      `${clientConfig.identity.userPoolEndpoint}/ap-south-1_LocalDev1/.well-known/jwks.json`,
    );
    expect(jwks.status).toBe(200);
    child.kill('SIGTERM');
    expect(await exitCode(child)).toBe(0);
  }, 120_000);

  it('explains a port that is already taken instead of crashing with a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '0.0.0.0', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const { child, output } = startMain({ PORT: String(port) });
      expect(await exitCode(child)).toBe(1);
      expect(output()).toContain(`Port ${port} is in use`);
    } finally {
      blocker.close();
    }
  }, 120_000);
});

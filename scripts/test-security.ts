/**
 * `npm run test:security` (issue 23 "Done when"): hostile input replayed against a real server,
 * with the figures that show whether it held. Each case gets a fresh server in its own process
 * (Fastify app + in-memory PGlite seeded with the demo accounts, on a free loopback port), so a
 * case that kills its server is reported as such and the next case starts clean.
 *
 * Cases so far (issue 23 item 1): CVs uploaded through the app's normal path (signed URL → PUT →
 * PATCH /api/user/{email}/cv), generated in code (tests/server/support/bomb-pdfs.ts): a normal
 * CV, then decompression bombs. Per case: the outcome the candidate sees, the parse time (PATCH
 * to outcome, polled every 100 ms), the server process's peak RSS during the case (Linux
 * VmHWM, reset after start-up), and /api/health latency p99 while the parse runs.
 *
 * To add a case: write a function `(server: SecurityServer) => Promise<CaseReport>` and list it
 * in CASES; `withServer` and `measureHealth` are there to share.
 *
 * The same file is the server side when SECURITY_ROLE=server (spawned by `startSecurityServer`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../server/app';
import { loadConfig } from '../server/config';
import { dumpPglite, openDatabase } from '../server/db/client';
import { demoAccount } from '../server/identity/demo-accounts';
import { seedDatabase } from '../server/seed/seed-database';
import { hugeStringBomb, textOperatorBomb } from '../tests/server/support/bomb-pdfs';
import { textCv } from '../tests/server/support/cv-pdfs';
import { createTestAuth } from '../tests/server/support/test-auth';

const CANDIDATE = demoAccount('candidate@example.com');
const PARSE_WAIT_MS = Number(process.env.SECURITY_PARSE_WAIT_MS ?? 120_000);

// ---------------------------------------------------------------------------------------------
// Server side

/** Migrates and seeds a database once, as the server tests do, for every case's server to load. */
async function makeTemplate(): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'rh-security-db-')), 'template.tar.gz');
  const database = await openDatabase({ kind: 'pglite-memory' });
  await seedDatabase(database.db);
  writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
  await database.close();
  return file;
}

async function serve(template: string): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-security-'));
  const database = await openDatabase(
    { kind: 'pglite-memory', loadDataDir: new Blob([readFileSync(template)]) },
    { migrate: false },
  );
  const auth = await createTestAuth();
  const config = loadConfig({
    ...process.env,
    DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const app = await buildServer({ config, db: database.db, verifier: auth.verifier });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const token = await auth.accessToken({ sub: CANDIDATE.sub, groups: [CANDIDATE.group] });
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}`, token })}\n`);
  process.once('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

// ---------------------------------------------------------------------------------------------
// Client side

export interface SecurityServer {
  url: string;
  token: string;
  child: ChildProcess;
  /** Why the process ended, once it has. */
  exit: () => string | undefined;
}

export interface CaseReport {
  name: string;
  outcome: string;
  figures: [label: string, value: string][];
}

let template: string | undefined;

function startSecurityServer(): Promise<SecurityServer> {
  const child = spawn(
    process.execPath,
    [...(process.env.SECURITY_SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])].concat([
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
    ]),
    {
      env: { ...process.env, SECURITY_ROLE: 'server', SECURITY_TEMPLATE: template },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let exit: string | undefined;
  child.on('exit', (code, signal) => (exit = signal ? `signal ${signal}` : `exit code ${code}`));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const tail = () => output.split('\n').slice(-15).join('\n');
    const timer = setTimeout(() => reject(new Error(`no server in 120 s:\n${tail()}`)), 120_000);
    child.once('exit', () => reject(new Error(`the server exited while starting:\n${tail()}`)));
    // The first line with a token is the address; the rest (log lines) is read and dropped, so
    // the pipe never fills and stalls the server.
    let pending = '';
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (started) return;
      pending += chunk.toString();
      const line = pending.split('\n').find((candidate) => candidate.includes('"token"'));
      if (!line) return;
      started = true;
      clearTimeout(timer);
      const { url, token } = JSON.parse(line) as { url: string; token: string };
      resolve({ url, token, child, exit: () => exit });
    });
  });
}

async function stopServer(server: SecurityServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Runs `body` against a fresh server and stops it after. */
async function withServer<T>(body: (server: SecurityServer) => Promise<T>): Promise<T> {
  const server = await startSecurityServer();
  try {
    return await body(server);
  } finally {
    await stopServer(server);
  }
}

/** Peak RSS since the last reset (Linux /proc), in MB; undefined once the process is gone. */
function peakRssMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function currentRssMb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the peak over from the current RSS (writing 5 to clear_refs resets VmHWM). */
function resetPeakRss(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not Linux, or not allowed: the peak then includes start-up.
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
};

/**
 * Calls GET /api/health back to back (20 ms apart) until `until` settles; also samples the
 * server's RSS, so a process that dies still has a peak to report.
 */
async function measureHealth(server: SecurityServer, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true)).catch(() => undefined);
  const latencies: number[] = [];
  let failures = 0;
  let rssMax = 0;
  const pid = server.child.pid!;
  while (!done) {
    rssMax = Math.max(rssMax, currentRssMb(pid) ?? 0);
    const started = performance.now();
    try {
      const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - started);
      else failures++;
    } catch {
      failures++;
      if (server.exit()) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { latencies, failures, rssMax };
}

async function api(server: SecurityServer, url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${server.token}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(url.startsWith('http') ? url : `${server.url}${url}`, { ...init, headers });
}

/** Upload → PATCH → the outcome the candidate is shown (or why there is none). */
async function uploadCv(server: SecurityServer, pdf: Buffer) {
  const details = await api(server, '/api/user/basic-details');
  const { userId } = ((await details.json()) as { data: { userId: string } }).data;
  const signed = await api(server, '/api/file/gsu2u/USER_RESUME', {
    method: 'POST',
    body: JSON.stringify({
      userId,
      resumeUserFileName: 'cv.pdf',
      resumeFileMimeType: 'application/pdf',
    }),
  });
  const { awsS3SignedUrl, cloudFileName } = (await signed.json()) as {
    awsS3SignedUrl: string;
    cloudFileName: string;
  };
  const put = await fetch(new URL(awsS3SignedUrl, server.url), {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: pdf,
  });
  if (!put.ok) throw new Error(`upload refused: ${put.status}`);
  const started = performance.now();
  const patch = await api(server, `/api/user/${encodeURIComponent(CANDIDATE.email)}/cv`, {
    method: 'PATCH',
    body: JSON.stringify({ isCvExtracted: false, resume: cloudFileName, userCvFileName: 'cv.pdf' }),
  });
  if (!patch.ok) throw new Error(`CV patch refused: ${patch.status}`);

  const deadline = Date.now() + PARSE_WAIT_MS;
  while (Date.now() < deadline) {
    try {
      const res = await api(server, `/api/user/${encodeURIComponent(CANDIDATE.email)}/details`, {
        signal: AbortSignal.timeout(PARSE_WAIT_MS),
      });
      const [user] = (await res.json()) as {
        isCvExtracted: boolean;
        cvParseError: string | null;
      }[];
      const ms = performance.now() - started;
      if (user?.isCvExtracted) return { outcome: 'extracted', ms };
      if (user?.cvParseError) return { outcome: `failed: "${user.cvParseError}"`, ms };
    } catch {
      const exit = server.exit();
      if (exit) return { outcome: `SERVER DIED (${exit})`, ms: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { outcome: `no outcome after ${PARSE_WAIT_MS / 1000} s`, ms: performance.now() - started };
}

const mb = (value: number | undefined) => (value === undefined ? '?' : `${Math.round(value)} MB`);

/** One CV upload case: a fresh server, the file, the figures. */
function cvUploadCase(name: string, makePdf: () => Promise<Buffer>) {
  return async (): Promise<CaseReport> => {
    const pdf = await makePdf();
    return withServer(async (server) => {
      const pid = server.child.pid!;
      resetPeakRss(pid);
      const atStart = currentRssMb(pid);
      const parse = uploadCv(server, pdf);
      const health = await measureHealth(server, parse);
      const { outcome, ms } = await parse;
      const peak = Math.max(peakRssMb(pid) ?? 0, health.rssMax);
      const p99 = percentile(health.latencies, 99);
      return {
        name: `${name} (${Math.round(pdf.length / 1024)} KB)`,
        outcome,
        figures: [
          ['parse', `${(ms / 1000).toFixed(1)} s`],
          ['server peak RSS', `${mb(peak)} (${mb(atStart)} before the upload)`],
          [
            'health p99',
            health.latencies.length
              ? `${Math.round(p99)} ms (median ${Math.round(percentile(health.latencies, 50))} ms, max ${Math.round(Math.max(...health.latencies))} ms, ${health.latencies.length} calls${health.failures ? `, ${health.failures} failed` : ''})`
              : `no answer (${health.failures} failed)`,
          ],
        ],
      };
    });
  };
}

const CASES: (() => Promise<CaseReport>)[] = [
  cvUploadCase('CV: normal one-page text CV', textCv),
  cvUploadCase('CV: 100 MB of text operators', () => textOperatorBomb(100)),
  cvUploadCase('CV: 600 MB of text operators', () => textOperatorBomb(600)),
  cvUploadCase('CV: one 300 MB string', () => hugeStringBomb(300)),
];

async function main(): Promise<void> {
  const only = process.env.SECURITY_CASES?.split(',').map(Number);
  console.log(
    'Security checks (issue 23) against a real server on 127.0.0.1, a fresh one per case\n',
  );
  template = await makeTemplate();
  let failures = 0;
  for (const [index, run] of CASES.entries()) {
    if (only && !only.includes(index + 1)) continue;
    try {
      const report = await run();
      console.log(`${index + 1}. ${report.name}\n   outcome: ${report.outcome}`);
      for (const [label, value] of report.figures) console.log(`   ${label}: ${value}`);
      if (/SERVER DIED|no outcome/.test(report.outcome)) failures++;
    } catch (error) {
      failures++;
      console.log(`${index + 1}. could not run: ${(error as Error).message}`);
    }
  }
  rmSync(path.dirname(template), { recursive: true, force: true });
  process.exitCode = failures > 0 ? 1 : 0;
}

if (process.env.SECURITY_ROLE === 'server') await serve(process.env.SECURITY_TEMPLATE!);
else await main();

/**
 * `npm run bench:cluster` (issue 25 item 4): the server as 1 and as 3 processes
 * (`start:cluster`) on one throw-away Postgres, under an open-loop mix for BENCH_SECONDS (default
 * 20) at BENCH_RATE requests/s (default 25, sized for this 2-core machine, which also runs
 * Postgres and this load generator):
 *   search 40 %, job read 30 %, apply 15 % (a candidate applies to the next job, with an
 *   Idempotency-Key, resent with the same key until answered), push-triggering write 10 % (the
 *   company admin moves an application made in this run to its next state, UNDER_REVIEW to
 *   OFFERED, the least-moved first: an `application-state` push job; until the first application
 *   to the admin's company is answered there is none to move, and a health check is counted as
 *   `idle` instead),
 *   CV upload 5 % (signed URL, PUT, CV patch: a `cv-parse` job).
 * Latency counts from each request's scheduled start (an upload from its first call). In the
 * middle of the 3-process run one worker is killed with SIGKILL; start:cluster starts another.
 *
 * Before the load the candidate subscribes two devices (through the API, as the app does) at a
 * local Web Push service (tests/server/support/push-service.ts, https on loopback with a
 * certificate made for the run, which the server processes trust through
 * PUSH_TEST_SERVICE_CA_FILE); it counts what arrives, decrypted as the browser would.
 *
 * Afterwards, once the queue is drained (jobs killed mid-run are retried after their expiry):
 * applications in the database = acknowledged applies (no loss, no duplicate), every cv-parse job
 * completed exactly once and the last CV read, every push job of a status change completed once
 * and each acknowledged status write delivered exactly once to each device (a push job retried
 * after the kill skips the devices its first run reached: push-sender.ts), and nothing waiting,
 * running or failed. Any failed check is listed at the end and the bench exits 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../server/identity/demo-accounts';
import { LOCAL_WEB_CLIENT_ID } from '../server/identity/local-ids';
import { demoCvPdf } from '../server/seed/demo-cv';
import { startPushService, type LocalPushService } from '../tests/server/support/push-service';
import { percentile } from './lib/load';
import { countDeliveries, subscribeDevices } from './lib/push-deliveries';
import { freePort, startThrowawayPostgres } from './lib/throwaway-postgres';

const RATE = Number(process.env.BENCH_RATE ?? 25);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const DRAIN_TIMEOUT_MS = 240_000;
// A phone and a laptop: each status write must reach both, once.
const DEVICES = ['phone', 'laptop'] as const;
// The moves the admin makes, in order (src/domain/contract/applications.ts).
const MOVES = ['UNDER_REVIEW', 'SHORTLISTED', 'INTERVIEWING', 'OFFERED'] as const;

type Kind = 'search' | 'job' | 'apply' | 'status' | 'cv';

interface Cluster {
  base: string;
  identity: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

async function startCluster(
  workers: number,
  databaseUrl: string,
  pushCaFile: string,
): Promise<Cluster> {
  const [port, identityPort, identityHttps] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rh-bench-data-'));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/start-cluster.ts', '--workers', String(workers)],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        IDENTITY_PORT: String(identityPort),
        IDENTITY_HTTPS_PORT: String(identityHttps),
        DATA_DIR: dataDir,
        DIST_DIR: '.no-dist',
        LOG_LEVEL: 'error',
        // The bench is one client address: the per-address limits would measure themselves.
        RATE_LIMIT_WRITES_PER_MINUTE: '100000',
        RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
        SHED_EVENT_LOOP_DELAY_MS: '0',
        PUSH_TEST_SERVICE_CA_FILE: pushCaFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 240_000;
  while ((output.match(/is running at/g) ?? []).length < workers) {
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`start:cluster did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    identity: `http://127.0.0.1:${identityPort}`,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signIn(identity: string, email: string): Promise<string> {
  const res = await fetch(identity, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: LOCAL_WEB_CLIENT_ID,
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: { AccessToken?: string } };
  const token = body.AuthenticationResult?.AccessToken;
  if (!token) throw new Error(`sign-in failed for ${email}: ${res.status}`);
  return token;
}

async function call(
  url: string,
  init: RequestInit & { token?: string; key?: string; json?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers['idempotency-key'] = init.key;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    ...init,
    headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body };
}

/** Retries a write (same Idempotency-Key) until the server answers: a killed process's
 * connections fail, the next request reaches a live one. */
async function until(
  send: () => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await send();
      if (answer.status < 500 || attempt >= 20) return answer;
    } catch (error) {
      if (attempt >= 20) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface PushService {
  service: LocalPushService;
  caFile: string;
}

/** The checks that failed, over both runs. */
const problems: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) problems.push(what);
};

async function run(workers: number, databaseUrl: string, killMidway: boolean, push: PushService) {
  const cluster = await startCluster(workers, databaseUrl, push.caFile);
  const { base } = cluster;
  try {
    const candidate = await signIn(cluster.identity, 'candidate@example.com');
    const uploader = await signIn(cluster.identity, 'newcandidate@example.com');
    const admin = await signIn(cluster.identity, 'corp-admin@example.com');
    const devices = await subscribeDevices(
      base,
      candidate,
      push.service.origin,
      `r${workers}`,
      DEVICES,
    );
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows: adminRows } = await db.query<{ company_id: string }>(
      "SELECT company_id FROM corporate_users WHERE lower(email) = 'corp-admin@example.com'",
    );
    const adminCompany = adminRows[0]?.company_id;
    // Internal, published jobs the candidate has not applied to: the admin's company's first.
    const { rows: jobRows } = await db.query<{
      id: string;
      company_name: string;
      company_id: string;
    }>(
      `SELECT id, company_name, company_id FROM jobs
        WHERE status = 'PUBLISHED' AND NOT is_external AND NOT bad_job
          AND id NOT IN (SELECT job_id FROM job_applications WHERE lower(user_email) = 'candidate@example.com')
        ORDER BY (company_id = $1) DESC, id LIMIT 2000`,
      [adminCompany],
    );
    const { rows: uploaderRows } = await db.query<{ id: string }>(
      "SELECT id FROM users WHERE lower(email) = 'newcandidate@example.com'",
    );
    const uploaderId = uploaderRows[0]?.id;
    const before = Number(
      (
        await db.query<{ n: string }>(
          "SELECT count(*) AS n FROM job_applications WHERE lower(user_email) = 'candidate@example.com'",
        )
      ).rows[0]?.n,
    );
    const pdf = await demoCvPdf();
    const words = ['react', 'java', 'data', 'python', 'designer', 'sales', 'engineer'];
    const latencies = new Map<Kind, number[]>();
    const failures = new Map<Kind, number>();
    const acknowledgedApplies = new Set<string>();
    // Applications to move: the least-moved first (an application is out of the queue while
    // its move is in flight, so two moves of one application never race).
    const adminApplications: { jobId: string; moves: number }[] = [];
    // `${jobId} ${state as the notification words it}` of each acknowledged move.
    const acknowledgedStatus = new Set<string>();
    let idleStatus = 0;
    let cvPatches = 0;
    let lastCv: string | null = null;
    let jobIndex = 0;
    // The first refusal of each kind, in the server's words (errorMsg), to say why it failed.
    const reasons = new Map<Kind, string>();
    const refused = (kind: Kind, answer: { status: number; body: unknown }) => {
      const message = (answer.body as { errorMsg?: string } | null)?.errorMsg ?? '';
      if (!reasons.has(kind)) reasons.set(kind, `${answer.status} ${message}`);
      return false;
    };

    // false: failed; 'idle': nothing to do yet (not a request of its kind).
    const tasks: Record<Kind, () => Promise<boolean | 'idle'>> = {
      search: async () =>
        (
          await call(
            `${base}/jobs-api/job/?pageSize=10&searchText=${words[jobIndex % words.length]}`,
          )
        ).status === 200,
      job: async () => {
        const job = jobRows[(jobIndex * 7) % jobRows.length];
        return (await call(`${base}/jobs-api/job/${job?.id}`)).status === 200;
      },
      apply: async () => {
        const job = jobRows[jobIndex++ % jobRows.length];
        if (!job) return false;
        const key = `bench-apply-${workers}-${job.id}`;
        const answer = await until(() =>
          call(`${base}/jobs-api/job-application/`, {
            method: 'POST',
            token: candidate,
            key,
            json: {
              jobId: job.id,
              companyName: job.company_name,
              jobPortal: 'referralhub',
              matchingScore: 80,
            },
          }),
        );
        if (answer.status !== 201) return refused('apply', answer);
        acknowledgedApplies.add(job.id);
        if (job.company_id === adminCompany) adminApplications.push({ jobId: job.id, moves: 0 });
        return true;
      },
      status: async () => {
        adminApplications.sort((a, b) => a.moves - b.moves);
        const next = adminApplications.shift();
        if (!next) {
          await call(`${base}/api/health`);
          return 'idle';
        }
        const status = MOVES[next.moves] ?? 'OFFERED';
        const answer = await until(() =>
          call(`${base}/jobs-api/job-application/${next.jobId}/candidate@example.com`, {
            method: 'PATCH',
            token: admin,
            key: `bench-status-${workers}-${next.jobId}-${status}`,
            json: { status },
          }),
        );
        if (answer.status !== 200) return refused('status', answer);
        // notifications.ts words the state this way in the message.
        acknowledgedStatus.add(`${next.jobId} ${status.toLowerCase().replace(/_/g, ' ')}`);
        if (next.moves + 1 < MOVES.length) {
          adminApplications.push({ jobId: next.jobId, moves: next.moves + 1 });
        }
        return true;
      },
      cv: async () => {
        const signed = await until(() =>
          call(`${base}/api/file/gsu2u/USER_RESUME`, {
            method: 'POST',
            token: uploader,
            json: {
              userId: uploaderId,
              resumeUserFileName: 'cv.pdf',
              resumeFileMimeType: 'application/pdf',
            },
          }),
        );
        const { awsS3SignedUrl, cloudFileName } = signed.body as {
          awsS3SignedUrl: string;
          cloudFileName: string;
        };
        const target = new URL(awsS3SignedUrl, base);
        const put = await until(() =>
          call(`${base}${target.pathname}${target.search}`, {
            method: 'PUT',
            headers: { 'content-type': 'application/pdf' },
            body: new Uint8Array(pdf),
          }),
        );
        if (put.status !== 200) return refused('cv', put);
        const patched = await until(() =>
          call(`${base}/api/user/newcandidate%40example.com/cv`, {
            method: 'PATCH',
            token: uploader,
            key: `bench-cv-${cloudFileName.replace(/[^A-Za-z0-9_.:-]/g, '_')}`.slice(0, 200),
            json: { isCvExtracted: false, resume: cloudFileName, userCvFileName: 'cv.pdf' },
          }),
        );
        if (patched.status !== 200) return refused('cv', patched);
        cvPatches += 1;
        lastCv = cloudFileName;
        return true;
      },
    };
    const mix: Kind[] = [
      ...Array<Kind>(8).fill('search'),
      ...Array<Kind>(6).fill('job'),
      ...Array<Kind>(3).fill('apply'),
      ...Array<Kind>(2).fill('status'),
      'cv',
    ];

    const total = Math.round(RATE * SECONDS);
    const started = performance.now();
    const inflight: Promise<void>[] = [];
    let killed = false;
    for (let i = 0; i < total; i++) {
      const scheduled = started + (i * 1000) / RATE;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (killMidway && !killed && i >= total / 2) {
        killed = true;
        const pids = readFileSync(
          `/proc/${cluster.child.pid}/task/${cluster.child.pid}/children`,
          'utf8',
        )
          .trim()
          .split(/\s+/)
          .map(Number);
        const victim = pids[0];
        if (victim) {
          process.kill(victim, 'SIGKILL');
          console.log(
            `  killed worker ${victim} with SIGKILL at ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        }
      }
      const kind = mix[(i * 7) % mix.length] ?? 'search';
      inflight.push(
        tasks[kind]().then(
          (ok) => {
            if (ok === 'idle') return void (idleStatus += 1);
            if (!ok) return void failures.set(kind, (failures.get(kind) ?? 0) + 1);
            const list = latencies.get(kind) ?? [];
            list.push(performance.now() - scheduled);
            latencies.set(kind, list);
          },
          () => void failures.set(kind, (failures.get(kind) ?? 0) + 1),
        ),
      );
    }
    await Promise.all(inflight);
    const elapsed = (performance.now() - started) / 1000;

    console.log(`\n${workers} process(es): ${total} requests in ${elapsed.toFixed(1)} s`);
    console.log('  kind     ok   fail   per s     p50 ms   p95 ms   p99 ms');
    for (const kind of ['search', 'job', 'apply', 'status', 'cv'] as Kind[]) {
      const list = (latencies.get(kind) ?? []).sort((a, b) => a - b);
      const row = [
        kind.padEnd(7),
        String(list.length).padStart(4),
        String(failures.get(kind) ?? 0).padStart(6),
        (list.length / elapsed).toFixed(1).padStart(7),
        percentile(list, 50).toFixed(0).padStart(10),
        percentile(list, 95).toFixed(0).padStart(8),
        percentile(list, 99).toFixed(0).padStart(8),
      ];
      console.log(`  ${row.join(' ')}`);
    }

    console.log(
      `  ${'idle'.padEnd(7)} ${String(idleStatus).padStart(4)}  (status turns before any application to move)`,
    );
    for (const [kind, reason] of reasons) console.log(`  first refused ${kind}: ${reason}`);
    // Drained: nothing of ours waiting, in retry or running.
    const drainStart = Date.now();
    for (;;) {
      const { rows } = await db.query<{ n: string }>(
        "SELECT count(*) AS n FROM pgboss.job WHERE name IN ('cv-parse', 'push') AND state < 'completed'",
      );
      if (Number(rows[0]?.n) === 0) break;
      if (Date.now() - drainStart > DRAIN_TIMEOUT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const drainSeconds = (Date.now() - drainStart) / 1000;
    // Per attempted job: its applications. Acknowledged without a row: lost; two rows: duplicate.
    const { rows: perJob } = await db.query<{ job_id: string; n: string }>(
      `SELECT job_id, count(*) AS n FROM job_applications
        WHERE lower(user_email) = 'candidate@example.com' AND job_id = ANY($1::text[]) GROUP BY 1`,
      [jobRows.slice(0, jobIndex).map((job) => job.id)],
    );
    const rowsOf = new Map(perJob.map((row) => [row.job_id, Number(row.n)]));
    const lost = [...acknowledgedApplies].filter((id) => !rowsOf.has(id)).length;
    const duplicates = perJob.filter((row) => Number(row.n) > 1).length;
    const landedUnanswered = perJob.filter((row) => !acknowledgedApplies.has(row.job_id)).length;
    const applications =
      Number(
        (
          await db.query<{ n: string }>(
            "SELECT count(*) AS n FROM job_applications WHERE lower(user_email) = 'candidate@example.com'",
          )
        ).rows[0]?.n,
      ) - before;
    const states = await db.query<{ name: string; state: string; n: string; retried: string }>(
      `SELECT name, state::text AS state, count(*) AS n, count(*) FILTER (WHERE retry_count > 0) AS retried
         FROM pgboss.job WHERE name IN ('cv-parse', 'push') GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const pushKeys = await db.query<{ n: string; distinct_keys: string; rerun: string }>(
      `SELECT count(*) AS n, count(DISTINCT singleton_key) AS distinct_keys,
              count(*) FILTER (WHERE retry_count > 0) AS rerun FROM pgboss.job
        WHERE name = 'push' AND data->>'type' = 'application-state' AND state = 'completed'`,
    );
    const cvJobs = await db.query<{ n: string; distinct_keys: string }>(
      `SELECT count(*) AS n, count(DISTINCT singleton_key) AS distinct_keys FROM pgboss.job
        WHERE name = 'cv-parse' AND state = 'completed'`,
    );
    // What the server recorded as delivered (push-sender.ts: a retried job skips these).
    const recorded = await db.query<{ n: string }>('SELECT count(*) AS n FROM push_deliveries');
    const uploaderState = await db.query<{ key: string; extracted: boolean; attempts: number }>(
      'SELECT cv_object_key AS key, is_cv_extracted AS extracted, cv_parse_attempts AS attempts FROM users WHERE id = $1',
      [uploaderId],
    );
    await db.end();
    const notDone = states.rows
      .filter((row) => row.state !== 'completed')
      .reduce((sum, row) => sum + Number(row.n), 0);
    const u = uploaderState.rows[0];
    console.log(`  after the run (queue drained in ${drainSeconds.toFixed(1)} s):`);
    console.log(
      `    applications ${applications} = acknowledged applies ${acknowledgedApplies.size}: ` +
        `lost ${lost}, duplicates ${duplicates}; applied but never answered (the answering ` +
        `process was killed) ${landedUnanswered}`,
    );
    console.log(
      `    CV patches ${cvPatches}: cv-parse jobs completed ${cvJobs.rows[0]?.n} (distinct files ${cvJobs.rows[0]?.distinct_keys}); ` +
        `last CV read ${u?.key === lastCv && u?.extracted ? 'yes' : 'NO'}, its parse runs ${u?.attempts ?? '?'}`,
    );
    // Each acknowledged move: one 'Application update' about its job and state on each device.
    const delivered = countDeliveries(
      push.service.received,
      devices,
      acknowledgedStatus,
      (message) => {
        const state = /is now (.+)\.$/.exec(String(message.body))?.[1];
        return message.title === 'Application update' && typeof message.jobId === 'string' && state
          ? `${message.jobId} ${state}`
          : null;
      },
    );
    const pushJobs = Number(pushKeys.rows[0]?.n);
    const pushEvents = Number(pushKeys.rows[0]?.distinct_keys);
    console.log(
      `    status writes acknowledged ${acknowledgedStatus.size}: application push jobs completed ` +
        `${pushJobs} (distinct events ${pushEvents}, run more than once ${pushKeys.rows[0]?.rerun})`,
    );
    console.log(
      `    push service: ${delivered.received} messages to ${devices.length} devices; per write ` +
        `and device: delivered once ${delivered.once} of ${acknowledgedStatus.size * devices.length}, ` +
        `lost ${delivered.lost}, duplicates ${delivered.duplicates}, other messages ${delivered.other}; ` +
        `deliveries the server recorded ${recorded.rows[0]?.n}`,
    );
    console.log(
      `    jobs not completed (waiting, retrying, running, failed): ${notDone}; ` +
        `by state: ${states.rows.map((r) => `${r.name}/${r.state} ${r.n} (retried ${r.retried})`).join(', ')}`,
    );
    const label = `${workers} process(es)`;
    check(lost === 0 && duplicates === 0, `${label}: applications lost or duplicated`);
    check(
      Number(cvJobs.rows[0]?.n) === Number(cvJobs.rows[0]?.distinct_keys) &&
        u?.key === lastCv &&
        u?.extracted === true,
      `${label}: a CV parsed twice, or the last CV not read`,
    );
    check(
      pushJobs === acknowledgedStatus.size && pushEvents === acknowledgedStatus.size,
      `${label}: application push jobs completed ≠ acknowledged status writes`,
    );
    check(
      delivered.lost === 0 && delivered.duplicates === 0 && delivered.other === 0,
      `${label}: push deliveries lost, duplicated or unexpected`,
    );
    check(notDone === 0, `${label}: jobs left not completed`);
  } finally {
    await cluster.stop();
  }
}

const postgres = await startThrowawayPostgres({
  settings: ['max_connections=200'], // 3 processes' pools, the queue and the checks
  folderPrefix: 'rh-bench-pg-',
});
const service = await startPushService();
const caDir = mkdtempSync(path.join(tmpdir(), 'rh-bench-push-'));
const caFile = path.join(caDir, 'push-service.pem');
writeFileSync(caFile, service.certificate);
try {
  console.log(`bench:cluster: ${RATE} req/s for ${SECONDS} s, open loop`);
  await run(1, await postgres.createDatabase('bench_one'), false, { service, caFile });
  await run(3, await postgres.createDatabase('bench_three'), true, { service, caFile });
} finally {
  await postgres.stop();
  await service.close();
  rmSync(caDir, { recursive: true, force: true });
}
console.log(
  problems.length === 0 ? '\nchecks: all passed' : `\nchecks FAILED:\n  ${problems.join('\n  ')}`,
);
process.exit(problems.length === 0 ? 0 : 1);

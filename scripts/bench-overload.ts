/**
 * `npm run bench:overload`: the server past its capacity, with and without load shedding
 * (issue 23 item 6: at 200 req/s p99 reached 25.6 s with 1,461 requests in flight).
 *
 * - The real server (`server/main.ts`) in its own process with the demo data, on loopback only.
 * - Open loop (requests start on schedule whatever the server's speed; latency counts from the
 *   scheduled start) at OVERLOAD_RATE req/s (default 200) for OVERLOAD_SECONDS (default 10) of
 *   job searches and details, bounded: at most rate × seconds requests, each given up after
 *   30 s. GET /api/health is probed 5 times a second alongside.
 * - Three times: no shedding ("before"), the default (event-loop lag), and lag plus an in-flight
 *   cap of OVERLOAD_CAP (default 64).
 * Reported: answered (non-5xx), shed (503), other failures, p50/p99 of answered requests, p99 of
 * every response (a 503 is a response too), the most requests in flight, health p99.
 */
import http from 'node:http';
import { percentile } from './lib/load';
import { startServer } from './lib/server-process';

const RATE = Number(process.env.OVERLOAD_RATE ?? 200);
const SECONDS = Number(process.env.OVERLOAD_SECONDS ?? 10);
const REQUEST_TIMEOUT_MS = 30_000;

interface Outcome {
  status: number; // 0: no answer (error or timeout)
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 2048 });

function hit(url: string, scheduled: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const done = (status: number) => resolve({ status, ms: performance.now() - scheduled });
    const req = http.get(url, { agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
      res.on('error', () => done(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
  });
}

function requestMix(base: string) {
  let i = 0;
  const words = ['react', 'java', 'data', 'python', 'designer', 'sales'];
  const cities = ['Bengaluru', 'Pune', 'Hyderabad'];
  return () => {
    i++;
    if (i % 4 === 0)
      return `${base}/jobs-api/job/?pageSize=10&searchText=${words[i % words.length]}`;
    if (i % 4 === 1)
      return `${base}/jobs-api/job/?pageSize=10&location=${cities[i % cities.length]}`;
    if (i % 4 === 2) return `${base}/jobs-api/job/?pageSize=10`;
    return `${base}/api/company?pageSize=10`;
  };
}

async function run(label: string, env: Record<string, string>) {
  const server = await startServer('.no-dist', { LOG_LEVEL: 'error', ...env });
  try {
    const next = requestMix(server.url);
    // Warm-up at a rate the server keeps up with.
    for (let i = 0; i < 20; i++) await hit(next(), performance.now());

    let inFlight = 0;
    let maxInFlight = 0;
    const outcomes: Promise<Outcome>[] = [];
    const health: Promise<Outcome>[] = [];
    const total = Math.round(RATE * SECONDS);
    const started = performance.now();
    let nextHealth = started;
    for (let i = 0; i < total; i++) {
      const scheduled = started + (i * 1000) / RATE;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      outcomes.push(
        hit(next(), scheduled).then((outcome) => {
          inFlight--;
          return outcome;
        }),
      );
      if (scheduled >= nextHealth) {
        health.push(hit(`${server.url}/api/health`, scheduled));
        nextHealth += 200;
      }
    }
    const all = await Promise.all(outcomes);
    const healthAll = await Promise.all(health);
    const answered = all.filter((o) => o.status > 0 && o.status < 500);
    const shed = all.filter((o) => o.status === 503);
    const failed = all.length - answered.length - shed.length;
    const sorted = (list: Outcome[]) => list.map((o) => o.ms).sort((a, b) => a - b);
    const answeredMs = sorted(answered);
    const respondedMs = sorted(all.filter((o) => o.status > 0));
    const healthMs = sorted(healthAll.filter((o) => o.status === 200));
    const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : `${ms.toFixed(0)} ms`);
    console.log(
      `${label.padEnd(22)} sent ${all.length}, answered ${answered.length}, shed ${shed.length}, ` +
        `failed ${failed}; answered p50 ${fmt(percentile(answeredMs, 50))}, ` +
        `p99 ${fmt(percentile(answeredMs, 99))}; all responses p99 ${fmt(percentile(respondedMs, 99))}; ` +
        `max in flight ${maxInFlight}; health p99 ${fmt(percentile(healthMs, 99))} ` +
        `(${healthMs.length}/${healthAll.length} ok)`,
    );
  } finally {
    await server.stop();
  }
}

console.log(`Open loop at ${RATE} req/s for ${SECONDS} s, loopback, demo data:`);
await run('no shedding (before)', { SHED_EVENT_LOOP_DELAY_MS: '0', SHED_MAX_IN_FLIGHT: '0' });
await run('lag (default)', {});
const cap = process.env.OVERLOAD_CAP ?? '64';
await run(`lag + in-flight ${cap}`, { SHED_MAX_IN_FLIGHT: cap });
agent.destroy();

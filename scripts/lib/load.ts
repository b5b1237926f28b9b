/**
 * Open-loop load: requests start on a fixed schedule whatever the server's speed, and each
 * latency is measured from the request's *scheduled* start, so a slow server shows up as latency
 * instead of silently lowering the offered rate (stack-notes: closed-loop connections on two
 * cores only measure queueing). Loopback only.
 */
import http from 'node:http';

export interface LatencySummary {
  rate: number;
  sent: number;
  ok: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  achieved: number;
  /** p50/p95/p99 per kind of request, when openLoop was given a `kindOf`. */
  byKind: Record<string, { ok: number; p50: number; p95: number; p99: number }>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function hit(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, timeout: 10_000 }, (res) => {
      res.resume();
      // A 404 (a draft job's detail) is an answer; only 5xx and failures count as errors.
      res.on('end', () => resolve((res.statusCode ?? 500) < 500));
      res.on('error', () => resolve(false));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function openLoop(
  nextUrl: () => string,
  rate: number,
  seconds: number,
  /** The groups a request's latency is reported in (byKind). */
  kindOf: (url: string) => string[] = () => [],
): Promise<LatencySummary> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const kinds = new Map<string, number[]>();
  let errors = 0;
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const url = nextUrl();
    const urlKinds = kindOf(url);
    inflight.push(
      hit(url).then((ok) => {
        if (!ok) return void errors++;
        const latency = performance.now() - scheduled;
        latencies.push(latency);
        for (const kind of urlKinds) kinds.set(kind, [...(kinds.get(kind) ?? []), latency]);
      }),
    );
  }
  await Promise.all(inflight);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const byKind: LatencySummary['byKind'] = {};
  for (const [kind, values] of kinds) {
    values.sort((a, b) => a - b);
    byKind[kind] = {
      ok: values.length,
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      p99: percentile(values, 99),
    };
  }
  return {
    byKind,
    rate,
    sent: total,
    ok: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    achieved: latencies.length / elapsed,
  };
}

/** Closed loop with `concurrency` workers for `seconds`: the most the server completes. */
export async function saturation(nextUrl: () => string, concurrency: number, seconds: number) {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (await hit(nextUrl())) done++;
      }
    }),
  );
  return done / seconds;
}

export function closeLoad() {
  agent.destroy();
}

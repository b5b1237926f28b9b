/**
 * Load shedding (issue 23: at 200 req/s p99 reached 25.6 s with 1,461 requests in flight). While
 * the event loop has lagged more than SHED_EVENT_LOOP_DELAY_MS (average over a sample, default
 * 100 ms) for three samples of 100 ms in a row, API requests are answered at once with 503 and
 * Retry-After instead of joining a queue that only grows: the answer is fast, and the app's
 * outbox retries a 503 with backoff (src/lib/outbox/classify.ts). One sample under the limit
 * ends it.
 *
 * SHED_MAX_IN_FLIGHT (off by default) also caps the API requests being answered at once. With
 * the embedded database the queries run on this thread, so overload shows as lag; with Postgres
 * they wait for a pool connection while the loop stays idle, and only a cap notices.
 *
 * Hand-written on `perf_hooks.monitorEventLoopDelay` rather than @fastify/under-pressure: that
 * plugin sheds on a single sample, so one slow synchronous step (the server's own start-up, a
 * long embedded-database query) turned the next window of requests into 503s, server tests
 * included. Overload is sustained lag; a lone spike has already passed when it is measured.
 *
 * Exempt:
 * - GET /api/health: the app's connectivity probe; a 503 there would show "offline".
 * - the app's static files and pages: cheap reads from disk, and without them the PWA cannot
 *   start to show what it has cached.
 * Shedding is the first onRequest hook, before a token is verified, so a shed request costs
 * almost nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isApiPath } from './static-app';

/** Seconds a shed client is asked to wait. */
export const SHED_RETRY_AFTER_SECONDS = 5;
/** Samples in a row over the limit before shedding starts (with 100 ms samples: 300 ms). One
 * stall shows in two samples at most (late timer, then the histogram), so it never reaches 3. */
const SUSTAINED_SAMPLES = 3;
/** The histogram's own timer period, subtracted from what it measures. */
const RESOLUTION_MS = 10;

export interface SheddingOptions {
  /** Average event-loop delay (ms) above which API requests are shed; 0: off. */
  maxEventLoopDelayMs: number;
  /** How often the delay is sampled (ms); the average is over one sample. */
  sampleIntervalMs?: number;
  /** API requests being answered at once above which more are shed; 0: no cap. */
  maxInFlight?: number;
}

export interface LoadShedding {
  /** Whether API requests are being shed now. */
  readonly active: boolean;
  /** The average event-loop delay of the last sample (ms). */
  readonly lagMs: number;
  /** Requests shed since the server started. */
  readonly shedCount: number;
  /** API requests being answered now. */
  readonly inFlight: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    loadShedding: LoadShedding;
  }
}

/**
 * The decision alone, fed one lag sample (ms) after another: overloaded once `limitMs` was
 * exceeded in SUSTAINED_SAMPLES samples in a row, no longer at the first sample under it. Kept
 * apart from the timer so that what counts as overload is tested on exact samples, not on how
 * busy the test machine happens to be.
 */
export function sustainedLag(limitMs: number): (lagMs: number) => boolean {
  let overSamples = 0;
  return (lagMs) => {
    overSamples = lagMs > limitMs ? overSamples + 1 : 0;
    return overSamples >= SUSTAINED_SAMPLES;
  };
}

function isExempt(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return pathname === '/api/health' || !isApiPath(pathname);
}

export function registerShedding(
  app: FastifyInstance,
  { maxEventLoopDelayMs, sampleIntervalMs = 100, maxInFlight = 0 }: SheddingOptions,
) {
  const state = { active: false, lagMs: 0, shedCount: 0, inFlight: 0 };
  app.decorate('loadShedding', state as LoadShedding);
  if (maxEventLoopDelayMs <= 0 && maxInFlight <= 0) return;

  // Logged when shedding starts and ends (below), not per request: that would add to the load.
  app.addHook('onRequest', async (request, reply) => {
    if (isExempt(request)) return;
    const full = maxInFlight > 0 && state.inFlight >= maxInFlight;
    if (!state.active && !full) {
      state.inFlight++;
      // 'close' comes once per response, sent or abandoned by the client.
      reply.raw.once('close', () => state.inFlight--);
      return;
    }
    state.shedCount++;
    return reply
      .code(503)
      .header('retry-after', String(SHED_RETRY_AFTER_SECONDS))
      .send({ errorMsg: `The server is busy. Please try again in ${SHED_RETRY_AFTER_SECONDS} s.` });
  });
  if (maxEventLoopDelayMs <= 0) return;

  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const overloaded = sustainedLag(maxEventLoopDelayMs);
  let lastSample = performance.now();
  const timer = setInterval(() => {
    // Two views of the same lag: the histogram's average, and how late this timer itself
    // fired. The histogram records nothing at all while the loop stays busy from one
    // iteration to the next (measured on Node 20), so its silence is not a calm loop.
    const now = performance.now();
    const late = now - lastSample - sampleIntervalMs;
    lastSample = now;
    const mean = histogram.count > 0 ? histogram.mean / 1e6 - RESOLUTION_MS : 0;
    histogram.reset();
    state.lagMs = Math.max(0, mean, late);
    const active = overloaded(state.lagMs);
    if (active !== state.active) {
      app.log.warn(
        { eventLoopDelayMs: Math.round(state.lagMs), shedSoFar: state.shedCount },
        active ? 'shedding load: the event loop is lagging' : 'load shedding ended',
      );
    }
    state.active = active;
  }, sampleIntervalMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    histogram.disable();
    done();
  });
}

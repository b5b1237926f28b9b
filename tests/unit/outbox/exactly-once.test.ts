/**
 * The exactly-once promise (design/outbox.md "Proving it"), as a model test: applications are
 * queued, a fake server that behaves like the real one (server/http/idempotency.ts and
 * server/applications/routes.ts) fails at random — 503 before or after the application is
 * written, the network lost before the request or after the server answered ("response lost") —
 * and the outbox is drained again and again on a fake clock moved past every backoff. In the end
 * every queued application is on the server exactly once and the outbox is empty.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drainOutbox } from '@/lib/outbox/drain';
import { kindSpec } from '@/lib/outbox/kinds';
import { MAX_BACKOFF_MS } from '@/lib/outbox/model';
import { claimNext, enqueue } from '@/lib/outbox/store';
import {
  API,
  JOBS_API,
  T0,
  USER,
  applyPayload,
  fakeFetch,
  freshDb,
  jsonResponse,
  signIn,
  type SeenRequest,
} from './helpers';

type Fault = 'ok' | '503-before' | '503-after' | 'lost-before' | 'lost-after';

interface StoredResponse {
  readonly status: number;
  readonly body: unknown;
  readonly requestBody: string;
}

/** The jobs host's POST /job-application/ with Idempotency-Key, failing as it is told. */
class FakeJobsServer {
  /** jobId → how many application rows were written (must end at exactly 1). */
  readonly applications = new Map<string, number>();
  /** jobId → the Idempotency-Keys it was sent with (one action, one key). */
  readonly keysByJob = new Map<string, Set<string | null>>();
  private readonly stored = new Map<string, StoredResponse>();
  private next = 0;

  /**
   * @param uniquePerJob the real route refuses a second application for the same job (403
   *   'Already submitted'); without it only the Idempotency-Key stands between a retry and a
   *   duplicate.
   */
  constructor(
    private readonly faults: readonly Fault[],
    private readonly uniquePerJob = true,
  ) {}

  handle(request: SeenRequest): Response | Error {
    const jobId = (request.body as { jobId?: string } | null)?.jobId ?? '?';
    const keys = this.keysByJob.get(jobId) ?? new Set<string | null>();
    this.keysByJob.set(jobId, keys.add(request.headers.get('idempotency-key')));

    const fault = this.faults[this.next] ?? 'ok';
    this.next += 1;
    if (fault === 'lost-before') return new TypeError('Failed to fetch');
    if (fault === '503-before') return jsonResponse(503, { errorMsg: 'Service unavailable' });
    const response = this.process(request, fault === '503-after');
    // The server did its work, but the answer never reached the phone.
    if (fault === 'lost-after') return new TypeError('Failed to fetch');
    return response;
  }

  private process(request: SeenRequest, crashAfterWrite: boolean): Response {
    if (request.method !== 'POST' || request.url !== `${JOBS_API}/job-application/`) {
      return jsonResponse(404, { errorMsg: 'Not found' });
    }
    if (request.headers.get('authorization') !== 'Bearer token-A') {
      return jsonResponse(401, { errorMsg: 'Unauthorized' });
    }
    const key = request.headers.get('idempotency-key');
    const requestBody = JSON.stringify(request.body);
    const stored = key ? this.stored.get(key) : undefined;
    if (stored && stored.requestBody !== requestBody) {
      return jsonResponse(422, {
        errorMsg: 'This Idempotency-Key was already used for a different request',
      });
    }
    // Same key, same request: the first stored answer again; the handler does not run.
    if (stored) return jsonResponse(stored.status, stored.body);

    const { jobId } = request.body as { jobId: string };
    let status = 201;
    let body: unknown = { data: { id: `app-${jobId}`, jobId } };
    if (this.uniquePerJob && this.applications.has(jobId)) {
      status = 403;
      body = { errorMsg: 'Already submitted' };
    } else {
      this.applications.set(jobId, (this.applications.get(jobId) ?? 0) + 1);
    }
    // A 5xx is not stored under the key (the real server drops the claim), but the row the
    // handler committed stays: a crash after the write.
    if (crashAfterWrite) return jsonResponse(503, { errorMsg: 'Service unavailable' });
    if (key) this.stored.set(key, { status, body, requestBody });
    return jsonResponse(status, body);
  }
}

/** A Web Lock stand-in: one holder at a time, in order. */
function exclusiveLocks(): LockManager {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: (_name: string, callback: () => Promise<unknown>) => {
      const run = tail.then(callback);
      tail = run.catch(() => undefined);
      return run;
    },
  } as unknown as LockManager;
}

interface Options {
  /** A drainer (a service worker stopped mid-request) claimed the first action, sent it, died. */
  readonly deadDrainer: boolean;
  /** Drain under a Web Lock (the dead drainer's claim is free at once) or on leases alone. */
  readonly withLock: boolean;
}

/** Queues the applications (tapping Apply again on some), then drains until nothing is left. */
async function scenario(
  server: FakeJobsServer,
  jobs: readonly string[],
  repeats: readonly number[],
  randoms: readonly number[],
  { deadDrainer, withLock }: Options = { deadDrainer: false, withLock: false },
) {
  const db = freshDb();
  try {
    await signIn(db, { expiresAt: T0 + 365 * 24 * 3_600_000 });
    let clock = T0;
    const apply = (jobId: string) =>
      enqueue(
        db,
        { kind: 'apply', userId: USER, subject: jobId, payload: applyPayload(jobId) },
        clock,
      );
    for (const jobId of jobs) expect((await apply(jobId)).status).toBe('queued');
    // Tapping Apply again is still one action per job.
    for (const index of repeats) {
      expect((await apply(jobs[index % jobs.length]!)).status).toBe('existing');
    }

    if (deadDrainer) {
      const claimed = await claimNext(db, USER, clock, false);
      if (!claimed) throw new Error('nothing to claim');
      // The request goes out (and may land); the drainer dies before recording anything.
      await kindSpec(claimed.kind)!
        .execute(claimed, {
          apiUrl: API,
          jobsApiUrl: JOBS_API,
          send: (call) => {
            const answer = server.handle({
              url: call.url,
              method: call.method,
              headers: new Headers({
                authorization: 'Bearer token-A',
                'idempotency-key': call.idempotencyKey ?? claimed.idempotencyKey,
              }),
              body: JSON.parse(JSON.stringify(call.body)) as unknown,
              signal: null,
            });
            return answer instanceof Error
              ? Promise.reject(answer)
              : Promise.resolve({ status: answer.status, errorMsg: null, data: null });
          },
        })
        .catch(() => undefined);
    }

    const { fetch } = fakeFetch((request) => server.handle(request));
    const locks = withLock ? exclusiveLocks() : null;
    let draws = 0;
    const random = () => randoms[draws++ % randoms.length]!;
    for (let round = 0; round < 100; round += 1) {
      const report = await drainOutbox({
        db,
        apiUrl: API,
        jobsApiUrl: JOBS_API,
        fetch,
        locks,
        now: () => clock,
        random,
      });
      expect(report.waitingForToken).toBe(false);
      if (report.pending === 0) break;
      clock += MAX_BACKOFF_MS + 1; // past every backoff
    }

    expect(await db.outbox.toArray()).toEqual([]);
    const sorted = [...jobs].sort();
    expect([...server.applications.keys()].sort()).toEqual(sorted);
    for (const jobId of jobs) expect(server.applications.get(jobId)).toBe(1);
    // Every attempt of an action carried that action's one key.
    for (const jobId of jobs) expect(server.keysByJob.get(jobId)?.size).toBe(1);
    expect((await db.applications.toArray()).map((a) => a.jobId).sort()).toEqual(sorted);
  } finally {
    db.close();
  }
}

const jobsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 })
  .map((numbers) => numbers.map((n) => `job-${n}`));
const repeatsArb = fc.array(fc.nat({ max: 7 }), { maxLength: 4 });
const randomsArb = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
  minLength: 1,
  maxLength: 5,
});

describe('exactly once', () => {
  it('every queued application reaches the real-like server exactly once, whatever fails', async () => {
    await fc.assert(
      fc.asyncProperty(
        jobsArb,
        repeatsArb,
        fc.array(
          fc.constantFrom<Fault>('ok', '503-before', '503-after', 'lost-before', 'lost-after'),
          { maxLength: 30 },
        ),
        randomsArb,
        fc.boolean(),
        fc.boolean(),
        (jobs, repeats, faults, randoms, deadDrainer, withLock) =>
          scenario(new FakeJobsServer(faults), jobs, repeats, randoms, { deadDrainer, withLock }),
      ),
      { numRuns: 50 },
    );
  }, 120_000);

  it('the Idempotency-Key alone prevents duplicates when responses are lost', async () => {
    // A server without the per-job 403: a retry that did not replay under the same key would
    // write a second application. ('503-after' is left out: there the server itself forgets.)
    await fc.assert(
      fc.asyncProperty(
        jobsArb,
        repeatsArb,
        fc.array(fc.constantFrom<Fault>('ok', '503-before', 'lost-before', 'lost-after'), {
          maxLength: 30,
        }),
        randomsArb,
        fc.boolean(),
        fc.boolean(),
        (jobs, repeats, faults, randoms, deadDrainer, withLock) =>
          scenario(new FakeJobsServer(faults, false), jobs, repeats, randoms, {
            deadDrainer,
            withLock,
          }),
      ),
      { numRuns: 30 },
    );
  }, 120_000);

  it('the fake server replays a key and refuses a second application without one', () => {
    // The model is only as good as its fake: check it answers like the real routes.
    const server = new FakeJobsServer(['ok', 'ok', 'ok', 'ok', 'lost-after', 'ok']);
    const request = (key: string | null, jobId = 'job-1'): SeenRequest => ({
      url: `${JOBS_API}/job-application/`,
      method: 'POST',
      headers: new Headers({
        authorization: 'Bearer token-A',
        ...(key ? { 'idempotency-key': key } : {}),
      }),
      body: { jobId },
      signal: null,
    });
    const statuses = [
      request('key-0001'),
      request('key-0001'),
      request(null),
      request('key-0002'),
    ].map((r) => (server.handle(r) as Response).status);
    expect(statuses).toEqual([201, 201, 403, 403]);
    expect(server.applications.get('job-1')).toBe(1);
    // Response lost after the write; the retry under the same key is a replay of the 201.
    expect(server.handle(request('key-0003', 'job-2'))).toBeInstanceOf(TypeError);
    expect((server.handle(request('key-0003', 'job-2')) as Response).status).toBe(201);
    expect(server.applications.get('job-2')).toBe(1);
    // Same key with a different request: 422.
    expect((server.handle(request('key-0001', 'job-3')) as Response).status).toBe(422);
  });
});

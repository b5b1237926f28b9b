import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDb } from '@/lib/db';
import { subscribe } from '@/lib/outbox/channel';
import { drainOutbox, LOCK_NAME, type DrainDeps } from '@/lib/outbox/drain';
import { LEASE_MS, REQUEST_TIMEOUT_MS, type OutboxEvent } from '@/lib/outbox/model';
import { claimNext, enqueue, type EnqueueInput } from '@/lib/outbox/store';
import { mirrorToken, readMirroredToken } from '@/lib/outbox/token';
import {
  API,
  JOBS_API,
  OTHER_USER,
  T0,
  USER,
  applyPayload,
  fakeFetch,
  freshDb,
  jsonResponse,
  recordEvents,
  signIn,
  token,
  type SeenRequest,
} from './helpers';

let db: AppDb;
let clock: number;
let recorder: ReturnType<typeof recordEvents>;

beforeEach(async () => {
  db = freshDb();
  clock = T0;
  recorder = recordEvents();
  await signIn(db);
});

afterEach(() => {
  recorder.stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  db.close();
});

function deps(fetchFn: typeof fetch, extra: Partial<DrainDeps> = {}): DrainDeps {
  return {
    db,
    apiUrl: API,
    jobsApiUrl: JOBS_API,
    fetch: fetchFn,
    locks: null,
    now: () => clock,
    random: () => 0.5,
    ...extra,
  };
}

const applyInput = (jobId: string, userId = USER): EnqueueInput<'apply'> => ({
  kind: 'apply',
  userId,
  subject: jobId,
  payload: applyPayload(jobId),
});
const saveInput = (jobId: string): EnqueueInput<'save'> => ({
  kind: 'save',
  userId: USER,
  subject: jobId,
  payload: { jobId },
});

async function queue(...inputs: EnqueueInput[]) {
  const keys: string[] = [];
  for (const input of inputs) {
    const outcome = await enqueue(db, input, clock);
    if (outcome.status !== 'queued') throw new Error(outcome.status);
    keys.push(outcome.action.idempotencyKey);
  }
  return keys;
}

/** A server that accepts everything (201 for applications, 200 otherwise). */
const accepting = (request: SeenRequest) =>
  jsonResponse(request.url.includes('job-application') ? 201 : 200, {
    data: { id: `srv-${(request.body as { jobId?: string } | null)?.jobId ?? 'x'}` },
  });

const jobIdOf = (request: SeenRequest) => (request.body as { jobId: string }).jobId;

function changes(events: OutboxEvent[]) {
  return events.flatMap((e) => (e.type === 'changed' ? [[e.subject, e.state]] : []));
}

describe('drainOutbox', () => {
  it('drains a FIFO queue, sending the bearer token and each action’s idempotency key', async () => {
    const keys = await queue(
      applyInput('job-1'),
      applyInput('job-2'),
      saveInput('job-9'),
      applyInput('job-3'),
    );
    const server = fakeFetch(accepting);
    const report = await drainOutbox(deps(server.fetch));

    expect(report).toEqual({ steps: 4, pending: 0, nextWakeAt: null, waitingForToken: false });
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([
      ['POST', `${JOBS_API}/job-application/`],
      ['POST', `${JOBS_API}/job-application/`],
      ['PUT', `${API}/saved-jobs/job-9`],
      ['POST', `${JOBS_API}/job-application/`],
    ]);
    expect(server.requests.map((r) => r.headers.get('idempotency-key'))).toEqual(keys);
    for (const request of server.requests) {
      expect(request.headers.get('authorization')).toBe('Bearer token-A');
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(request.signal).toBeInstanceOf(AbortSignal);
    }
    expect(server.requests[0]?.body).toEqual({
      jobId: 'job-1',
      companyName: 'Acme',
      jobPortal: 'referralhub',
      matchingScore: 72,
    });
    expect(await db.outbox.count()).toBe(0);
    expect((await db.applications.toArray()).map((a) => a.jobId).sort()).toEqual([
      'job-1',
      'job-2',
      'job-3',
    ]);
  });

  it('publishes sending, then done with outcome and result, then drained', async () => {
    await queue(applyInput('job-1'));
    await drainOutbox(deps(fakeFetch(accepting).fetch));
    const [sending, done, drained] = recorder.events;
    expect(sending).toMatchObject({
      type: 'changed',
      kind: 'apply',
      subject: 'job-1',
      state: 'sending',
    });
    expect(done).toMatchObject({
      type: 'changed',
      subject: 'job-1',
      state: 'done',
      outcome: 'submitted',
      error: null,
      result: { data: { id: 'srv-job-1' } },
    });
    expect(drained).toEqual({ type: 'drained', pending: 0, nextWakeAt: null });
    expect(recorder.events).toHaveLength(3);
  });

  it("does not send another user's actions under this token", async () => {
    await queue(applyInput('job-1', OTHER_USER));
    const server = fakeFetch(accepting);
    const report = await drainOutbox(deps(server.fetch));
    expect(server.requests).toHaveLength(0);
    expect(report).toMatchObject({ steps: 0, pending: 0 });
    expect(await db.outbox.count()).toBe(1);
  });

  it('on 401 stops, keeps the action pending (no attempt), drops the token and asks for one', async () => {
    await queue(applyInput('job-1'), applyInput('job-2'), saveInput('job-3'));
    const server = fakeFetch(() => jsonResponse(401, { errorMsg: 'Unauthorized' }));
    const report = await drainOutbox(deps(server.fetch));

    expect(server.requests).toHaveLength(1);
    expect(report.waitingForToken).toBe(true);
    expect(report.pending).toBe(3);
    expect(await readMirroredToken(db)).toBeNull();
    const first = await db.outbox.orderBy('seq').first();
    expect(first).toMatchObject({
      subject: 'job-1',
      state: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
    });
    expect(first?.lastError).toMatch(/sign in/i);
    expect(recorder.events.some((e) => e.type === 'token-needed')).toBe(true);
    expect(changes(recorder.events)).toEqual([
      ['job-1', 'sending'],
      ['job-1', 'pending'],
    ]);
  });

  it('on 401 keeps a newer token mirrored while the request was out, and resumes with it', async () => {
    await queue(applyInput('job-1'));
    let calls = 0;
    const server = fakeFetch(async (request) => {
      calls += 1;
      if (calls === 1) {
        await mirrorToken(db, token({ accessToken: 'token-B' }));
        return jsonResponse(401, { errorMsg: 'Unauthorized' });
      }
      return accepting(request);
    });
    await drainOutbox(deps(server.fetch));
    expect((await readMirroredToken(db))?.accessToken).toBe('token-B');
    await drainOutbox(deps(server.fetch));
    expect(server.requests[1]?.headers.get('authorization')).toBe('Bearer token-B');
    expect(await db.outbox.count()).toBe(0);
  });

  it('with no token sends nothing and reports waitingForToken', async () => {
    await mirrorToken(db, null);
    await queue(applyInput('job-1'));
    const server = fakeFetch(accepting);
    const report = await drainOutbox(deps(server.fetch));
    expect(server.requests).toHaveLength(0);
    expect(report).toEqual({ steps: 0, pending: 0, nextWakeAt: null, waitingForToken: true });
    expect(recorder.events).toEqual([{ type: 'token-needed' }]);
    expect(await db.outbox.get(1)).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('with an expired (or nearly expired) token sends nothing but reports what waits', async () => {
    await mirrorToken(db, token({ expiresAt: T0 + 10_000 }));
    await queue(applyInput('job-1'), saveInput('job-2'));
    const server = fakeFetch(accepting);
    const report = await drainOutbox(deps(server.fetch));
    expect(server.requests).toHaveLength(0);
    expect(report).toMatchObject({ steps: 0, pending: 2, waitingForToken: true });
    expect(recorder.events).toContainEqual({ type: 'token-needed' });
  });

  it('a network error is a retry: attempts 1, backoff, "will send when online"', async () => {
    await queue(applyInput('job-1'));
    const server = fakeFetch(() => new TypeError('Failed to fetch'));
    const report = await drainOutbox(deps(server.fetch));
    const row = await db.outbox.get(1);
    expect(row).toMatchObject({ state: 'pending', attempts: 1, leaseUntil: 0 });
    expect(row?.lastError).toContain('will send when online');
    expect(row!.nextAttemptAt).toBeGreaterThanOrEqual(T0 + 500);
    expect(row!.nextAttemptAt).toBeLessThanOrEqual(T0 + 1_000);
    expect(report).toEqual({
      steps: 1,
      pending: 1,
      nextWakeAt: row!.nextAttemptAt,
      waitingForToken: false,
    });
    expect(server.requests).toHaveLength(1);
    const after = recorder.events.find((e) => e.type === 'changed' && e.state === 'pending');
    expect(after).toMatchObject({ subject: 'job-1', error: row?.lastError });
    expect(recorder.events.at(-1)).toEqual({
      type: 'drained',
      pending: 1,
      nextWakeAt: row!.nextAttemptAt,
    });
  });

  it('a timeout aborts the request and counts as a network error', async () => {
    await queue(applyInput('job-1'));
    const realTimeout = AbortSignal.timeout.bind(AbortSignal);
    const timeouts = vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => realTimeout(20));
    const server = fakeFetch(
      (request) =>
        new Promise<Error>((resolve) => {
          // A stalled connection: nothing comes back until the signal fires.
          request.signal?.addEventListener('abort', () => resolve(request.signal!.reason as Error));
        }),
    );
    await drainOutbox(deps(server.fetch));
    expect(timeouts).toHaveBeenCalledWith(REQUEST_TIMEOUT_MS);
    const row = await db.outbox.get(1);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/timed out.*will send when online/);
  });

  it('a 5xx leaves the action pending with backoff while another kind still goes through', async () => {
    await queue(applyInput('job-1'), applyInput('job-2'), saveInput('job-3'));
    const server = fakeFetch((request) =>
      request.method === 'POST'
        ? jsonResponse(503, { errorMsg: 'Service unavailable' })
        : accepting(request),
    );
    const report = await drainOutbox(deps(server.fetch));
    expect(
      server.requests.map((r) => [r.method, r.method === 'POST' ? jobIdOf(r) : r.url]),
    ).toEqual([
      ['POST', 'job-1'],
      ['PUT', `${API}/saved-jobs/job-3`],
    ]);
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.subject, r.state, r.attempts])).toEqual([
      ['job-1', 'pending', 1],
      ['job-2', 'pending', 0],
    ]);
    expect(rows[0]?.lastError).toBe('Service unavailable');
    expect(rows[0]!.nextAttemptAt).toBe(T0 + 750);
    expect(report).toMatchObject({ steps: 2, pending: 2 });

    // Once the backoff is over, the queue finishes in order.
    clock = T0 + 750;
    const server2 = fakeFetch(accepting);
    expect(await drainOutbox(deps(server2.fetch))).toMatchObject({ steps: 2, pending: 0 });
    expect(server2.requests.map(jobIdOf)).toEqual(['job-1', 'job-2']);
    expect(server2.requests[0]?.headers.get('idempotency-key')).toBe(
      server.requests[0]?.headers.get('idempotency-key'),
    );
  });

  it("a 503 with Retry-After is not tried again before the server's time", async () => {
    await queue(applyInput('job-1'));
    const busy = (seconds: string) =>
      fakeFetch(
        () =>
          new Response(JSON.stringify({ errorMsg: 'Server busy' }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': seconds },
          }),
      );
    await drainOutbox(deps(busy('20').fetch));
    // The backoff alone would be 750 ms (the 'a 5xx leaves the action pending' case above).
    expect(await db.outbox.get(1)).toMatchObject({ attempts: 1, nextAttemptAt: T0 + 20_000 });

    // Not due before then: nothing is sent.
    clock = T0 + 19_999;
    const early = fakeFetch(accepting);
    await drainOutbox(deps(early.fetch));
    expect(early.requests).toHaveLength(0);

    // An hour is capped at the spec's 30 s.
    clock = T0 + 20_000;
    await drainOutbox(deps(busy('3600').fetch));
    expect(await db.outbox.get(1)).toMatchObject({ attempts: 2, nextAttemptAt: T0 + 50_000 });
  });

  it('a 4xx fails the action, which stays visible, and the queue goes on', async () => {
    await queue(applyInput('job-1'), applyInput('job-2'));
    const server = fakeFetch((request) =>
      jobIdOf(request) === 'job-1'
        ? jsonResponse(400, { errorMsg: 'Invalid application' })
        : accepting(request),
    );
    await drainOutbox(deps(server.fetch));
    expect(await db.outbox.toArray()).toMatchObject([
      { subject: 'job-1', state: 'failed', lastError: 'Invalid application', attempts: 1 },
    ]);
    expect(recorder.events).toContainEqual(
      expect.objectContaining({
        type: 'changed',
        subject: 'job-1',
        state: 'failed',
        error: 'Invalid application',
      }),
    );
    expect(server.requests).toHaveLength(2);
  });

  it("a 403 'Already submitted' replay ends as done / alreadySubmitted", async () => {
    await queue(applyInput('job-1'));
    await drainOutbox(
      deps(fakeFetch(() => jsonResponse(403, { errorMsg: 'Already submitted' })).fetch),
    );
    expect(await db.outbox.count()).toBe(0);
    expect(await db.applications.get([USER, 'job-1'])).toMatchObject({ state: 'submitted' });
    expect(recorder.events).toContainEqual(
      expect.objectContaining({ state: 'done', outcome: 'alreadySubmitted' }),
    );
  });

  it('an unsave DELETE carries no content-type, since it has no body', async () => {
    // Fastify answers 400 FST_ERR_CTP_EMPTY_JSON_BODY to a DELETE that says application/json
    // but has no body, so every unsave would fail against the real server.
    await queue({ kind: 'unsave', userId: USER, subject: 'job-1', payload: { jobId: 'job-1' } });
    const server = fakeFetch((request) =>
      request.headers.get('content-type') === 'application/json' && request.body === undefined
        ? jsonResponse(400, {
            errorMsg: "Body cannot be empty when content-type is set to 'application/json'",
          })
        : new Response(null, { status: 204 }),
    );
    await drainOutbox(deps(server.fetch));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.method).toBe('DELETE');
    expect(server.requests[0]?.body).toBeUndefined();
    expect(server.requests[0]?.headers.get('content-type')).toBeNull();
    expect(server.requests[0]?.headers.get('authorization')).toBe('Bearer token-A');
    expect(await db.outbox.count()).toBe(0);
  });

  it('concurrent calls in one context do not send anything twice', async () => {
    await queue(applyInput('job-1'), applyInput('job-2'), saveInput('job-3'));
    const server = fakeFetch(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return accepting(request);
    });
    const [a, b] = await Promise.all([
      drainOutbox(deps(server.fetch)),
      drainOutbox(deps(server.fetch)),
    ]);
    expect(server.requests).toHaveLength(3);
    expect(a.pending).toBe(0);
    expect(b.pending).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an action enqueued while a drain runs is sent before that drain resolves', async () => {
    await queue(applyInput('job-1'));
    const server = fakeFetch(async (request) => {
      if (jobIdOf(request) === 'job-1') {
        await enqueue(db, saveInput('job-2'), clock);
        void drainOutbox(deps(server.fetch));
      }
      return accepting(request);
    });
    const report = await drainOutbox(deps(server.fetch));
    expect(server.requests.map((r) => r.url)).toEqual([
      `${JOBS_API}/job-application/`,
      `${API}/saved-jobs/job-2`,
    ]);
    expect(report.pending).toBe(0);
  });

  it('a drain asked for after the last claim looks again before resolving', async () => {
    await queue(applyInput('job-1'));
    const server = fakeFetch(accepting);
    let asked = false;
    const unsubscribe = subscribe((event) => {
      if (event.type === 'drained' && !asked) {
        // The drain found nothing more to claim; now a new action arrives and a drain is asked.
        asked = true;
        void drainOutbox(deps(server.fetch));
        void enqueue(db, saveInput('job-2'), clock);
      }
    });
    const report = await drainOutbox(deps(server.fetch));
    unsubscribe();
    expect(asked).toBe(true);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'PUT']);
    expect(report).toMatchObject({ pending: 0 });
  });

  it('stops after maxSteps', async () => {
    await queue(applyInput('job-1'), applyInput('job-2'));
    const server = fakeFetch(accepting);
    expect(await drainOutbox(deps(server.fetch, { maxSteps: 1 }))).toMatchObject({
      steps: 1,
      pending: 1,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('under the Web Lock takes an action a dead drainer left sending; without it waits for the lease', async () => {
    await queue(applyInput('job-1'));
    await claimNext(db, USER, clock, false); // a drainer claimed it and died
    const server = fakeFetch(accepting);

    expect(await drainOutbox(deps(server.fetch))).toMatchObject({ steps: 0, pending: 1 });
    expect(server.requests).toHaveLength(0);

    const names: string[] = [];
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        names.push(name);
        return callback();
      },
    } as unknown as LockManager;
    expect(await drainOutbox(deps(server.fetch, { locks }))).toMatchObject({
      steps: 1,
      pending: 0,
    });
    expect(names).toEqual([LOCK_NAME]);
    expect(server.requests).toHaveLength(1);
  });

  it('without the lock, takes an action left sending once its lease expired', async () => {
    await queue(applyInput('job-1'));
    await claimNext(db, USER, clock, false);
    clock = T0 + LEASE_MS;
    const server = fakeFetch(accepting);
    expect(await drainOutbox(deps(server.fetch))).toMatchObject({ steps: 1, pending: 0 });
  });

  it('the drained event wakes when the backing-off head is due, not at once for the action behind it', async () => {
    await queue(applyInput('job-1'), applyInput('job-2'));
    const server = fakeFetch(() => jsonResponse(503, { errorMsg: 'busy' }));
    const report = await drainOutbox(deps(server.fetch));
    // job-2 cannot go before job-1 (FIFO): waking at 0 would make a page drain every 50 ms.
    expect(report.nextWakeAt).toBe(T0 + 750);
    expect(recorder.events.at(-1)).toEqual({ type: 'drained', pending: 2, nextWakeAt: T0 + 750 });
  });
});

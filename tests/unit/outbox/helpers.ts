/**
 * Shared pieces of the outbox unit tests: a fresh fake-indexeddb database per test, action
 * builders, a recording StepContext for the executors, and a fake `fetch` for the drainer.
 */
import { createDb, type AppDb } from '@/lib/db';
import type { OutboxEntry } from '@/lib/db/types';
import type { OutboxKind } from '@/lib/outbox/kinds';
import type { HttpCall, HttpResult, OutboxEvent, StepContext } from '@/lib/outbox/model';
import { subscribe } from '@/lib/outbox/channel';
import { mirrorToken, type MirroredToken } from '@/lib/outbox/token';

export const API = 'https://api.test/api';
export const JOBS_API = 'https://jobs.test/v1';
export const USER = 'user-1';
export const OTHER_USER = 'user-2';
export const T0 = Date.UTC(2026, 10, 22, 8, 0, 0);

let counter = 0;
export function freshDb(): AppDb {
  counter += 1;
  return createDb(`outbox-test-${counter}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
}

export const applyPayload = (jobId: string) => ({
  jobId,
  companyName: 'Acme',
  jobPortal: 'referralhub',
  matchingScore: 72,
  jobTitle: `Engineer ${jobId}`,
});

/** An outbox row as the drainer would hand it to an executor. */
export function makeAction(overrides: Partial<OutboxEntry> & { kind: OutboxKind }): OutboxEntry {
  return {
    seq: 1,
    userId: USER,
    idempotencyKey: 'key-0001-aaaa',
    subject: 'job-1',
    payload: {},
    step: 'send',
    state: 'sending',
    outcome: null,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    leaseUntil: 0,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function result(status: number, data: unknown = null, errorMsg: string | null = null) {
  return { status, data, errorMsg } satisfies HttpResult;
}

/** A StepContext that records every call and answers from a queue (or a function). */
export function recordingContext(
  answers: Array<HttpResult | Error> | ((call: HttpCall) => HttpResult | Error),
) {
  const calls: HttpCall[] = [];
  const context: StepContext = {
    apiUrl: API,
    jobsApiUrl: JOBS_API,
    send(call) {
      calls.push(call);
      const answer = typeof answers === 'function' ? answers(call) : answers.shift();
      if (!answer) throw new Error(`unexpected call ${call.method} ${call.url}`);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { context, calls };
}

export function token(overrides: Partial<MirroredToken> = {}): MirroredToken {
  return { accessToken: 'token-A', expiresAt: T0 + 60 * 60_000, userId: USER, ...overrides };
}

export async function signIn(db: AppDb, overrides: Partial<MirroredToken> = {}) {
  await mirrorToken(db, token(overrides));
}

/** Records the outbox events published in this context until `stop()`. */
export function recordEvents() {
  const events: OutboxEvent[] = [];
  const stop = subscribe((event) => events.push(event));
  return { events, stop };
}

/** One request as the fake `fetch` saw it. */
export interface SeenRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly signal: AbortSignal | null;
}

export function seen(url: string, init: RequestInit | undefined): SeenRequest {
  const body = init?.body;
  return {
    url,
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: typeof body === 'string' ? (JSON.parse(body) as unknown) : body,
    signal: init?.signal ?? null,
  };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

type Handler = (request: SeenRequest) => Response | Error | Promise<Response | Error>;

/** A fake `fetch`: records each request and lets the test answer it. */
export function fakeFetch(handler: Handler) {
  const requests: SeenRequest[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = seen(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      init,
    );
    requests.push(request);
    const answer = await handler(request);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch: fetchFn, requests };
}

/**
 * The drainer (design/outbox.md "Draining"): sends the signed-in user's queued actions, one step
 * at a time, until nothing is due. The same code runs in the service worker (on `sync` and when
 * a page asks) and in the page (when no service worker controls it).
 *
 * - One drainer at a time across the page and the worker: the Web Lock `referralhub-outbox`.
 *   Holding it also means any action still marked `sending` was left by a drainer that died
 *   (e.g. a worker stopped mid-request), so it can be taken again at once.
 * - Every request has a timeout; a network error or timeout is a retry with backoff.
 * - A refused token (401) stops the drain and asks a page for a fresh one (`token-needed`).
 */
import type { AppDb } from '../db/schema';
import type { OutboxEntry } from '../db/types';
import { retryAfterMs } from './backoff';
import { publish } from './channel';
import { kindSpec } from './kinds';
import {
  NetworkError,
  REQUEST_TIMEOUT_MS,
  type HttpCall,
  type HttpResult,
  type StepContext,
  type StepResult,
} from './model';
import { claimNext, pendingSummary, recordResult } from './store';
import { dropRefusedToken, isUsable, readMirroredToken, type MirroredToken } from './token';

export const LOCK_NAME = 'referralhub-outbox';

export interface DrainDeps {
  readonly db: AppDb;
  readonly apiUrl: string;
  readonly jobsApiUrl: string;
  readonly fetch?: typeof fetch;
  readonly now?: () => number;
  readonly random?: () => number;
  /** Web Locks; null where the browser has none (then leases alone keep drainers apart). */
  readonly locks?: LockManager | null;
  /** Stop after this many steps (tests); unlimited by default. */
  readonly maxSteps?: number;
}

export interface DrainReport {
  /** Steps that were attempted in this drain. */
  readonly steps: number;
  /** Actions still pending or sending for the user. */
  readonly pending: number;
  /** When the earliest backoff ends (ms since epoch), if any action waits. */
  readonly nextWakeAt: number | null;
  /** No usable token: nothing can be sent until a page mirrors one. */
  readonly waitingForToken: boolean;
}

async function readBody(response: Response): Promise<{ data: unknown; errorMsg: string | null }> {
  const text = await response.text().catch(() => '');
  let data: unknown = text || null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // Not JSON (an HTML error page from a proxy): keep the text.
  }
  const errorMsg =
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { errorMsg?: unknown }).errorMsg === 'string'
      ? (data as { errorMsg: string }).errorMsg
      : null;
  return { data, errorMsg };
}

function contextFor(action: OutboxEntry, token: MirroredToken, deps: DrainDeps): StepContext {
  const fetchFn = deps.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    apiUrl: deps.apiUrl,
    jobsApiUrl: deps.jobsApiUrl,
    async send(call: HttpCall): Promise<HttpResult> {
      const headers = new Headers(call.headers);
      const raw = call.body instanceof Blob;
      // No body, no content-type: Fastify answers 400 to an empty application/json body.
      if (!headers.has('content-type') && call.body !== undefined) {
        headers.set(
          'content-type',
          raw ? call.body.type || 'application/octet-stream' : 'application/json',
        );
      }
      if (call.auth !== false) headers.set('authorization', `Bearer ${token.accessToken}`);
      headers.set('idempotency-key', call.idempotencyKey ?? action.idempotencyKey);
      let response: Response;
      try {
        response = await fetchFn(call.url, {
          method: call.method,
          headers,
          body: call.body === undefined ? undefined : raw ? call.body : JSON.stringify(call.body),
          signal: AbortSignal.timeout(call.timeoutMs ?? REQUEST_TIMEOUT_MS),
        });
      } catch (cause) {
        const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
        throw new NetworkError(timedOut ? 'The connection timed out' : 'No connection');
      }
      const { data, errorMsg } = await readBody(response);
      const now = (deps.now ?? Date.now)();
      const wait = retryAfterMs(response.headers.get('retry-after'), now);
      return { status: response.status, errorMsg, data, retryAfterMs: wait };
    },
  };
}

async function runStep(
  action: OutboxEntry,
  token: MirroredToken,
  deps: DrainDeps,
): Promise<StepResult> {
  const spec = kindSpec(action.kind);
  // A row from a build with a kind this one lacks: shown as failed (Retry, Discard), never lost.
  if (!spec) return { type: 'fail', error: 'This app version cannot send this action' };
  try {
    return await spec.execute(action, contextFor(action, token, deps));
  } catch (error) {
    const message =
      error instanceof NetworkError ? `${error.message}: will send when online` : 'Could not send';
    return { type: 'retry', error: message };
  }
}

async function drainOnce(deps: DrainDeps, holdsLock: boolean): Promise<DrainReport> {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const token = await readMirroredToken(deps.db);
  if (!token || !isUsable(token, now())) {
    publish({ type: 'token-needed' });
    const summary = token
      ? await pendingSummary(deps.db, token.userId)
      : { pending: 0, nextWakeAt: null };
    return { steps: 0, ...summary, waitingForToken: true };
  }
  let steps = 0;
  let waitingForToken = false;
  while (steps < (deps.maxSteps ?? Infinity)) {
    const action = await claimNext(deps.db, token.userId, now(), holdsLock);
    if (!action) break;
    steps += 1;
    publish({
      type: 'changed',
      seq: action.seq!,
      kind: action.kind,
      subject: action.subject,
      state: 'sending',
    });
    const result = await runStep(action, token, deps);
    const after = await recordResult(deps.db, action, result, now(), random());
    if (after) {
      publish({
        type: 'changed',
        seq: after.seq!,
        kind: after.kind,
        subject: after.subject,
        state: after.state,
        outcome: after.outcome ?? null,
        error: after.lastError,
        ...(result.type === 'done' && result.result !== undefined ? { result: result.result } : {}),
      });
    }
    if (result.type === 'auth') {
      await dropRefusedToken(deps.db, token.accessToken);
      publish({ type: 'token-needed' });
      waitingForToken = true;
      break;
    }
  }
  const summary = await pendingSummary(deps.db, token.userId);
  publish({ type: 'drained', ...summary });
  return { steps, ...summary, waitingForToken };
}

let inFlight: Promise<DrainReport> | null = null;
let rerun = false;

/**
 * Drains the outbox. Calls made while a drain runs in this context do not start a second one:
 * they make the running one look again before it finishes (an action enqueued meanwhile is sent).
 */
export function drainOutbox(deps: DrainDeps): Promise<DrainReport> {
  if (inFlight) {
    rerun = true;
    return inFlight;
  }
  const locks = deps.locks === undefined ? (globalThis.navigator?.locks ?? null) : deps.locks;
  const run = async (): Promise<DrainReport> => {
    let report: DrainReport;
    do {
      rerun = false;
      report = locks
        ? await locks.request(LOCK_NAME, () => drainOnce(deps, true))
        : await drainOnce(deps, false);
    } while (rerun && !report.waitingForToken);
    return report;
  };
  inFlight = run().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

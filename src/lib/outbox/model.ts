/**
 * The outbox's vocabulary (design/outbox.md): what a queued action is, what one step of it can
 * end in, and the limits the drainer works to. Shared by the page and the service worker, so
 * nothing here touches `window` or the DOM.
 */
import type { OutboxEntry } from '../db/types';

export type { OutboxEntry };

/** spec §9: retries back off exponentially, capped at 30 seconds. */
export const MAX_BACKOFF_MS = 30_000;
export const FIRST_BACKOFF_MS = 1_000;
/** A request that takes longer counts as a network error ("lie-fi" must not hang the queue). */
export const REQUEST_TIMEOUT_MS = 15_000;
/** A 2 MB PDF on a slow 3G link needs longer than a JSON call. */
export const UPLOAD_TIMEOUT_MS = 60_000;
/** How long a claim holds without the lock; a drainer that died frees its action after this. */
export const LEASE_MS = UPLOAD_TIMEOUT_MS + 15_000;
/** A CV upload goes back for a fresh signed URL at most this many times before it fails. */
export const MAX_RESTARTS = 3;

/** The result of running one step of an action. */
export type StepResult =
  /** Move to the next step of a multi-step action and run it straight away. */
  | { type: 'advance'; step: string; stepData?: Record<string, unknown> }
  /** Delivered. `outcome` tells the UI how (e.g. 'submitted', 'alreadySubmitted'). */
  | { type: 'done'; outcome: string; result?: unknown }
  /**
   * Network error, timeout, 408/429/5xx: try again after a backoff, and not before the server's
   * Retry-After (`waitMs`) when it sent one.
   */
  | { type: 'retry'; error: string; waitMs?: number }
  /** 401: the token was refused; wait for a fresh one (not counted as an attempt). */
  | { type: 'auth'; error: string }
  /** Any other 4xx: stays visible as failed, with Retry and Discard. */
  | { type: 'fail'; error: string; outcome?: string };

/** A response as the executors see it: status, the server's `errorMsg` and the JSON body. */
export interface HttpResult {
  readonly status: number;
  readonly errorMsg: string | null;
  readonly data: unknown;
  /** The server's Retry-After, in ms from when the answer came (a busy or rate-limiting server). */
  readonly retryAfterMs?: number | null;
}

export interface HttpCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  /** JSON-encoded unless a Blob (sent raw). */
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** false: no bearer token (a signed storage URL carries its own credentials). */
  readonly auth?: boolean;
  readonly timeoutMs?: number;
  /** Sent as Idempotency-Key; defaults to the action's key. */
  readonly idempotencyKey?: string;
}

/** What an executor may use: the two API bases and a request function bound to the action. */
export interface StepContext {
  readonly apiUrl: string;
  readonly jobsApiUrl: string;
  /** Resolves with any HTTP status; rejects only on a network error or timeout. */
  send(call: HttpCall): Promise<HttpResult>;
}

export type Executor = (action: OutboxEntry, context: StepContext) => Promise<StepResult>;

/** A network failure or timeout: the request may or may not have reached the server. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** Messages on the `outbox` BroadcastChannel (and to this context's own listeners). */
export type OutboxEvent =
  | {
      readonly type: 'changed';
      readonly seq: number;
      /** A kind's name (src/lib/outbox/kinds). */
      readonly kind: string;
      readonly subject: string;
      readonly state: OutboxEntry['state'];
      readonly outcome?: string | null;
      readonly error?: string | null;
      readonly result?: unknown;
    }
  /** A drainer met a refused or missing token: a page should refresh and mirror a new one. */
  | { readonly type: 'token-needed' }
  | { readonly type: 'drained'; readonly pending: number; readonly nextWakeAt: number | null };

/**
 * How an HTTP answer maps to what the outbox does next (design/outbox.md "Per response").
 */
import type { HttpResult, StepResult } from './model';

/** The server's 409 for a key whose first request is still running (server/http/idempotency). */
const IN_PROGRESS = /in progress|still running|being processed/i;

/** Statuses that mean "not now, try again": the request did not take effect. */
export function isTransient(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

/**
 * The common rules for a non-2xx answer: transient → retry with backoff (not before the server's
 * Retry-After), 401 → wait for a new token, an idempotency 409 (the first delivery still
 * running) → retry, anything else → failed with the server's message.
 */
export function classifyFailure(response: HttpResult): StepResult {
  const message = response.errorMsg ?? `The server answered ${response.status}`;
  if (response.status === 401) return { type: 'auth', error: 'Waiting for you to sign in again' };
  if (isTransient(response.status)) {
    const waitMs = response.retryAfterMs;
    return { type: 'retry', error: message, ...(waitMs ? { waitMs } : {}) };
  }
  if (response.status === 409 && IN_PROGRESS.test(message))
    return { type: 'retry', error: message };
  return { type: 'fail', error: message };
}

export function isOk(response: HttpResult): boolean {
  return response.status >= 200 && response.status < 300;
}

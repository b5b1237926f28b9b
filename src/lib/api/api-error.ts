import type { FetchStatus } from '@tanstack/react-query';

/** A failed API call: `status` is the HTTP status (500 for a PATCH network failure, spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    /** True when no HTTP response arrived (offline, DNS, reset, our timeout). */
    readonly network = false,
  ) {
    super(message);
  }
}

/** spec §8: the default POST error text. */
export const DEFAULT_POST_ERROR = 'Something went wrong';

/** A screen whose first answer waits for the connection (lib/ui/query-loading.tsx). */
export const WAITING_FOR_CONNECTION = "You're offline. This shows when you're back online.";

/** spec §8: failures on GET, PUT, PATCH and DELETE. */
export function httpErrorMessage(status: number, text: string): string {
  return `HTTP error! status: ${status}, message: ${text}`;
}

/**
 * The server's own words for a refusal (the contract's texts), for a user to read: without spec
 * §8's technical "HTTP error! status: …" wrapper that GET/PATCH errors carry for the app's logs,
 * and a plain sentence for a call that never reached the server.
 */
export function userErrorText(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError && error.network)
    return 'This needs a connection. Try again when you are online.';
  if (!(error instanceof Error)) return fallback;
  const match = /^HTTP error! status: \d+, message: (.*)$/s.exec(error.message);
  return (match ? match[1] : error.message) || fallback;
}

/**
 * The screen shows its saved copy rather than the server's answer: the refresh failed, or waits
 * for the connection (paused rather than failed while the app is offline, app/query-client.ts).
 * For the "Showing the … saved on this device." lines.
 */
export function showsSavedCopy(query: {
  readonly isError: boolean;
  readonly fetchStatus: FetchStatus;
}): boolean {
  return query.isError || query.fetchStatus === 'paused';
}

import { ApiError } from '@/lib/api';

/**
 * The server's own words for a refusal (the contract's texts), without spec §8's technical
 * "HTTP error! status: …" wrapper that GET/PATCH errors carry for the app's logs.
 */
export function errorText(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError && error.network)
    return 'This needs a connection. Try again when you are online.';
  if (!(error instanceof Error)) return fallback;
  const match = /^HTTP error! status: \d+, message: (.*)$/s.exec(error.message);
  return (match ? match[1] : error.message) || fallback;
}

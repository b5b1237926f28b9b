/**
 * Every 4xx/5xx answer of both hosts: `{ errorMsg }` (spec §8 shows errorMsg to the user on
 * POST). Plain TypeScript, not a zod schema: the API client reads it on every page, and the
 * first load carries no validator (issue 24).
 */
export interface ErrorBody {
  readonly errorMsg?: string;
}

/** The answer's errorMsg when the body is an error body that has one. */
export function errorMsgOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { errorMsg } = body as Record<string, unknown>;
  return typeof errorMsg === 'string' ? errorMsg : undefined;
}

import * as z from 'zod/mini';

/**
 * Client configuration from Vite env, validated once at start-up (style.md: validate at the
 * edges). The two bases stand for the spec's two hosts (spec §7: an API host and a separate
 * jobs host); locally both are the server's origin under /api and /jobs-api.
 * zod/mini keeps the validator out of the way of the first-load budget.
 */
const ClientEnvSchema = z.object({
  VITE_API_URL: z._default(z.string().check(z.minLength(1)), '/api'),
  VITE_JOBS_API_URL: z._default(z.string().check(z.minLength(1)), '/jobs-api'),
});

const parsed = ClientEnvSchema.safeParse({
  VITE_API_URL: import.meta.env.VITE_API_URL || undefined,
  VITE_JOBS_API_URL: import.meta.env.VITE_JOBS_API_URL || undefined,
});
if (!parsed.success) {
  throw new Error(`Invalid client configuration: ${parsed.error.message}`);
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export const config = {
  apiUrl: trimSlash(parsed.data.VITE_API_URL),
  jobsApiUrl: trimSlash(parsed.data.VITE_JOBS_API_URL),
  buildId: __BUILD_ID__,
} as const;

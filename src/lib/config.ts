/**
 * Client configuration from Vite env, checked once at start-up (style.md: validate at the
 * edges). The two bases stand for the spec's two hosts (spec §7: an API host and a separate
 * jobs host); locally both are the server's origin under /api and /jobs-api. An unset or empty
 * value takes the local default. Plain TypeScript: this runs on every first load (issue 24).
 */
const trimSlash = (url: string) => url.replace(/\/+$/, '');

function base(value: string | undefined, fallback: string): string {
  return trimSlash(value || fallback);
}

export const config = {
  apiUrl: base(import.meta.env.VITE_API_URL, '/api'),
  jobsApiUrl: base(import.meta.env.VITE_JOBS_API_URL, '/jobs-api'),
  buildId: __BUILD_ID__,
} as const;

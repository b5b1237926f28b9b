/**
 * The first API call a signed-out visitor's page makes, known from the page's URL alone (issue 24:
 * a first visit on a slow network). The server names it in the shell it sends
 * (`<link rel="preload" as="fetch">`, server/http/route-preloads.ts), so the answer downloads
 * beside the scripts instead of after them; the app's own request for the same URL then takes
 * the preloaded answer. The app builds its requests from the same pieces (buildJobQuery and
 * buildQueryString in fetch-jobs.ts, jobDetailPath in fetch-job.ts); the first-load browser test
 * fails if a hint goes unused or the answer is downloaded twice.
 *
 * On a repeat visit the service worker answers the navigation with the cached shell and adds the
 * same hint (sw/data-hint.ts), so the answer's round trip starts before the scripts run there too.
 *
 * Only for signed-out visitors: a signed-in listing adds the profile's default filters and a
 * signed-in job may show more (salary), so the server leaves the hint out when the browser
 * carries SIGNED_IN_COOKIE (./signed-in-cookie.ts).
 */
import { JOBS_API_PREFIX } from './contract/common';
import { buildJobQuery } from './filters';
import { buildQueryString } from './query-string';

/**
 * The first page of `/jobs` with no filters, as the listing asks for it (spec §5, §7).
 * `jobsBase` (here and below): where the app sends the jobs host's calls (config.jobsApiUrl); the
 * server, which is that host, names its own prefix.
 */
export function jobListingFirstPageUrl(jobsBase = JOBS_API_PREFIX): string {
  return `${jobsBase}/job/${buildQueryString(buildJobQuery({}, { includeCompanyDetails: true }))}`;
}

/** One job on the jobs host (spec §7): GET {jobs host}/job/{id}. */
export function jobDetailPath(id: string): string {
  return `/job/${encodeURIComponent(id)}`;
}

/** One job, as the job page asks for it. */
export function jobDetailUrl(id: string, jobsBase = JOBS_API_PREFIX): string {
  return `${jobsBase}${jobDetailPath(id)}`;
}

const JOB_PAGE = /^\/jobs\/[^/]+\/([^/]+)\/?$/;

/**
 * Which first screen `pathname?search` shows, when it is known from the URL alone: the home page,
 * the listing's first page (no search, no filters) or one job. Null for any other page.
 */
export function firstScreenPage(
  pathname: string,
  search: string,
): { page: 'home' } | { page: 'listing' } | { page: 'job'; id: string } | null {
  // The home page says the same to every visitor (a campaign's `?utm_…` included).
  if (pathname === '/') return { page: 'home' };
  if (/^\/jobs\/?$/.test(pathname)) return search === '' ? { page: 'listing' } : null;
  const job = JOB_PAGE.exec(pathname)?.[1];
  if (!job) return null;
  try {
    return { page: 'job', id: decodeURIComponent(job) };
  } catch {
    return null; // A malformed escape: the page will show its own error.
  }
}

/**
 * The API URL a signed-out first visit to `pathname?search` requests first, or null when it is
 * not known from the URL (filters in the query, any other page).
 */
export function firstDataUrl(
  pathname: string,
  search: string,
  jobsBase = JOBS_API_PREFIX,
): string | null {
  const screen = firstScreenPage(pathname, search);
  if (!screen || screen.page === 'home') return null;
  return screen.page === 'listing'
    ? jobListingFirstPageUrl(jobsBase)
    : jobDetailUrl(screen.id, jobsBase);
}

/** A value inside a double-quoted HTML attribute. */
export const htmlAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The hint naming `url` in the shell's head. `crossorigin`: fetch() is a CORS-mode request, and
 * a preload whose mode differs is not used (the answer would download twice).
 */
export function dataHintLink(url: string): string {
  return `<link rel="preload" as="fetch" crossorigin href="${htmlAttribute(url)}">`;
}

/**
 * The home page's new jobs and top companies (issue 26 item 10) as the page shows them: what the
 * app takes from the jobs API's first page and `/companies/top`, and what the server writes into
 * a signed-out visitor's first screen of `/` with the same numbers (issue 24 item 5). The server
 * also puts it in the HTML as JSON (HIGHLIGHTS_DATA_ID), so the app shows the same section on its
 * first render, with no call and no schema to load; a later visit to `/` in the app asks the API.
 * Plain TypeScript: this is on the first load of `/`.
 */
import type { Job } from './contract/jobs';
import type { TopCompany } from './contract/companies';
import { jobLogo } from './job-logo';

/** How many of each the section shows: the API calls' pageSize and limit. */
export const FEATURED_JOBS = 4;
export const TOP_COMPANIES = 6;

/** The id of the `<script type="application/json">` holding the section in the first screen. */
export const HIGHLIGHTS_DATA_ID = 'fs-home-highlights';

export interface HighlightJob {
  readonly id: string;
  readonly title: string;
  readonly companyName: string;
  readonly city: string | null;
  readonly logoUrl: string | null;
}

export interface HighlightCompany {
  readonly name: string;
  readonly logoUrl: string | null;
  readonly openJobs: number;
}

export interface HomeHighlights {
  readonly jobs: readonly HighlightJob[];
  readonly companies: readonly HighlightCompany[];
}

/** The section from the two answers. */
export function homeHighlights(
  jobs: readonly Job[],
  companies: readonly TopCompany[],
): HomeHighlights {
  return {
    jobs: jobs.slice(0, FEATURED_JOBS).map((job) => ({
      id: job.id,
      title: job.jobTitle,
      companyName: job.companyName,
      city: job.location?.city || null,
      logoUrl: jobLogo(job) ?? null,
    })),
    companies: companies.slice(0, TOP_COMPANIES).map((company) => ({
      name: company.name,
      logoUrl: company.logoUrl,
      openJobs: company.openJobs,
    })),
  };
}

/** Whether there is anything to show. */
export const hasHighlights = ({ jobs, companies }: HomeHighlights) =>
  jobs.length > 0 || companies.length > 0;

/** The HTML's JSON for the section: `<` escaped, so no text in it can close the script. */
export function highlightsJson(highlights: HomeHighlights): string {
  return JSON.stringify(highlights).replace(/</g, '\\u003c');
}

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown) => value === null || isText(value);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The section read back from the HTML's JSON, or null when it does not have this shape (a page
 * from another build). Field by field: it comes from this server, but a check costs nothing.
 */
export function highlightsFromJson(text: string): HomeHighlights | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !Array.isArray(value.jobs) || !Array.isArray(value.companies))
    return null;
  const jobsFit = value.jobs.every(
    (job) =>
      isRecord(job) &&
      isText(job.id) &&
      isText(job.title) &&
      isText(job.companyName) &&
      isTextOrNull(job.city) &&
      isTextOrNull(job.logoUrl),
  );
  const companiesFit = value.companies.every(
    (company) =>
      isRecord(company) &&
      isText(company.name) &&
      isTextOrNull(company.logoUrl) &&
      typeof company.openJobs === 'number',
  );
  return jobsFit && companiesFit ? (value as unknown as HomeHighlights) : null;
}

/**
 * A top company's link: its jobs in the listing, `/jobs?companyName=["…"]`, written as the app's
 * router writes a list in the URL (its search values in JSON, URLSearchParams' encoding).
 */
export function companyJobsHref(name: string): string {
  return `/jobs?${new URLSearchParams({ companyName: JSON.stringify([name]) }).toString()}`;
}

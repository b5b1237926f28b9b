/**
 * Job listing filters → the query of `GET {jobs host}/job/` (spec §7), with the filter rules of
 * spec §5 and the paging constants of spec §9. The app builds its requests and query keys with
 * this, and applies the same rules when it filters cached jobs offline.
 *
 * Rules (spec §5 "Filters"):
 * - Range filters (salary, experience, team size) are single choice: the state holds one band id
 *   and it maps to min/max numbers (team size is sent as its band id, the server's stored value).
 *   An empty or unknown selection removes the filter and its min/max.
 * - Empty or null params are dropped (blank text, empty lists, non-finite numbers).
 * - Search text or a company filter drops the profile defaults: title, YOE and skills.
 * - Any other filter drops the title and YOE defaults; the default skills stay unless the user
 *   picked skills, which replace them. A salary or experience range drops the YOE default.
 *
 * Paging (spec §9): page size 10 for the first page and 30 for each later request (our reading
 * of "10 initial, 30 for requests": a small first page paints fast), sort order descending,
 * status always PUBLISHED. List values are comma-joined, as the server splits them.
 */
import { EXPERIENCE_BANDS, SALARY_BANDS, TEAM_SIZE_BANDS, findBand } from './bands/bands';
import {
  JOB_DASHBOARDS,
  JOB_SEARCH_PARAMS,
  type JobSearchParam,
  type JobSearchQuery,
} from './contract/jobs';

// spec §9: page size 10 initial, 30 for requests; sort order descending; jobs always PUBLISHED.
export const INITIAL_PAGE_SIZE = 10;
export const NEXT_PAGE_SIZE = 30;
export const JOB_SORT_ORDER = 'desc';
export const JOB_STATUS = 'PUBLISHED';

type List = readonly string[] | null | undefined;

/** What the user chose in the listing (spec §3 Filters). Range filters hold a band id. */
export interface JobFilters {
  readonly searchText?: string | null;
  readonly location?: List;
  readonly coreSkills?: List;
  readonly softSkills?: List;
  readonly technicalSkills?: List;
  /** A SALARY_BANDS id, e.g. "10-15". */
  readonly salaryRange?: string | null;
  /** An EXPERIENCE_BANDS id, e.g. "3-5". */
  readonly experienceRange?: string | null;
  /** A TEAM_SIZE_BANDS id, e.g. "5000+". */
  readonly teamSize?: string | null;
  readonly companyName?: List;
  /** "USER" for jobs posted through the product, "EXTERNAL" for imported ones. */
  readonly dashboard?: string | null;
  readonly department?: List;
  readonly industry?: List;
  readonly workMode?: List;
  readonly typeofEmployment?: List;
}

/** Defaults derived from a complete profile (spec §4): title, core skills and YOE. */
export interface DefaultFilters {
  readonly jobTitle?: string | null;
  readonly coreSkills?: List;
  readonly YOE?: number | null;
}

/**
 * The query of `GET {jobs host}/job/` as the contract defines it (src/domain/contract/jobs.ts,
 * the schema the server validates with); absent keys are not sent. What buildJobQuery makes
 * always carries the page size, the sort order and the status.
 */
export type JobQueryParams = JobSearchQuery & {
  sortOrder: typeof JOB_SORT_ORDER;
  status: typeof JOB_STATUS;
};

export interface JobQueryOptions {
  readonly defaults?: DefaultFilters | null;
  /** From the previous page's pagination; absent for the first page. */
  readonly lastKey?: string | null;
  readonly includeCompanyDetails?: boolean;
  readonly fromS3Vector?: boolean;
  readonly s3VectorPageNumber?: number | null;
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

// The server splits list params on commas, so a value holding a comma is sent as its parts.
function list(values: List): string | undefined {
  const parts = (values ?? []).flatMap((value) => value.split(','));
  const kept = [...new Set(parts.map((value) => value.trim()).filter(Boolean))];
  return kept.length > 0 ? kept.join(',') : undefined;
}

type Dashboard = (typeof JOB_DASHBOARDS)[number];

// The server knows two dashboard values; anything else would be a 400, so it is not sent.
function dashboardValue(value: string | null | undefined): Dashboard | undefined {
  const trimmed = value?.trim().toUpperCase();
  return JOB_DASHBOARDS.find((known) => known === trimmed);
}

function count(value: number | null | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Single-choice toggle for a range filter: choosing the selected band again clears it. */
export function selectRange(
  current: string | null | undefined,
  chosen: string | null,
): string | null {
  return !chosen || chosen === current ? null : chosen;
}

export function buildJobQuery(filters: JobFilters, options: JobQueryOptions = {}): JobQueryParams {
  const salary = findBand(SALARY_BANDS, filters.salaryRange);
  const experience = findBand(EXPERIENCE_BANDS, filters.experienceRange);
  const teamSize = findBand(TEAM_SIZE_BANDS, filters.teamSize);
  const chosen = {
    location: list(filters.location),
    coreSkills: list(filters.coreSkills),
    softSkills: list(filters.softSkills),
    technicalSkills: list(filters.technicalSkills),
    department: list(filters.department),
    dashboard: dashboardValue(filters.dashboard),
    industry: list(filters.industry),
    teamSize: teamSize?.id,
    workMode: list(filters.workMode),
    typeofEmployment: list(filters.typeofEmployment),
  };
  const searchText = text(filters.searchText);
  const companyName = list(filters.companyName);
  const searching = searchText !== undefined || companyName !== undefined;
  const rangeChosen = salary !== null || experience !== null;
  const otherChosen = rangeChosen || Object.values(chosen).some((value) => value !== undefined);
  const defaults = searching ? null : (options.defaults ?? null);
  const lastKey = text(options.lastKey);

  const params: JobQueryParams = {
    searchText,
    pageSize: lastKey ? NEXT_PAGE_SIZE : INITIAL_PAGE_SIZE,
    lastKey,
    sortOrder: JOB_SORT_ORDER,
    status: JOB_STATUS,
    ...chosen,
    coreSkills: chosen.coreSkills ?? list(defaults?.coreSkills),
    jobTitle: otherChosen ? undefined : text(defaults?.jobTitle),
    // otherChosen includes a salary or experience range, which also drops YOE (spec §5).
    YOE: otherChosen ? undefined : count(defaults?.YOE),
    companyName,
    minSalary: salary?.min,
    maxSalary: salary?.max ?? undefined,
    minExperience: experience?.min,
    maxExperience: experience?.max ?? undefined,
    includeCompanyDetails: options.includeCompanyDetails,
    fromS3Vector: options.fromS3Vector,
    s3VectorPageNumber: count(options.s3VectorPageNumber),
  };
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined),
  ) as unknown as JobQueryParams;
}

// spec §7: the order of the GET {jobs host}/job/ query list, then the extra filters (the
// contract's key order).
export const JOB_QUERY_PARAM_ORDER: readonly JobSearchParam[] = JOB_SEARCH_PARAMS;

/** The query string (without "?") in a fixed order, so equal filters give equal strings. */
export function toQueryString(params: JobSearchQuery): string {
  const search = new URLSearchParams();
  for (const key of JOB_QUERY_PARAM_ORDER) {
    const value = params[key];
    if (value !== undefined) search.append(key, String(value));
  }
  return search.toString();
}

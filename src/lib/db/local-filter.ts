/**
 * The server's job search (server/jobs/search-jobs.ts) and company listing
 * (server/companies/routes.ts) re-done over cached rows, so offline listings answer the same
 * filters. Each reads the request its builder made (`buildJobQuery`, `buildCompanyQuery`: spec §5
 * rules already applied), so online and offline agree on what a filter means. Job search text
 * matches when every word appears in the row's title, skills, company or location (no ranking
 * offline).
 */
import type { CompanyQueryParams } from '@/domain/company-filters';
import type { JobQueryParams } from '@/domain/filters';
import type { CachedJob, CompanyRecord, Range } from './types';

const lower = (values: readonly string[] | undefined) => values?.map((v) => v.toLowerCase()) ?? [];

function parts(list: string | undefined): string[] | null {
  return list ? list.split(',').map((v) => v.trim().toLowerCase()) : null;
}

function oneOf(value: string | null | undefined, wanted: string[] | null): boolean {
  return !wanted || (typeof value === 'string' && wanted.includes(value.toLowerCase()));
}

function overlaps(values: readonly string[] | undefined, wanted: string[] | null): boolean {
  return !wanted || lower(values).some((v) => wanted.includes(v));
}

// A job matches a band when their ranges overlap (as the server does).
function inRange(range: Range | null | undefined, min?: number, max?: number): boolean {
  if (min === undefined && max === undefined) return true;
  const jobMin = range?.min;
  const jobMax = range?.max;
  if (typeof jobMin !== 'number' || typeof jobMax !== 'number') return false;
  return (min === undefined || jobMax >= min) && (max === undefined || jobMin <= max);
}

export function jobMatchesQuery(job: CachedJob, q: JobQueryParams): boolean {
  const words = q.searchText?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
  if (!words.every((word) => job.searchText.includes(word))) return false;
  if (q.jobTitle && !job.jobTitle.toLowerCase().includes(q.jobTitle.toLowerCase())) return false;
  if (q.YOE !== undefined && !inRange(job.experienceRange, q.YOE, q.YOE)) return false;
  if (q.dashboard === 'USER' && job.isExternal) return false;
  if (q.dashboard === 'EXTERNAL' && !job.isExternal) return false;
  return (
    overlaps(job.coreSkills, parts(q.coreSkills)) &&
    overlaps(job.softSkills, parts(q.softSkills)) &&
    overlaps(job.technicalSkills, parts(q.technicalSkills)) &&
    oneOf(job.location?.city, parts(q.location)) &&
    oneOf(job.department, parts(q.department)) &&
    oneOf(job.companyName, parts(q.companyName)) &&
    oneOf(job.industry, parts(q.industry)) &&
    oneOf(job.teamSize, parts(q.teamSize)) &&
    oneOf(job.workMode, parts(q.workMode)) &&
    oneOf(job.typeofEmployment, parts(q.typeofEmployment)) &&
    inRange(job.salaryRange, q.minSalary, q.maxSalary) &&
    inRange(job.experienceRange, q.minExperience, q.maxExperience)
  );
}

/**
 * As GET /company: the name contains the search text and the industry equals `industryName`,
 * both ignoring case; `isVerified=true` keeps verified companies only.
 */
export function companyMatchesQuery(company: CompanyRecord, q: CompanyQueryParams): boolean {
  const text = q.filters?.trim().toLowerCase();
  if (text && !company.name.toLowerCase().includes(text)) return false;
  if (q.isVerified === 'true' && company.isVerified !== true) return false;
  return oneOf(company.industry, q.industryName ? [q.industryName.trim().toLowerCase()] : null);
}

/**
 * The server's job search (server/jobs/search-jobs.ts) re-done over cached rows, so offline
 * listings answer the same filters. It reads the request `buildJobQuery` made (spec §5 rules
 * already applied), so online and offline agree on what a filter means. Search text matches when
 * every word appears in the row's title, skills, company or location (no ranking offline).
 */
import type { JobQueryParams } from '@/domain/filters';
import type { CachedJob, Range } from './types';

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

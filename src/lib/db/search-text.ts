import type { JobRecord } from './types';

/** The text local search matches: title, skills, company, department and location. */
export function jobSearchText(job: JobRecord): string {
  return [
    job.jobTitle,
    job.companyName,
    job.department,
    job.location?.city,
    ...(job.location?.fullLocation ?? []),
    ...(job.coreSkills ?? []),
    ...(job.technicalSkills ?? []),
    ...(job.softSkills ?? []),
  ]
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ')
    .toLowerCase();
}

/**
 * A job row → the spec §3 Job shape the client reads. `applyStatus` defaults to NOT_APPLIED
 * (spec §3); the client learns the real state from the application existence check.
 * A job with `displaySalaryRange: false` has its salary numbers withheld unless the caller may see
 * them (`showHiddenSalary`, salary-visibility.ts): hidden by default, so a new caller of this
 * function cannot leak them by forgetting an option.
 */
import type { jobs } from '../db/schema';

// The tsvector columns are never shown, so list queries need not read them (search-jobs.ts).
type JobRow = Omit<typeof jobs.$inferSelect, 'search' | 'searchHead'>;

export interface CompanyBrief {
  logo: string | null;
  logoUrl: string | null;
}

export interface SerializeOptions {
  /** The caller is the job's own company or an admin: include a hidden salary's numbers. */
  showHiddenSalary?: boolean;
}

export function serializeJob(job: JobRow, company?: CompanyBrief, options: SerializeOptions = {}) {
  const salaryShown = job.displaySalaryRange || options.showHiddenSalary === true;
  return {
    id: job.id,
    jobTitle: job.jobTitle,
    department: job.department,
    coreSkills: job.coreSkills,
    softSkills: job.softSkills,
    technicalSkills: job.technicalSkills,
    companyId: job.companyId,
    companyName: job.companyName,
    ...(company
      ? { companyDetails: { name: job.companyName, logo: company.logo, logoUrl: company.logoUrl } }
      : {}),
    location: { city: job.city, fullLocation: job.fullLocation },
    // The same shape either way, so clients reading `salaryRange.min` keep working.
    salaryRange: salaryShown
      ? { min: job.salaryMin, max: job.salaryMax }
      : { min: null, max: null },
    displaySalaryRange: job.displaySalaryRange,
    experienceRange: { min: job.experienceMin, max: job.experienceMax },
    typeofEmployment: job.typeOfEmployment,
    workMode: job.workMode,
    teamSize: job.teamSize,
    industry: job.industry,
    status: job.status,
    applyStatus: 'NOT_APPLIED' as const,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    jobDescription: job.jobDescription,
    badJob: job.badJob,
    jobUrl: job.jobUrl,
    isExternal: job.isExternal,
    externalJobId: job.externalJobId,
    companyLogoUrl: job.companyLogoUrl,
    jobPostedDate: job.jobPostedDate?.toISOString() ?? null,
  };
}

export type JobDto = ReturnType<typeof serializeJob>;

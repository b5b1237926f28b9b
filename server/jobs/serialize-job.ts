/**
 * A job row → the spec §3 Job shape the client reads. `applyStatus` defaults to NOT_APPLIED
 * (spec §3); the client learns the real state from the application existence check.
 */
import type { jobs } from '../db/schema';

// The tsvector columns are never shown, so list queries need not read them (search-jobs.ts).
type JobRow = Omit<typeof jobs.$inferSelect, 'search' | 'searchHead'>;

export interface CompanyBrief {
  logo: string | null;
  logoUrl: string | null;
}

export function serializeJob(job: JobRow, company?: CompanyBrief) {
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
    salaryRange: { min: job.salaryMin, max: job.salaryMax },
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

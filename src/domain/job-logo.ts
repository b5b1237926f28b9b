/** Where a job's company logo comes from: the company's details, or the job's own copy. */
export interface LogoSource {
  companyDetails?: { logoUrl?: string | null } | null;
  companyLogoUrl?: string | null;
}

/** The logo the listing, the job page and the server's first screen of them show, if any. */
export function jobLogo(job: LogoSource): string | undefined {
  return job.companyDetails?.logoUrl ?? job.companyLogoUrl ?? undefined;
}

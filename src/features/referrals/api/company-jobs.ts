/**
 * The company's open jobs to choose from: the jobs listing call (`GET {jobs}/job/`, spec §7)
 * filtered by company name. Rows go into the job cache, like the listing's, so the match
 * gauge's worker scores them and the list reads offline from the cache.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { buildJobQuery } from '@/domain/filters';
import { api } from '@/lib/api';
import { queryCachedJobs, upsertJobs, type JobRecord } from '@/lib/db';

const JobSchema = z.looseObject({
  id: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  createdAt: z.string(),
});
const JobPageSchema = z.object({ data: z.array(JobSchema) });

/** How many of the company's jobs the page offers (newest first); a link covers the rest. */
export const COMPANY_JOBS_LIMIT = 50;

function companyJobsParams(companyName: string) {
  return buildJobQuery(
    { companyName: [companyName] },
    { lastKey: null, includeCompanyDetails: true },
  );
}

/** Fetches the company's jobs into the cache; the page renders them from the cache. */
export const companyJobsQuery = (companyName: string) =>
  queryOptions({
    queryKey: ['referral-company-jobs', companyName],
    queryFn: async ({ signal }) => {
      const query = { ...companyJobsParams(companyName), pageSize: COMPANY_JOBS_LIMIT };
      const page = await api.get('/job/', { base: 'jobs', schema: JobPageSchema, query, signal });
      await upsertJobs(page.data as JobRecord[]).catch(() => undefined);
      return page.data.length;
    },
    staleTime: 60_000,
  });

/** The company's cached jobs, newest first (what the page lists, online or not). */
export function readCompanyJobs(companyName: string): Promise<JobRecord[]> {
  return queryCachedJobs(companyJobsParams(companyName), COMPANY_JOBS_LIMIT);
}

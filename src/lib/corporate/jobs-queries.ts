/**
 * A company's own jobs as its users read them (issue 20; contract src/domain/contract/
 * corporate-jobs.ts): the list, page by page, and one job for the edit form. Both persist (app/
 * query-client.ts), so a recruiter who opened them once reads them on a train. The list drops
 * the descriptions (up to 50,000 characters each: too much for the persisted cache); the form
 * reads the job's own query, which keeps it, and which the list fills in memory.
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  CorporateJobDetailSchema,
  CorporateJobPageSchema,
  type CorporateJob,
} from '@/domain/contract/corporate-jobs';
import { ApiError, api } from '@/lib/api';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Jobs per page: most companies have fewer, so one page is the usual list. */
const PAGE_SIZE = 50;

export const corporateJobKeys = {
  all: (userId: string) => ['corporateJobs', userId] as const,
  list: (userId: string) => [...corporateJobKeys.all(userId), 'list'] as const,
  details: (userId: string) => [...corporateJobKeys.all(userId), 'detail'] as const,
  detail: (userId: string, jobId: string) => [...corporateJobKeys.details(userId), jobId] as const,
};

/** A job of the list: its description is left out (null). */
export type CorporateJobRow = CorporateJob;

export const corporateJobsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: corporateJobKeys.list(userId),
    queryFn: async ({ client, pageParam, signal }) => {
      const page = await api.get('/corporate/job/', {
        base: 'jobs',
        schema: CorporateJobPageSchema,
        query: { pageSize: PAGE_SIZE, lastKey: pageParam },
        signal,
      });
      // Each job whole, descriptions included, for its edit form: a job of the list can be
      // edited on the train without having been opened before. In memory for the day, not
      // persisted (the descriptions' size, above); a job opened in the form persists as before.
      client.setQueryDefaults(corporateJobKeys.details(userId), { gcTime: DAY_MS });
      for (const job of page.data)
        client.setQueryData(corporateJobKeys.detail(userId, job.id), job);
      return {
        data: page.data.map((job): CorporateJobRow => ({ ...job, jobDescription: null })),
        lastKey: page.pagination.lastKey,
      };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.lastKey ?? undefined,
    // Shown from the cache at once and re-read on every visit: colleagues post, applicants
    // arrive, and the persisted copy may predate this device's own last change.
    staleTime: 0,
    gcTime: DAY_MS,
    meta: { persist: true },
  });

export const corporateJobQuery = (userId: string, jobId: string) =>
  queryOptions({
    queryKey: corporateJobKeys.detail(userId, jobId),
    queryFn: ({ signal }) =>
      api
        .get(`/corporate/job/${encodeURIComponent(jobId)}`, {
          base: 'jobs',
          schema: CorporateJobDetailSchema,
          signal,
        })
        .then((answer) => answer.data),
    staleTime: 30_000,
    gcTime: DAY_MS,
    meta: { persist: true },
    // A 404 is an answer (a new job's id, not yet sent), not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });

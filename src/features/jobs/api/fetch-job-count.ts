import { JobCountSchema, JobLimits, type JobCount } from '@/domain/contract/jobs';
import { buildJobQuery, type DefaultFilters, type JobFilters } from '@/domain/filters';
import { api, ApiError } from '@/lib/api';
import { loadDb } from '@/lib/db/device';

export interface JobCountAnswer extends JobCount {
  /** Counted over the jobs on this device (offline), not the server's. */
  readonly local: boolean;
}

/**
 * How many jobs these filters find (GET {jobs host}/job/count), for the phone filter sheet's
 * "Show N jobs" (issue 26 item 5). Offline it counts the cached jobs with the same query the
 * listing then shows from the cache, so the button never promises jobs the screen cannot show.
 */
export async function fetchJobCount(
  filters: JobFilters,
  defaults: DefaultFilters | null,
  signal?: AbortSignal,
): Promise<JobCountAnswer> {
  const query = buildJobQuery(filters, { defaults });
  try {
    const answer = await api.get('/job/count', {
      base: 'jobs',
      schema: JobCountSchema,
      query: { ...query },
      signal,
    });
    return { ...answer, local: false };
  } catch (error) {
    if (!(error instanceof ApiError && error.network)) throw error;
    const rows = await (await loadDb()).queryCachedJobs(query, JobLimits.countCap + 1);
    return {
      total: Math.min(rows.length, JobLimits.countCap),
      capped: rows.length > JobLimits.countCap,
      local: true,
    };
  }
}

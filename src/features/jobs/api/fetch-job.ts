import { JobDetailSchema, type Job } from '@/domain/contract/jobs';
import { api } from '@/lib/api';
import { upsertJobs } from '@/lib/db';

/** GET {jobs host}/job/{id} (spec §7); the row is cached so the deep link opens offline later. */
export async function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  const { data } = await api.get(`/job/${encodeURIComponent(id)}`, {
    base: 'jobs',
    schema: JobDetailSchema,
    signal,
  });
  await upsertJobs([data]);
  return data;
}

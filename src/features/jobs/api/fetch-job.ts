import { JobDetailSchema, type Job } from '@/domain/contract/jobs';
import { jobDetailPath } from '@/domain/page-data';
import { api } from '@/lib/api';
import { saveToDevice } from '@/lib/db/device';

/**
 * GET {jobs host}/job/{id} (spec §7); the row is saved to the device in the background so the
 * deep link opens offline later.
 */
export async function fetchJob(id: string, signal?: AbortSignal): Promise<Job> {
  const { data } = await api.get(jobDetailPath(id), {
    base: 'jobs',
    schema: JobDetailSchema,
    signal,
  });
  void saveToDevice({ kind: 'jobs', rows: [data] });
  return data;
}

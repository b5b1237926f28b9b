/**
 * spec §4 "Existence check: a 404 means not applied" (2xx: applied), on
 * `GET {jobs}/job-application/{jobid}/{email}` (or the external one). A positive answer is also
 * written to the device's applications, so the button is right offline next time.
 */
import { queryOptions } from '@tanstack/react-query';
import { ApplicationAnswerSchema } from '@/domain/contract/applications';
import { api, ApiError } from '@/lib/api';
import { getDb } from '@/lib/db';

export function applicationExistsQuery(input: {
  userId: string;
  email: string;
  jobId: string;
  external: boolean;
}) {
  const path = input.external ? 'external-job-application' : 'job-application';
  return queryOptions({
    queryKey: ['application-exists', input.userId, input.jobId],
    queryFn: async (): Promise<boolean> => {
      try {
        await api.get(
          `/${path}/${encodeURIComponent(input.jobId)}/${encodeURIComponent(input.email)}`,
          {
            base: 'jobs',
            schema: ApplicationAnswerSchema,
          },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        // Read literally, spec §4 counts any other status as applied; a 401, 5xx or network
        // failure tells us nothing, so those stay "unknown" and Apply still works
        // (docs/decisions.md). The server's own 403 "Already submitted" catches a real repeat.
        throw error;
      }
      await getDb()
        .applications.put({
          userId: input.userId,
          jobId: input.jobId,
          kind: input.external ? 'external' : 'internal',
          state: 'submitted',
          appliedAt: Date.now(),
        })
        .catch(() => undefined);
      return true;
    },
    retry: false,
    staleTime: 60_000,
  });
}

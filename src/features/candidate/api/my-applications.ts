/**
 * The candidate's applications (`GET {jobs}/applications/mine`, docs/api.md; the spec does not
 * show this call). Each answer replaces this user's rows in IndexedDB, which is what the list
 * renders, so it reads offline too.
 */
import { queryOptions } from '@tanstack/react-query';
import { MyApplicationsSchema } from '@/domain/contract/applications';
import { api } from '@/lib/api';
import { replaceApplications } from '@/lib/db';

export const myApplicationsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['my-applications', userId],
    queryFn: async () => {
      const { data } = await api.get('/applications/mine', {
        base: 'jobs',
        schema: MyApplicationsSchema,
      });
      await replaceApplications(
        userId,
        data.map((a) => ({
          userId,
          jobId: a.jobId,
          kind: a.kind,
          state: 'submitted' as const,
          appliedAt: Date.parse(a.appliedAt) || Date.now(),
          companyName: a.companyName,
          jobTitle: a.jobTitle,
          matchingScore: a.matchingScore,
          status: a.status,
        })),
      );
      return data.length;
    },
    staleTime: 30_000,
  });

/**
 * The candidate's applications (`GET {jobs}/applications/mine`, docs/api.md; the spec does not
 * show this call). Each answer replaces this user's rows in IndexedDB, which is what the list
 * renders, so it reads offline too.
 */
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api';
import { replaceApplications } from '@/lib/db';

const ApplicationSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  kind: z.enum(['internal', 'external']),
  jobTitle: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  matchingScore: z.nullable(z.number()),
  status: z.string(),
  appliedAt: z.string(),
});
const ResponseSchema = z.object({ data: z.array(ApplicationSchema) });

export const myApplicationsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['my-applications', userId],
    queryFn: async () => {
      const { data } = await api.get('/applications/mine', {
        base: 'jobs',
        schema: ResponseSchema,
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

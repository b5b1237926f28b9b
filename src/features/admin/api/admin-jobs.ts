/**
 * The admins' jobs console calls (issue 21 item 1; contract src/domain/contract/admin-jobs.ts).
 * Online only, like the company's users screen: each action is a moderator's decision that the
 * server checks and audits before the screen says it happened.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AdminJobAnswerSchema,
  AdminJobPageSchema,
  type AdminJobsQuery,
  type ModerateJobInput,
} from '@/domain/contract/admin-jobs';
import * as z from 'zod/mini';
import { api } from '@/lib/api';

export const adminJobKeys = {
  all: ['admin-jobs'] as const,
  list: (query: AdminJobsQuery) => [...adminJobKeys.all, 'list', query] as const,
};

export const adminJobsQuery = (query: AdminJobsQuery) =>
  queryOptions({
    queryKey: adminJobKeys.list(query),
    queryFn: ({ signal }) =>
      api.get('/admin/job-posts', { schema: AdminJobPageSchema, query: { ...query }, signal }),
    // The page being replaced stays on screen while the next one loads (no flash of empty).
    placeholderData: keepPreviousData,
  });

export function moderateJob(id: string, input: ModerateJobInput) {
  return api
    .post(`/admin/job-posts/${encodeURIComponent(id)}/moderate`, {
      schema: AdminJobAnswerSchema,
      body: input,
    })
    .then((r) => r.data);
}

export function deleteJob(id: string, reason: string) {
  // 204: nothing to read.
  return api.delete(`/admin/job-posts/${encodeURIComponent(id)}`, {
    schema: z.unknown(),
    body: reason ? { reason } : {},
  });
}

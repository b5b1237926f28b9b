/**
 * The audit log, newest first, a page at a time (issue 21 item 5; GET /api/admin/audit).
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import { AuditPageSchema, type AuditQuery } from '@/domain/contract/admin-audit';
import { api } from '@/lib/api';

export type AuditFilters = Omit<AuditQuery, 'before'>;

export const auditQuery = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin-audit', filters] as const,
    queryFn: ({ pageParam, signal }) =>
      api.get('/admin/audit', {
        schema: AuditPageSchema,
        query: { ...filters, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });

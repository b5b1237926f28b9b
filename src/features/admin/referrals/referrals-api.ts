/**
 * Referral oversight calls (issue 21 item 3; contract src/domain/contract/admin-referrals.ts).
 * Online only: a resolution moves credits, so the screen shows it only once the server did.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  OversightDetailSchema,
  OversightListSchema,
  type ResolveInput,
} from '@/domain/contract/admin-referrals';
import { api } from '@/lib/api';

export type OversightFilter = 'attention' | 'disputed' | 'stuck';

export const oversightKeys = {
  all: ['admin-referrals'] as const,
  list: (filter: OversightFilter) => [...oversightKeys.all, 'list', filter] as const,
  detail: (id: string) => [...oversightKeys.all, 'detail', id] as const,
};

export const oversightListQuery = (filter: OversightFilter) =>
  queryOptions({
    queryKey: oversightKeys.list(filter),
    queryFn: ({ signal }) =>
      api
        .get('/admin/referrals', { schema: OversightListSchema, query: { filter }, signal })
        .then((r) => r.data),
  });

const path = (id: string) => `/admin/referrals/${encodeURIComponent(id)}`;

export const oversightDetailQuery = (id: string) =>
  queryOptions({
    queryKey: oversightKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get(path(id), { schema: OversightDetailSchema, signal }).then((r) => r.data),
  });

export const resolveReferral = (id: string, input: ResolveInput) =>
  api
    .post(`${path(id)}/resolve`, { schema: OversightDetailSchema, body: input })
    .then((r) => r.data);

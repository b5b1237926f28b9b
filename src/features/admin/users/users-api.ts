/**
 * The admin console's users and companies calls (issue 21 item 2; contract
 * src/domain/contract/admin-users.ts). Online only, like the jobs console: each change is an
 * admin's decision the server checks and audits before the screen says it happened.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  AdminCompaniesSchema,
  AdminCompanyAnswerSchema,
  AdminUserDetailSchema,
  AdminUsersPageSchema,
  type AdminCreditsInput,
  type AdminUsersQueryInput,
} from '@/domain/contract/admin-users';
import * as z from 'zod/mini';
import { OrderSchema } from '@/domain/contract/payments';
import { api } from '@/lib/api';

export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (query: AdminUsersQueryInput) => [...adminUserKeys.all, 'list', query] as const,
  detail: (id: string) => [...adminUserKeys.all, 'detail', id] as const,
  companies: (q: string) => ['admin-companies', q] as const,
};

export const adminUsersQuery = (query: AdminUsersQueryInput) =>
  queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: ({ signal }) =>
      api.get('/admin/users', { schema: AdminUsersPageSchema, query: { ...query }, signal }),
    // The previous results stay on screen while the next search loads (no flash of empty).
    placeholderData: keepPreviousData,
  });

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const adminUserQuery = (id: string) =>
  queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get(userPath(id), { schema: AdminUserDetailSchema, signal }).then((r) => r.data),
  });

export const setUserStatus = (id: string, active: boolean, reason: string) =>
  api
    .post(`${userPath(id)}/status`, { schema: AdminUserDetailSchema, body: { active, reason } })
    .then((r) => r.data);

export const setUserRoles = (id: string, roles: string[], reason: string) =>
  api
    .put(`${userPath(id)}/roles`, { schema: AdminUserDetailSchema, body: { roles, reason } })
    .then((r) => r.data);

export const changeUserCredits = (id: string, input: AdminCreditsInput) =>
  api
    .post(`${userPath(id)}/credits`, { schema: AdminUserDetailSchema, body: input })
    .then((r) => r.data);

export const adminCompaniesQuery = (q: string) =>
  queryOptions({
    queryKey: adminUserKeys.companies(q),
    queryFn: ({ signal }) =>
      api
        .get('/admin/companies', { schema: AdminCompaniesSchema, query: { q }, signal })
        .then((r) => r.data),
  });

export const setCompanyVerified = (id: string, verified: boolean, reason: string) =>
  api
    .post(`/admin/companies/${encodeURIComponent(id)}/verification`, {
      schema: AdminCompanyAnswerSchema,
      body: { verified, reason },
    })
    .then((r) => r.data);

/** A paid purchase taken back: the ledger refunds its credits (they must still be unspent). */
export const refundPayment = (orderId: string, reason: string) =>
  api.post(`/admin/payments/${encodeURIComponent(orderId)}/refund`, {
    schema: z.object({ data: OrderSchema }),
    body: { note: reason },
  });

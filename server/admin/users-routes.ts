/**
 * The admin console's users and companies API (issue 21 item 2; contract
 * src/domain/contract/admin-users.ts). Site admins only: an evaluator, a corporate admin (who
 * manages their own company's users elsewhere, corporate/users-routes.ts), a candidate and an
 * anonymous caller are refused before anything is read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  AdminCreditsBody,
  AdminRolesBody,
  AdminStatusBody,
  AdminUserDetailSchema,
  AdminUserErrors,
  AdminUserIdParams,
  AdminUsersPageSchema,
  AdminUsersQuery,
} from '../../src/domain/contract/admin-users';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import {
  changeCredits,
  searchUsers,
  setUserRoles,
  setUserStatus,
  userDetail,
} from './users-service';
import { requireSiteAdmin } from './require-admin';

const U = `${API_PREFIX}/admin/users`;
const adminsOnly = { description: AdminUserErrors.adminsOnly };
const detail = { description: '`{ data: { user, credits, ledger, payments, … } }`' };

export const adminUsersRoute = defineRoute({
  method: 'GET',
  url: U,
  summary: 'Search users by name, email, role or status (site admins)',
  auth: true,
  query: AdminUsersQuery,
  responses: {
    200: { description: '`{ data, next }`', schema: AdminUsersPageSchema },
    403: adminsOnly,
  },
});

export const adminUserRoute = defineRoute({
  method: 'GET',
  url: `${U}/:id`,
  summary: 'One user: roles, status, credits and ledger, payments, referral requests (site admins)',
  auth: true,
  params: AdminUserIdParams,
  responses: {
    200: { ...detail, schema: AdminUserDetailSchema },
    403: adminsOnly,
    404: { description: AdminUserErrors.userNotFound },
  },
});

export const adminUserStatusRoute = defineRoute({
  method: 'POST',
  url: `${U}/:id/status`,
  summary: 'Deactivate or reactivate a user, with a reason (site admins; audited)',
  auth: true,
  params: AdminUserIdParams,
  body: AdminStatusBody,
  responses: {
    200: { ...detail, schema: AdminUserDetailSchema },
    403: { description: `${AdminUserErrors.adminsOnly} / ${AdminUserErrors.notYourself}` },
    404: { description: AdminUserErrors.userNotFound },
  },
});

export const adminUserRolesRoute = defineRoute({
  method: 'PUT',
  url: `${U}/:id/roles`,
  summary: "Set a user's roles through the identity pool's groups (site admins; audited)",
  auth: true,
  params: AdminUserIdParams,
  body: AdminRolesBody,
  responses: {
    200: { ...detail, schema: AdminUserDetailSchema },
    403: { description: `${AdminUserErrors.adminsOnly} / ${AdminUserErrors.notYourself}` },
    404: { description: AdminUserErrors.userNotFound },
    409: { description: AdminUserErrors.noIdentity },
    503: { description: AdminUserErrors.identityUnavailable },
  },
});

export const adminUserCreditsRoute = defineRoute({
  method: 'POST',
  url: `${U}/:id/credits`,
  summary: 'Grant or revoke referral credits with a reason, once per Idempotency-Key (audited)',
  auth: true,
  params: AdminUserIdParams,
  body: AdminCreditsBody,
  responses: {
    200: { ...detail, schema: AdminUserDetailSchema },
    403: adminsOnly,
    404: { description: AdminUserErrors.userNotFound },
    409: { description: 'A revoke below zero' },
  },
});

export const ADMIN_USER_ROUTES = [
  adminUsersRoute,
  adminUserRoute,
  adminUserStatusRoute,
  adminUserRolesRoute,
  adminUserCreditsRoute,
];

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

export function registerAdminUserRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const write = { config: { rateLimit: WRITE_RATE_LIMIT } };
  const idOf = (request: FastifyRequest) =>
    parseOrThrow(AdminUserIdParams, request.params, 'user id').id;

  registerRoute(app, adminUsersRoute, async (request) => {
    await requireSiteAdmin(db, request);
    return searchUsers(db, parseOrThrow(AdminUsersQuery, request.query, 'query'));
  });

  registerRoute(app, adminUserRoute, async (request) => {
    const actor = await requireSiteAdmin(db, request);
    return { data: await userDetail(db, idOf(request), actor) };
  });

  registerRoute(
    app,
    adminUserStatusRoute,
    async (request) => {
      const actor = await requireSiteAdmin(db, request);
      const id = idOf(request);
      const body = parseOrThrow(AdminStatusBody, request.body ?? {}, 'status');
      await setUserStatus(db, { id, ...body, actor, now: new Date() });
      return { data: await userDetail(db, id, actor) };
    },
    write,
  );

  registerRoute(
    app,
    adminUserRolesRoute,
    async (request) => {
      const actor = await requireSiteAdmin(db, request);
      const id = idOf(request);
      const body = parseOrThrow(AdminRolesBody, request.body ?? {}, 'roles');
      await setUserRoles(db, app.identityGroups, { id, ...body, actor, now: new Date() });
      return { data: await userDetail(db, id, actor) };
    },
    write,
  );

  registerRoute(
    app,
    adminUserCreditsRoute,
    async (request) => {
      const actor = await requireSiteAdmin(db, request);
      const id = idOf(request);
      const body = parseOrThrow(AdminCreditsBody, request.body ?? {}, 'credits');
      // The Idempotency-Key is also the ledger's key: a retried grant moves credits once even
      // after the stored answer is forgotten.
      const raw = request.headers['idempotency-key'];
      const header = Array.isArray(raw) ? raw[0] : raw;
      const key = header && KEY_PATTERN.test(header) ? `${actor.sub}:${header}` : randomUUID();
      await changeCredits(db, { id, body, key, actor });
      return { data: await userDetail(db, id, actor) };
    },
    write,
  );
}

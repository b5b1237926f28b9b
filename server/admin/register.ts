/**
 * The admin and evaluator consoles' server side (issue 21). Each area registers its routes here
 * and lists its descriptors in ADMIN_ROUTES for the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { ApiRoute } from '../http/api-route';
import { auditLogRoute, registerAuditRoutes } from './audit-routes';
import { ADMIN_COMPANY_ROUTES, registerAdminCompanyRoutes } from './companies-routes';
import { ADMIN_REFERRAL_ROUTES, registerAdminReferralRoutes } from './referrals-routes';
import { ADMIN_USER_ROUTES, registerAdminUserRoutes } from './users-routes';

export const ADMIN_ROUTES: readonly ApiRoute[] = [
  auditLogRoute,
  ...ADMIN_USER_ROUTES,
  ...ADMIN_COMPANY_ROUTES,
  ...ADMIN_REFERRAL_ROUTES,
];

export interface AdminOptions {
  readonly db: Database;
}

export function registerAdminRoutes(app: FastifyInstance, options: AdminOptions) {
  registerAuditRoutes(app, options);
  registerAdminUserRoutes(app, options);
  registerAdminCompanyRoutes(app, options);
  registerAdminReferralRoutes(app, options);
}

/**
 * The admin and evaluator consoles' server side (issue 21). Each area registers its routes here
 * and lists its descriptors in ADMIN_ROUTES for the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { ApiRoute } from '../http/api-route';
import { EVALUATOR_ROUTES, registerEvaluatorRoutes } from '../evaluator/routes';
import { auditLogRoute, registerAuditRoutes } from './audit-routes';
import { ADMIN_JOB_ROUTES, registerAdminJobRoutes } from './jobs-routes';
import { registerReportRoutes, reportJobRoute } from './reports-routes';
import { ADMIN_COMPANY_ROUTES, registerAdminCompanyRoutes } from './companies-routes';
import { ADMIN_REFERRAL_ROUTES, registerAdminReferralRoutes } from './referrals-routes';
import { ADMIN_USER_ROUTES, registerAdminUserRoutes } from './users-routes';

export const ADMIN_ROUTES: readonly ApiRoute[] = [
  auditLogRoute,
  ...EVALUATOR_ROUTES,
  ...ADMIN_USER_ROUTES,
  ...ADMIN_COMPANY_ROUTES,
  ...ADMIN_REFERRAL_ROUTES,
  ...ADMIN_JOB_ROUTES,
  reportJobRoute,
];

export interface AdminOptions {
  readonly db: Database;
  /** For the evaluator's CV links (storage and signing secret). */
  readonly config?: ServerConfig;
}

export function registerAdminRoutes(app: FastifyInstance, options: AdminOptions) {
  registerAuditRoutes(app, options);
  registerAdminUserRoutes(app, options);
  registerAdminCompanyRoutes(app, options);
  registerAdminReferralRoutes(app, options);
  registerEvaluatorRoutes(app, options);
  registerAdminJobRoutes(app, options);
  registerReportRoutes(app, options);
}

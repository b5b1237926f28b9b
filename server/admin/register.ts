/**
 * The admin and evaluator consoles' server side (issue 21). Each area registers its routes here
 * and lists its descriptors in ADMIN_ROUTES for the OpenAPI document.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import type { ApiRoute } from '../http/api-route';
import { auditLogRoute, registerAuditRoutes } from './audit-routes';

export const ADMIN_ROUTES: readonly ApiRoute[] = [auditLogRoute];

export interface AdminOptions {
  readonly db: Database;
}

export function registerAdminRoutes(app: FastifyInstance, options: AdminOptions) {
  registerAuditRoutes(app, options);
}

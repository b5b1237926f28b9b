/**
 * GET /api/admin/audit (issue 21 item 5): the audit log, for site admins only (not evaluators:
 * it names payments and users they have no business reading).
 */
import type { FastifyInstance } from 'fastify';
import {
  AuditErrors,
  AuditPageSchema,
  AuditQuerySchema,
} from '../../src/domain/contract/admin-audit';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { parseOrThrow } from '../http/validation';
import { listAudit } from './audit';
import { requireAdmin } from './require-admin';

export const auditLogRoute = defineRoute({
  method: 'GET',
  url: '/api/admin/audit',
  summary: 'The audit log of admin and evaluator actions, newest first (site admins)',
  auth: true,
  query: AuditQuerySchema,
  responses: {
    200: { description: '`{ data: AuditEntry[], next }`', schema: AuditPageSchema },
    403: { description: AuditErrors.adminsOnly },
  },
});

export function registerAuditRoutes(app: FastifyInstance, options: { db: Database }) {
  registerRoute(app, auditLogRoute, async (request) => {
    requireAdmin(request, AuditErrors.adminsOnly);
    const query = parseOrThrow(auditLogRoute.query, request.query, 'query');
    return listAudit(options.db, query);
  });
}

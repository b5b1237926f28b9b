/**
 * Company verification (issue 21 item 2): site admins find a company and set its verified mark,
 * the one the company listing shows and filters on (spec §7 GET /company `isVerified`). Audited.
 */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  AdminCompaniesQuery,
  AdminCompaniesSchema,
  AdminCompanyAnswerSchema,
  AdminCompanyIdParams,
  AdminUserErrors,
  AdminVerificationBody,
  type AdminCompany,
} from '../../src/domain/contract/admin-users';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { recordAudit } from './audit';
import { requireSiteAdmin } from './require-admin';

const C = `${API_PREFIX}/admin/companies`;

export const adminCompaniesRoute = defineRoute({
  method: 'GET',
  url: C,
  summary: 'Search companies with their verified mark (site admins)',
  auth: true,
  query: AdminCompaniesQuery,
  responses: {
    200: { description: '`{ data: companies }` (30 at most)', schema: AdminCompaniesSchema },
    403: { description: AdminUserErrors.adminsOnly },
  },
});

export const adminCompanyVerificationRoute = defineRoute({
  method: 'POST',
  url: `${C}/:id/verification`,
  summary: 'Verify or unverify a company, with a reason (site admins; audited)',
  auth: true,
  params: AdminCompanyIdParams,
  body: AdminVerificationBody,
  responses: {
    200: { description: '`{ data: company }`', schema: AdminCompanyAnswerSchema },
    403: { description: AdminUserErrors.adminsOnly },
    404: { description: AdminUserErrors.companyNotFound },
  },
});

export const ADMIN_COMPANY_ROUTES = [adminCompaniesRoute, adminCompanyVerificationRoute];

const jobCount = sql<number>`(select count(*)::int from jobs j where j.company_id = ${companies.id})`;
const columns = {
  id: companies.id,
  name: companies.name,
  industry: companies.industry,
  isVerified: companies.isVerified,
  jobs: jobCount,
};

const view = (row: AdminCompany): AdminCompany => ({ ...row, jobs: Number(row.jobs) });

export function registerAdminCompanyRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerRoute(app, adminCompaniesRoute, async (request) => {
    await requireSiteAdmin(db, request);
    const { q } = parseOrThrow(AdminCompaniesQuery, request.query, 'query');
    const text = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const rows = await db
      .select(columns)
      .from(companies)
      .where(text ? ilike(companies.name, text) : undefined)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(30);
    return { data: rows.map(view) };
  });

  registerRoute(
    app,
    adminCompanyVerificationRoute,
    async (request) => {
      const actor = await requireSiteAdmin(db, request);
      const { id } = parseOrThrow(AdminCompanyIdParams, request.params, 'company id');
      const body = parseOrThrow(AdminVerificationBody, request.body ?? {}, 'verification');
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ isVerified: companies.isVerified })
          .from(companies)
          .where(eq(companies.id, id))
          .for('update');
        if (!before) throw new HttpError(404, AdminUserErrors.companyNotFound);
        if (before.isVerified !== body.verified) {
          await tx
            .update(companies)
            .set({ isVerified: body.verified })
            .where(and(eq(companies.id, id)));
          await recordAudit(tx, {
            actorId: actor.sub,
            actorRole: 'admin',
            action: body.verified ? 'company.verify' : 'company.unverify',
            subjectType: 'company',
            subjectId: id,
            before: { verified: before.isVerified },
            after: { verified: body.verified },
            reason: body.reason,
          });
        }
        const [after] = await tx.select(columns).from(companies).where(eq(companies.id, id));
        return after!;
      });
      return { data: view(row) };
    },
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );
}

/**
 * Product API company calls (spec §7): the company listing (referral mode of the listing screen)
 * and one company by id, plus generated SVG logos for the seeded companies.
 */
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  CompanyErrors,
  CompanyIdParams,
  CompanyListQuerySchema,
  CompanyListSchema,
  CompanyLogoParams,
  CompanyPageSchema,
  TopCompaniesQuerySchema,
  TopCompaniesSchema,
} from '../../src/domain/contract/companies';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { parseOrThrow, sendError } from '../http/validation';
import { companyLogoSvg } from './company-logo';

/** The listing's keyset cursor: the last row's name and id (the server's own). */
const CursorSchema = z.object({ n: z.string().max(200), i: z.string().min(1).max(200) });

export const companyListRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/company`,
  // `filters`: free text matched against the company name.
  summary: 'Companies (name order); `filters` matches the name',
  query: CompanyListQuerySchema,
  responses: {
    200: {
      description: '`{ data: Company[], pagination: { lastKey } }`',
      schema: CompanyPageSchema,
    },
  },
});

export const companyRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/company/:companyId`,
  summary: 'One company, as a list',
  params: CompanyIdParams,
  responses: {
    200: { description: '`[Company]`', schema: CompanyListSchema },
    404: { description: CompanyErrors.notFound },
  },
});

export const companyLogoRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/company-logo/:file`,
  summary: "A seeded company's generated logo (SVG)",
  params: CompanyLogoParams,
  responses: {
    200: { description: 'image/svg+xml' },
    404: { description: CompanyErrors.logoNotFound },
  },
});

export const topCompaniesRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/companies/top`,
  summary: 'The companies with the most published jobs (the home page)',
  query: TopCompaniesQuerySchema,
  responses: {
    200: {
      description: '`{ data: { SK, name, logoUrl, industry, openJobs }[] }`',
      schema: TopCompaniesSchema,
    },
  },
});

export const COMPANY_ROUTES = [companyListRoute, companyRoute, companyLogoRoute, topCompaniesRoute];

type CompanyRow = typeof companies.$inferSelect;

/** spec §3 Company: name, SK (key), logo, logoUrl, linkedIn, industry. */
export function serializeCompany(company: CompanyRow) {
  return {
    SK: company.id,
    id: company.id,
    name: company.name,
    logo: company.logo,
    logoUrl: company.logoUrl,
    linkedIn: company.linkedIn,
    careerUrl: company.careerUrl,
    industry: company.industry,
    teamSize: company.teamSize,
    isVerified: company.isVerified,
  };
}

/** The companies with the most published jobs, most first: `/companies/top` and the home page. */
export async function findTopCompanies(db: Database, limit: number) {
  const openJobs = sql<number>`count(${jobs.id})::int`;
  const rows = await db
    .select({
      SK: companies.id,
      name: companies.name,
      logoUrl: companies.logoUrl,
      industry: companies.industry,
      openJobs,
    })
    .from(companies)
    .innerJoin(
      jobs,
      and(eq(jobs.companyId, companies.id), eq(jobs.status, 'PUBLISHED'), eq(jobs.badJob, false)),
    )
    .groupBy(companies.id)
    .orderBy(sql`count(${jobs.id}) desc`, asc(companies.name))
    .limit(limit);
  return rows.map((row) => ({ ...row, openJobs: Number(row.openJobs) }));
}

export function registerCompanyRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerRoute(app, companyListRoute, async (request) => {
    const query = parseOrThrow(companyListRoute.query, request.query, 'query');
    const cursor = decodeCursor(CursorSchema, query.lastKey);
    const where: SQL[] = [];
    if (query.filters)
      where.push(sql`${companies.name} ILIKE ${`%${query.filters.replace(/[\\%_]/g, '\\$&')}%`}`);
    if (query.isVerified) where.push(eq(companies.isVerified, query.isVerified === 'true'));
    if (query.industryName)
      where.push(sql`lower(${companies.industry}) = lower(${query.industryName})`);
    if (cursor) {
      where.push(
        or(
          gt(companies.name, cursor.n),
          and(eq(companies.name, cursor.n), gt(companies.id, cursor.i)),
        )!,
      );
    }
    const rows = await db
      .select()
      .from(companies)
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(query.pageSize + 1);
    const page = rows.slice(0, query.pageSize);
    const last = page[page.length - 1];
    return {
      data: page.map(serializeCompany),
      pagination: {
        lastKey:
          rows.length > query.pageSize && last ? encodeCursor({ n: last.name, i: last.id }) : null,
      },
    };
  });

  // spec §7: "Returns a list; the first item is used."
  registerRoute(app, companyRoute, async (request, reply) => {
    const { companyId } = parseOrThrow(companyRoute.params, request.params, 'company id');
    const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    if (rows.length === 0) return sendError(reply, 404, CompanyErrors.notFound);
    return rows.map(serializeCompany);
  });

  // Issue 26 item 10: the home page's "Top companies hiring", by published (listed) jobs.
  registerRoute(app, topCompaniesRoute, async (request) => {
    const { limit } = parseOrThrow(topCompaniesRoute.query, request.query, 'query');
    return { data: await findTopCompanies(db, limit) };
  });

  registerRoute(app, companyLogoRoute, async (request, reply) => {
    const { file } = parseOrThrow(companyLogoRoute.params, request.params, 'logo');
    const [company] = await db
      .select()
      .from(companies)
      .where(eq(companies.id, file.replace(/\.svg$/, '')))
      .limit(1);
    if (!company) return sendError(reply, 404, CompanyErrors.logoNotFound);
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(companyLogoSvg(company.name, company.id));
  });
}

/**
 * Product API company calls (spec §7): the company listing (referral mode of the listing screen)
 * and one company by id, plus generated SVG logos for the seeded companies.
 */
import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import { companies } from '../db/schema';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { parseOrThrow, sendError } from '../http/validation';
import { companyLogoSvg } from './company-logo';

export const CompanyListQuerySchema = z.object({
  // `filters`: free text matched against the company name.
  filters: z.string().trim().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(12),
  lastKey: z.string().max(500).optional(),
  isVerified: z.enum(['true', 'false']).optional(),
  industryName: z.string().trim().max(100).optional(),
});
const CursorSchema = z.object({ n: z.string().max(200), i: z.string().min(1).max(200) });
const IdParams = z.object({ companyId: z.string().min(1).max(200) });
const LogoParams = z.object({ file: z.string().regex(/^[a-z0-9-]+\.svg$/) });

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

export function registerCompanyRoutes(
  app: FastifyInstance,
  { db, prefix }: { db: Database; prefix: string },
) {
  app.get(`${prefix}/company`, async (request) => {
    const query = parseOrThrow(CompanyListQuerySchema, request.query, 'query');
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
  app.get(`${prefix}/company/:companyId`, async (request, reply) => {
    const { companyId } = parseOrThrow(IdParams, request.params, 'company id');
    const rows = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
    if (rows.length === 0) return sendError(reply, 404, 'Company not found');
    return rows.map(serializeCompany);
  });

  app.get(`${prefix}/company-logo/:file`, async (request, reply) => {
    const { file } = parseOrThrow(LogoParams, request.params, 'logo');
    const [company] = await db
      .select()
      .from(companies)
      .where(eq(companies.id, file.replace(/\.svg$/, '')))
      .limit(1);
    if (!company) return sendError(reply, 404, 'Logo not found');
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(companyLogoSvg(company.name, company.id));
  });
}

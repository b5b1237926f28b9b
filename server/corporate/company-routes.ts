/**
 * The caller's company profile (issue 20 item 3; contract src/domain/contract/corporate-company
 * .ts): every user of the company reads it; only its admins change it (spec §6 manage_users). A
 * user of no company gets 403. The email domains are the ones a referee's work email must use
 * (issue 17), so public mail domains are refused. An uploaded logo arrives as `logoFile`
 * (logo-routes.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  CompanyProfileAnswerSchema,
  CompanyProfileErrors,
  CompanyProfilePatch,
} from '../../src/domain/contract/corporate-company';
import { isFreeMailDomain } from '../../src/domain/contract/referees';
import { can } from '../auth/permissions';
import { companies } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { requireCompanyMember, type CompanyMember } from '../jobs/company-access';
import { LOGO_ROUTES, takeLogoFile } from './logo-routes';
import type { CorporateRouteOptions } from './options';

export const companyProfileRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/corporate/company`,
  summary: "The caller's company profile",
  auth: true,
  responses: {
    200: { description: '`{ data: CompanyProfile }`', schema: CompanyProfileAnswerSchema },
    403: { description: CompanyProfileErrors.notMember },
  },
});

export const patchCompanyProfileRoute = defineRoute({
  method: 'PATCH',
  url: `${API_PREFIX}/corporate/company`,
  summary: "Change the caller's company profile (corporate admins)",
  auth: true,
  body: CompanyProfilePatch,
  responses: {
    200: { description: '`{ data: CompanyProfile }`', schema: CompanyProfileAnswerSchema },
    403: { description: CompanyProfileErrors.adminsOnly },
  },
});

export const COMPANY_PROFILE_ROUTES = [
  companyProfileRoute,
  patchCompanyProfileRoute,
  ...LOGO_ROUTES,
];

function view(member: CompanyMember, company: typeof companies.$inferSelect) {
  return {
    id: company.id,
    name: company.name,
    industry: company.industry,
    logoUrl: company.logoUrl,
    linkedIn: company.linkedIn,
    careerUrl: company.careerUrl,
    emailDomains: company.emailDomains,
    editable: can(member.principal, 'manage_users'),
  };
}

function isLinkedIn(url: string): boolean {
  try {
    const host = new URL(url).hostname.toLowerCase();
    return host === 'linkedin.com' || host.endsWith('.linkedin.com');
  } catch {
    return false;
  }
}

export function registerCompanyProfileRoutes(
  app: FastifyInstance,
  { db, store }: CorporateRouteOptions,
) {
  registerRoute(app, companyProfileRoute, async (request) => {
    const member = await requireCompanyMember(db, request, 'view_jobs');
    return { data: view(member, member.company) };
  });

  registerRoute(
    app,
    patchCompanyProfileRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'manage_users');
      const patch = parseOrThrow(patchCompanyProfileRoute.body, request.body, 'company');
      if (patch.linkedIn && !isLinkedIn(patch.linkedIn)) {
        throw new HttpError(400, CompanyProfileErrors.linkedInHost);
      }
      if (patch.emailDomains?.some(isFreeMailDomain)) {
        throw new HttpError(400, CompanyProfileErrors.freeMailDomain);
      }
      // An uploaded logo (logo-routes.ts) wins over a typed address in the same patch.
      const uploadedLogoUrl =
        patch.logoFile !== undefined
          ? await takeLogoFile(db, store, member.company.id, patch.logoFile)
          : undefined;
      const changes = {
        ...(patch.industry !== undefined ? { industry: patch.industry } : {}),
        ...(patch.linkedIn !== undefined ? { linkedIn: patch.linkedIn } : {}),
        ...(patch.careerUrl !== undefined ? { careerUrl: patch.careerUrl } : {}),
        ...(patch.logoUrl !== undefined ? { logoUrl: patch.logoUrl } : {}),
        ...(uploadedLogoUrl !== undefined ? { logoUrl: uploadedLogoUrl } : {}),
        ...(patch.emailDomains !== undefined
          ? { emailDomains: [...new Set(patch.emailDomains)] }
          : {}),
      };
      if (Object.keys(changes).length === 0) return { data: view(member, member.company) };
      const [updated] = await db
        .update(companies)
        .set(changes)
        .where(eq(companies.id, member.company.id))
        .returning();
      if (!updated) throw new Error('update returned no row');
      return { data: view(member, updated) };
    },
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );
}

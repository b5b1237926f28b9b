/**
 * The referral oversight API (issue 21 item 3; contract src/domain/contract/admin-referrals.ts):
 * disputed and stuck requests with their timelines, and their resolution. Site admins only.
 */
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  OversightDetailSchema,
  OversightErrors,
  OversightListSchema,
  OversightQuery,
  ResolveBody,
} from '../../src/domain/contract/admin-referrals';
import { ReferralIdParams } from '../../src/domain/contract/referrals';
import type { Database } from '../db/client';
import { defineRoute, registerRoute } from '../http/api-route';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { listOversight, oversightDetail, resolveReferral } from './referrals-service';
import { requireSiteAdmin } from './require-admin';

const R = `${API_PREFIX}/admin/referrals`;
const adminsOnly = { description: OversightErrors.adminsOnly };

export const oversightListRoute = defineRoute({
  method: 'GET',
  url: R,
  summary: 'Disputed and stuck referral requests, oldest first (site admins)',
  auth: true,
  query: OversightQuery,
  responses: {
    200: { description: '`{ data: items }`', schema: OversightListSchema },
    403: adminsOnly,
  },
});

export const oversightDetailRoute = defineRoute({
  method: 'GET',
  url: `${R}/:id`,
  summary: 'One request with its whole timeline and credit movements (site admins)',
  auth: true,
  params: ReferralIdParams,
  responses: {
    200: {
      description: '`{ data: { request, timeline, ledger } }`',
      schema: OversightDetailSchema,
    },
    403: adminsOnly,
    404: { description: OversightErrors.notFound },
  },
});

export const resolveReferralRoute = defineRoute({
  method: 'POST',
  url: `${R}/:id/resolve`,
  summary:
    'Give the credit back to the candidate (release) or count the referral as made (consume), with a reason (audited)',
  auth: true,
  params: ReferralIdParams,
  body: ResolveBody,
  responses: {
    200: { description: 'The request after it', schema: OversightDetailSchema },
    403: adminsOnly,
    404: { description: OversightErrors.notFound },
    409: {
      description: `${OversightErrors.nothingToResolve} / ${OversightErrors.alreadyReleased}`,
    },
  },
});

export const ADMIN_REFERRAL_ROUTES = [
  oversightListRoute,
  oversightDetailRoute,
  resolveReferralRoute,
];

export function registerAdminReferralRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const refuse = OversightErrors.adminsOnly;
  registerRoute(app, oversightListRoute, async (request) => {
    await requireSiteAdmin(db, request, refuse);
    const { filter } = parseOrThrow(OversightQuery, request.query, 'query');
    return { data: await listOversight(db, filter ?? 'attention', new Date()) };
  });

  registerRoute(app, oversightDetailRoute, async (request) => {
    await requireSiteAdmin(db, request, refuse);
    const { id } = parseOrThrow(ReferralIdParams, request.params, 'referral id');
    return { data: await oversightDetail(db, id, new Date()) };
  });

  registerRoute(
    app,
    resolveReferralRoute,
    async (request) => {
      const actor = await requireSiteAdmin(db, request, refuse);
      const { id } = parseOrThrow(ReferralIdParams, request.params, 'referral id');
      const body = parseOrThrow(ResolveBody, request.body ?? {}, 'resolution');
      const now = new Date();
      await resolveReferral(db, { id, ...body, actor, now });
      return { data: await oversightDetail(db, id, now) };
    },
    { config: { rateLimit: WRITE_RATE_LIMIT } },
  );
}

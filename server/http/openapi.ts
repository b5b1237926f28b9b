/**
 * GET /api/docs: an OpenAPI 3.1 description of the product and jobs APIs (spec §7), generated
 * from the route modules' descriptors (http/api-route.ts): each route's method, path, summary,
 * auth and the contract's schemas (src/domain/contract) it validates with and answers in, through
 * zod's JSON Schema output. No path is written here: a route is described where it is
 * registered, and tests/server/openapi.test.ts checks every registered API route is described.
 *
 * The document describes the whole API whatever this server runs with (a server without a
 * database still documents the routes it would serve with one), so the list of route modules is
 * here rather than taken from what Fastify registered.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_ROUTES } from '../admin/register';
import { APPLICATION_ROUTES } from '../applications/routes';
import { applicationStatusRoute } from '../applications/status-route';
import { COMPANY_ROUTES } from '../companies/routes';
import { COMPANY_PROFILE_ROUTES } from '../corporate/company-routes';
import { PIPELINE_ROUTES } from '../corporate/pipeline-routes';
import { CORPORATE_USER_ROUTES } from '../corporate/users-routes';
import { contactRequestRoute } from '../contact/routes';
import { cvLinkRoute } from '../cv/download-route';
import { patchCvRoute } from '../cv/routes';
import { signedUploadRoute } from '../files/routes';
import { jobFacetsRoute } from '../jobs/facets';
import { GUIDANCE_ROUTES } from '../guidance/api-routes';
import { JOB_MANAGEMENT_ROUTES } from '../jobs/manage-routes';
import { JOB_ROUTES } from '../jobs/routes';
import { PAYMENT_ROUTES } from '../payments/routes';
import { PUSH_ROUTES } from '../push/routes';
import { REFEREE_ROUTES } from '../referees/routes';
import { REFERRAL_ROUTES } from '../referrals/api-routes';
import { PROOF_ROUTES } from '../referrals/proof';
import { jobQueueReportRoute } from '../queue/register';
import { SAVED_JOB_ROUTES } from '../saved-jobs/routes';
import { USER_ROUTES } from '../users/routes';
import type { ApiRoute } from './api-route';
import { healthRoute } from './health';

/** Every documented route module's descriptors, area by area. */
export const DOCUMENTED_ROUTES: readonly ApiRoute[] = [
  healthRoute,
  ...JOB_ROUTES,
  jobFacetsRoute,
  ...JOB_MANAGEMENT_ROUTES,
  ...APPLICATION_ROUTES,
  applicationStatusRoute,
  ...COMPANY_ROUTES,
  ...USER_ROUTES,
  signedUploadRoute,
  patchCvRoute,
  cvLinkRoute,
  ...SAVED_JOB_ROUTES,
  ...PUSH_ROUTES,
  ...PAYMENT_ROUTES,
  ...GUIDANCE_ROUTES,
  contactRequestRoute,
  // Referral requests, referee actions and credits (issue 16).
  ...REFERRAL_ROUTES,
  ...PROOF_ROUTES,
  // Background jobs for site admins (issue 25).
  jobQueueReportRoute,
  ...ADMIN_ROUTES,
  // Becoming a referee, the referee's profile and record, the CV link (issue 17).
  ...REFEREE_ROUTES,
  // The applicant pipeline, company profile and company users (issue 20).
  ...PIPELINE_ROUTES,
  ...COMPANY_PROFILE_ROUTES,
  ...CORPORATE_USER_ROUTES,
];

type Schema = z.core.$ZodType;

const json = (schema: Schema, io: 'input' | 'output' = 'input') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as {
    properties?: Record<string, object>;
    required?: string[];
  };

function queryParameters(schema: Schema) {
  const body = json(schema);
  return Object.entries(body.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: body.required?.includes(name) ?? false,
    schema: property,
  }));
}

function pathParameters(route: ApiRoute) {
  const properties = route.params ? (json(route.params).properties ?? {}) : {};
  return [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name = '']) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
}

/** `/jobs-api/job/:id` → `/jobs-api/job/{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operation(route: ApiRoute) {
  const takesInput = Boolean(route.params ?? route.query ?? route.body);
  const responses: Record<string, object> = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    responses[status] = {
      description: answer.description,
      ...(answer.schema
        ? { content: { 'application/json': { schema: json(answer.schema, 'output') } } }
        : {}),
    };
  }
  if (takesInput) {
    responses['400'] ??= { description: 'Invalid input: `{ errorMsg }` names the field' };
  }
  if (route.auth) {
    responses['401'] ??= {
      description: 'Missing, expired or invalid bearer token: `{ errorMsg }`',
    };
  }
  const parameters = [
    ...pathParameters(route),
    ...(route.query ? queryParameters(route.query) : []),
  ];
  return {
    summary: route.summary,
    ...(route.auth ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: route.bodyRequired ?? true,
            content: { 'application/json': { schema: json(route.body) } },
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(version: string, routes: readonly ApiRoute[] = DOCUMENTED_ROUTES) {
  const paths: Record<string, Record<string, object>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ReferralHub API',
      version,
      description:
        'Product API under /api and jobs API under /jobs-api (spec §7). Errors are `{ errorMsg }`. POST and PATCH accept an Idempotency-Key header: a repeat replays the first response for 24 h.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}

export function registerOpenApi(app: FastifyInstance, { version }: { version: string }) {
  // Built on the first request, not at start: a server that is never asked pays nothing.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/docs', () => (document ??= openApiDocument(version)));
}

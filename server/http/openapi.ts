/**
 * GET /api/docs: an OpenAPI 3.1 description of the product and jobs APIs (spec §7), generated
 * from the same zod schemas the routes validate with (zod's JSON Schema output), so the
 * document cannot drift from what the server accepts. Response shapes are described in prose.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApplicationBody, ExternalApplicationBody } from '../applications/routes';
import { ApplicationStatusBody } from '../applications/status-route';
import { CompanyListQuerySchema } from '../companies/routes';
import { FacetsQuerySchema } from '../jobs/facets';
import { JobChangesBody, NewJobBody } from '../jobs/job-fields';
import { JobSearchQuerySchema } from '../jobs/job-query';
import { MatchQuery } from '../jobs/routes';
import { PushSubscriptionBody, PushUnsubscribeBody } from '../push/routes';
import { SaveJobBody } from '../saved-jobs/routes';
import { NewProfileBody, ProfileChangesBody } from '../users/profile-fields';

type Schema = z.ZodType;

const json = (schema: Schema) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function queryParameters(schema: Schema) {
  const body = json(schema) as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(body.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: body.required?.includes(name) ?? false,
    schema: property,
  }));
}

const pathParam = (name: string) => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string' },
});
const errors = {
  '400': { description: 'Invalid input: `{ errorMsg }` names the field' },
  '401': { description: 'Missing, expired or invalid bearer token: `{ errorMsg }`' },
};
const bearer = [{ bearer: [] }];

/** POST …/{kind}/ and its existence check GET …/{kind}/{jobid}/{email} (spec §7), and any other
 * operation on that second path (the company's status change). */
function applicationPaths(
  kind: string,
  body: Schema,
  summary: string,
  onApplication: Record<string, object> = {},
) {
  return {
    [`/jobs-api/${kind}/`]: {
      post: {
        summary: `${summary}; a repeat is 403 "Already submitted"`,
        security: bearer,
        requestBody: { required: true, content: { 'application/json': { schema: json(body) } } },
        responses: {
          '201': { description: '`{ data: application }`' },
          '403': { description: 'Already submitted, or the role cannot apply' },
          ...errors,
        },
      },
    },
    [`/jobs-api/${kind}/{jobid}/{email}`]: {
      get: {
        summary: 'Existence check: 404 means not applied',
        security: bearer,
        parameters: [pathParam('jobid'), pathParam('email')],
        responses: {
          '200': { description: '`{ data: application }`' },
          '404': { description: 'No application' },
          ...errors,
        },
      },
      ...onApplication,
    },
  };
}

const jsonBody = (schema: Schema) => ({
  required: true,
  content: { 'application/json': { schema: json(schema) } },
});
const companyOnly = {
  '403': {
    description:
      "The role lacks the permission, the caller is no company's user, or the job is another company's",
  },
};

export function openApiDocument(version: string) {
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
    paths: {
      '/api/health': {
        get: {
          summary: 'Liveness',
          responses: { '200': { description: '`{ status, version, time }`' } },
        },
      },
      '/jobs-api/job/': {
        get: {
          summary: 'Search published jobs (newest first, or ranked by searchText)',
          parameters: queryParameters(JobSearchQuerySchema),
          responses: {
            '200': { description: '`{ data: Job[], pagination: { lastKey, s3VectorLastKey } }`' },
            ...errors,
          },
        },
        post: {
          summary:
            "Post a job for the caller's company (create_jobs); publishing it may send the daily match digest",
          security: bearer,
          requestBody: jsonBody(NewJobBody),
          responses: {
            '201': { description: '`{ data: Job }`, as GET /jobs-api/job/{id}' },
            ...companyOnly,
            ...errors,
          },
        },
      },
      '/jobs-api/job/facets': {
        get: {
          summary:
            'Filter values of published jobs with their counts (locations, departments, companies, industries, skills); cached for 60 s',
          parameters: queryParameters(FacetsQuerySchema),
          responses: {
            '200': {
              description:
                '`{ data: { location, department, companyName, industry, coreSkills, technicalSkills, softSkills: { value, count }[] }, total, generatedAt }`',
            },
            ...errors,
          },
        },
      },
      '/jobs-api/job/{id}': {
        get: {
          summary: 'One job',
          parameters: [pathParam('id')],
          responses: {
            '200': { description: '`{ data: Job }`' },
            '404': { description: 'Job not found' },
          },
        },
        patch: {
          summary:
            'Change a job of the caller’s company (create_jobs; closing or unpublishing needs delete_jobs); followers are notified',
          security: bearer,
          parameters: [pathParam('id')],
          requestBody: jsonBody(JobChangesBody),
          responses: {
            '200': { description: '`{ data: Job }`' },
            '404': { description: 'Job not found' },
            ...companyOnly,
            ...errors,
          },
        },
      },
      '/jobs-api/job/{id}/s3-vector': {
        get: {
          summary: 'Match score of a profile against the job (spec §9)',
          parameters: [pathParam('id'), ...queryParameters(MatchQuery)],
          responses: {
            '200': { description: '`{ initialMatchingScoreDetails }`' },
            '404': { description: 'Job not found' },
          },
        },
      },
      ...applicationPaths('job-application', ApplicationBody, 'Apply to a job (once)', {
        patch: {
          summary:
            "Move an application to another state (a user of the job's company with create_jobs); the applicant is notified",
          security: bearer,
          parameters: [pathParam('jobid'), pathParam('email')],
          requestBody: jsonBody(ApplicationStatusBody),
          responses: {
            '200': { description: '`{ data: application }`' },
            '404': { description: 'Job not found, or no application' },
            ...companyOnly,
            ...errors,
          },
        },
      }),
      ...applicationPaths(
        'external-job-application',
        ExternalApplicationBody,
        'Record an application made on an external portal',
      ),
      '/api/company': {
        get: {
          summary: 'Companies (name order)',
          parameters: queryParameters(CompanyListQuerySchema),
          responses: {
            '200': { description: '`{ data: Company[], pagination: { lastKey } }`' },
            ...errors,
          },
        },
      },
      '/api/company/{companyId}': {
        get: {
          summary: 'One company, as a list',
          parameters: [pathParam('companyId')],
          responses: {
            '200': { description: '`[Company]`' },
            '404': { description: 'Company not found' },
          },
        },
      },
      '/api/user/basic-details': {
        get: {
          summary: "The caller's basic details (spec §3)",
          security: bearer,
          responses: { '200': { description: '`{ data }`' }, ...errors },
        },
      },
      '/api/user/{email}/details': {
        get: {
          summary: 'A general user record, as a list',
          security: bearer,
          parameters: [pathParam('email')],
          responses: {
            '200': { description: '`[User]`' },
            '403': { description: 'Not yours' },
            ...errors,
          },
        },
      },
      '/api/user/profile': {
        post: {
          summary:
            "Create the caller's candidate profile (a new sign-up; send the ID token, whose email must match)",
          security: bearer,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: json(NewProfileBody) } },
          },
          responses: {
            '201': { description: '`{ data }`: basic details' },
            '409': { description: 'The profile (or one with this email) exists' },
            ...errors,
          },
        },
      },
      '/api/user/{email}/profile': {
        patch: {
          summary: "Edit the caller's own profile (any subset of the editable fields)",
          security: bearer,
          parameters: [pathParam('email')],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: json(ProfileChangesBody) } },
          },
          responses: {
            '200': { description: '`{ data }`: basic details' },
            '403': { description: 'Not yours' },
            '404': { description: 'No profile yet' },
            ...errors,
          },
        },
      },
      '/api/user/{email}/cv/url': {
        get: {
          summary:
            "A 5-minute link to the caller's current CV (GET /storage/<key>, served inline as PDF)",
          security: bearer,
          parameters: [pathParam('email')],
          responses: {
            '200': { description: '`{ data: { url, fileName, expiresAt } }`' },
            '403': { description: 'Not yours' },
            '404': { description: 'No CV uploaded yet' },
            ...errors,
          },
        },
      },
      '/jobs-api/applications/mine': {
        get: {
          summary: "The caller's applications, internal and external, newest first",
          security: bearer,
          responses: {
            '200': {
              description:
                '`{ data: [{ id, jobId, kind, jobTitle, companyName, matchingScore, status, appliedAt }] }`',
            },
            ...errors,
          },
        },
      },
      '/api/saved-jobs': {
        get: {
          summary:
            "The caller's saved jobs, newest first, each with its job (null once unpublished)",
          security: bearer,
          responses: {
            '200': { description: '`{ data: [{ jobId, note, savedAt, job }] }`' },
            ...errors,
          },
        },
      },
      '/api/saved-jobs/{jobId}': {
        put: {
          summary: 'Save a job (idempotent; a note in the body replaces the old one)',
          security: bearer,
          parameters: [pathParam('jobId')],
          requestBody: {
            required: false,
            content: { 'application/json': { schema: json(SaveJobBody) } },
          },
          responses: {
            '200': { description: 'Already saved: `{ data: { jobId, note, savedAt } }`' },
            '201': { description: 'Saved: `{ data: { jobId, note, savedAt } }`' },
            '404': { description: 'Job not found (or not published)' },
            ...errors,
          },
        },
        delete: {
          summary: 'Unsave a job (idempotent)',
          security: bearer,
          parameters: [pathParam('jobId')],
          responses: { '204': { description: 'Not saved (any more)' }, ...errors },
        },
      },
      '/api/push/public-key': {
        get: {
          summary: "The server's VAPID public key (base64url) for PushManager.subscribe",
          responses: { '200': { description: '`{ data: { publicKey } }`' } },
        },
      },
      '/api/push/subscriptions': {
        post: {
          summary: "Store this browser's push subscription for the caller",
          security: bearer,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: json(PushSubscriptionBody) } },
          },
          responses: { '201': { description: '`{ data: { id } }`' }, ...errors },
        },
        delete: {
          summary: 'Forget a push subscription of the caller',
          security: bearer,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: json(PushUnsubscribeBody) } },
          },
          responses: { '204': { description: 'Gone' }, ...errors },
        },
      },
      '/api/corporate-user/{cognitoUserId}/cognito': {
        get: {
          summary: 'A corporate user record, as a list',
          security: bearer,
          parameters: [pathParam('cognitoUserId')],
          responses: {
            '200': { description: '`[CorporateUser]`' },
            '403': { description: 'Not yours' },
            ...errors,
          },
        },
      },
    },
  };
}

export function registerOpenApi(app: FastifyInstance, { version }: { version: string }) {
  const document = openApiDocument(version);
  app.get('/api/docs', () => document);
}

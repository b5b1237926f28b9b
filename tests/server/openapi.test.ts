/**
 * GET /api/docs is generated from the route modules' descriptors (server/http/api-route.ts):
 * this checks the document and the server agree both ways, so a route added without a
 * descriptor, or a descriptor no route registers, fails here instead of drifting.
 */
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { openApiPath } from '../../server/http/openapi';
import { registeredRoutes } from '../../server/http/validation';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

/** API routes not described: the document itself, and the app's runtime settings. */
const UNDESCRIBED = [/^\/api\/docs$/, /^\/api\/client-config$/];

let database: DatabaseHandle;
let server: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const auth = await createTestAuth();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-openapi-'));
  const config = loadConfig({
    DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
  });
  server = await buildServer({ config, version: 'docs', db: database.db, verifier: auth.verifier });
  await server.ready();
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Operation {
  summary: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: object }>;
  security?: unknown[];
}

async function documentPaths() {
  const res = await server.inject({ url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  return res.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
}

describe('GET /api/docs, generated from the route descriptors', () => {
  it('describes every API route the server registers, and none it does not', async () => {
    const paths = await documentPaths();
    const registered = registeredRoutes(server)
      .filter((route) => route.method !== 'HEAD' && /^\/(api|jobs-api)\//.test(route.url))
      .filter((route) => !UNDESCRIBED.some((pattern) => pattern.test(route.url)))
      .map((route) => `${route.method} ${openApiPath(route.url)}`)
      .sort();
    const documented = Object.entries(paths)
      .flatMap(([docPath, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${docPath}`),
      )
      .sort();
    expect(registered.length).toBeGreaterThan(25);
    expect(documented).toEqual(registered);
  });

  it("takes its bodies, queries and answers from the contract's schemas", async () => {
    const paths = await documentPaths();
    // A body: the profile PATCH, with the contract's limits.
    const patch = paths['/api/user/{email}/profile']?.patch;
    const body = patch?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, { maxLength?: number }>;
      additionalProperties?: boolean;
    };
    expect(body.properties.fullName?.maxLength).toBe(100);
    expect(body.additionalProperties).toBe(false);
    expect(patch?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(patch?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    );
    // A query, in the contract's order (spec §7's list first).
    const search = paths['/jobs-api/job/']?.get?.parameters?.map((p) => p.name) ?? [];
    expect(search.slice(0, 5)).toEqual([
      'searchText',
      'pageSize',
      'lastKey',
      'sortOrder',
      'status',
    ]);
    // An answer's schema.
    const answer = paths['/api/saved-jobs']?.get?.responses['200']?.content;
    expect(JSON.stringify(answer)).toContain('savedAt');
    // Status meanings from the contract's texts.
    const apply = paths['/jobs-api/job-application/']?.post;
    expect(apply?.summary).toContain('Already submitted');
  });
});

/**
 * Property-based fuzzing of every route (issue 23 item 7: 45 of 2,524 hand-made fuzz cases were
 * 500). The routes come from the server itself (registeredRoutes: every route Fastify registered),
 * so a route added later is fuzzed without touching this file; where the OpenAPI document
 * (GET /api/docs) describes a route's query or body, the cases follow that schema with hostile
 * values mixed in, so they reach the handlers and the database rather than stopping at the first
 * type check. Each case is sent anonymously or with a real signed token of one of the demo roles.
 *
 * The property: no answer is a 5xx. A fixed seed and a fixed number of cases per route keep the
 * run repeatable and bounded (about 30 s on this machine); the test prints the cases run, and a
 * table of the hostile kinds tried against their failures.
 */
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { DatabaseHandle } from '../../server/db/client';
import { registeredRoutes } from '../../server/http/validation';
import { DEMO_ACCOUNTS } from '../../server/identity/demo-accounts';
import { createTestAuth, type TestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const SEED = 23_007;
/** Cases per route: ~40 routes × 40 ≈ 1,600 requests. */
const CASES_PER_ROUTE = 40;

// ---------------------------------------------------------------------------------------------
// Hostile values. Each is tagged with its kind, so the report can say which kinds failed.

class Hostile {
  constructor(
    readonly kind: string,
    readonly value: unknown,
  ) {}
}

const tag = (kind: string, arbitrary: fc.Arbitrary<unknown>) =>
  arbitrary.map((value) => new Hostile(kind, value));

const IMPOSSIBLE_DATES = [
  '2024-02-30',
  '2023-13-45T25:61:61Z',
  '0000-00-00 00:00:00+00',
  '2024-02-30 10:00:00+00',
  '9999-99-99T99:99:99.999999+99:99',
  '-infinity',
  '275760-09-14T00:00:00.001Z',
];

const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([a, b]) => `${a}\u0000${b}`);

const hostileString = fc.oneof(
  tag('nul byte', withNul),
  tag('unicode', fc.string({ unit: 'binary', maxLength: 40 })),
  tag('unicode', fc.constantFrom('\uD800', '\uDFFF\uD800', '\u202E\u200B', '𝔘𝔫𝔦', '\uFFFF')),
  tag(
    'very long string',
    fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  ),
  tag('impossible date', fc.constantFrom(...IMPOSSIBLE_DATES)),
  tag(
    'number-like text',
    fc.constantFrom(
      '1e309',
      '-1e309',
      '1e300',
      '2147483648',
      'NaN',
      'Infinity',
      '-0',
      '99999999999999999999999',
      '0x1F',
    ),
  ),
  tag(
    'sql and path text',
    fc.constantFrom("'; DROP TABLE jobs;--", '%', '_', '\\', '../..', '%00'),
  ),
);

/**
 * Deep nesting is written into the JSON text after JSON.stringify (which, like any recursive
 * walk in this test, would overflow the stack itself): a marker string stands in for it.
 */
const deepMarker = (depth: number, asArray: boolean) =>
  `\u0001deep:${depth}:${asArray ? 'a' : 'o'}\u0001`;
function expandDeep(json: string): string {
  return json.replace(/"\\u0001deep:(\d+):([ao])\\u0001"/g, (_m, depth: string, shape: string) => {
    const n = Number(depth);
    return shape === 'a'
      ? `${'['.repeat(n)}1${']'.repeat(n)}`
      : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
  });
}

/** An object whose own enumerable key is `__proto__`: JSON.stringify writes it as a key. */
function protoKeyed(inner: unknown) {
  const value: Record<string, unknown> = {};
  Object.defineProperty(value, '__proto__', { value: inner, enumerable: true });
  return value;
}

const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  hostileString,
  tag(
    'huge or odd number',
    fc.oneof(
      fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 31) - 1, 0.5, -1),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    ),
  ),
  tag(
    'wrong type',
    fc.oneof(
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.object(),
    ),
  ),
  tag(
    'deep nesting',
    fc.tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean()).map(([d, a]) => deepMarker(d, a)),
  ),
  tag(
    'prototype key',
    fc.constantFrom(
      protoKeyed({ isAdmin: true }),
      { constructor: { prototype: { isAdmin: true } } },
      { prototype: { polluted: true } },
    ),
  ),
);

/** Replaces the tags by their values and collects the kinds used in one case. */
function unwrap(value: unknown, kinds: Set<string>): unknown {
  if (value instanceof Hostile) {
    kinds.add(value.kind);
    return value.value;
  }
  if (Array.isArray(value)) return value.map((item) => unwrap(item, kinds));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: unwrap(item, kinds),
        enumerable: true,
        writable: true,
      });
    }
    return out;
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// Valid-looking values from a JSON Schema (what zod's toJSONSchema puts in GET /api/docs), with
// hostile values in some fields.

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

function validish(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => withHostile(s, depth + 1)));
  if (schema.allOf?.length) return validish(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1_000;
      const max = Math.max(min, schema.maximum ?? 1_000_000);
      return type === 'integer'
        ? fc.integer({
            min: Math.ceil(Math.max(min, -(2 ** 31))),
            max: Math.floor(Math.min(max, 2 ** 31 - 1)),
          })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(withHostile(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 8),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(properties)) {
        shape[key] = withHostile(property, depth + 1);
      }
      const requiredKeys = Object.keys(shape).filter((key) => required.has(key));
      return fc.record(shape, { requiredKeys });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 60);
  const minLength = Math.min(schema.minLength ?? 0, maxLength);
  switch (schema.format) {
    case 'email':
      return fc.constantFrom(...DEMO_ACCOUNTS.map((a) => a.email), 'someone@example.com');
    case 'uri':
    case 'url':
      return fc.constantFrom('https://push.example.invalid/x', 'https://example.com/a');
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc.constantFrom('2026-01-31', '2024-02-29');
    case 'uuid':
      return fc.uuid();
    default:
      break;
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= 200);
    } catch {
      // an unusual pattern: plain text below
    }
  }
  return fc.string({ minLength, maxLength });
}

/** Mostly a valid-looking value, sometimes a hostile one. */
function withHostile(schema: JsonSchema | undefined, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: validish(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests.

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD), as a browser would. */
function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Caller {
  name: string;
  authorization?: string;
}

interface Case {
  caller: Caller;
  url: string;
  kinds: Set<string>;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Paging cursors of the right shape (base64url JSON, server/http/cursor.ts) with bad contents. */
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const hostileCursor = tag(
  'hostile cursor',
  fc.constantFrom(
    ...IMPOSSIBLE_DATES.map((c) => cursor({ c, i: 'job-000001' })),
    ...IMPOSSIBLE_DATES.map((c) => cursor({ c, i: 'job-000001', t: 2 })),
    cursor({ c: '2024-02-30 10:00:00.123456+00', i: 'job-000001' }),
    cursor({ c: '2026-01-01 10:00:00+00', i: 'job\u00001' }),
    cursor({ n: 'Acme\u0000', i: 'x' }),
    cursor({ n: 'x'.repeat(150), i: '\u0000' }),
    cursor({ c: '2026-01-01 10:00:00+00', i: 'x', t: 1e308 }),
    cursor([]),
    cursor('\u0000'),
  ),
);

const rawQueryPart = fc.oneof(
  tag('broken encoding', fc.constantFrom('%', '%zz', '%ff%fe', '%C0%80', '%ED%A0%80')),
  tag('repeated key', fc.constant('REPEAT')),
);

function caseArbitrary(
  route: { method: string; url: string },
  operation: Operation | undefined,
  paramPool: Record<string, string[]>,
  callers: Caller[],
): fc.Arbitrary<Case> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
  const params = fc.tuple(
    ...paramNames.map((name) =>
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...(paramPool[name] ?? ['x'])) },
        { weight: 2, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
      ),
    ),
  );
  const queryParams = (operation?.parameters ?? []).filter((p) => p.in === 'query');
  const queryShape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of queryParams) {
    // Query values are text: a valid-looking value as text, or a hostile one.
    queryShape[p.name] = fc.oneof(
      {
        weight: 3,
        arbitrary: validish(p.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      },
      { weight: 2, arbitrary: hostileString },
      { weight: 1, arbitrary: rawQueryPart },
    );
  }
  if (queryShape.lastKey) {
    queryShape.lastKey = fc.oneof({ weight: 2, arbitrary: hostileCursor }, queryShape.lastKey);
  }
  for (const name of ['__proto__', 'constructor', 'lastKey', 'a[b]', 'unknown']) {
    queryShape[name] ??= fc.oneof(hostileString, rawQueryPart);
  }
  const query = fc.record(queryShape, { requiredKeys: [] });
  const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
  const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
  const body = hasBody
    ? fc.oneof(
        { weight: 4, arbitrary: validish(bodySchema).map((value) => ({ json: value })) },
        { weight: 2, arbitrary: hostileValue.map((value) => ({ json: value })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('{', '{"a":', '[1,]', '\u0000', '{"a":"\\u0000"}', 'null', '"x"', '')
            .map((raw) => ({ raw })),
        },
        { weight: 1, arbitrary: fc.constant({ none: true }) },
      )
    : fc.constant({ none: true });
  return fc
    .record({
      caller: fc.constantFrom(...callers),
      params,
      query,
      body,
      idempotencyKey: fc.option(fc.stringMatching(/^[A-Za-z0-9_.:-]{1,210}$/), { freq: 4 }),
    })
    .map(({ caller, params: values, query: queryValues, body: bodyChoice, idempotencyKey }) => {
      const kinds = new Set<string>();
      let index = 0;
      const pathname = route.url.replace(/:([A-Za-z0-9_]+)|\*/g, () => {
        const raw = unwrap(values[index++], kinds);
        return String(raw)
          .split('/')
          .map((segment) => percentEncode(segment))
          .join('/');
      });
      const pairs: string[] = [];
      for (const [key, value] of Object.entries(queryValues)) {
        const text = unwrap(value, kinds);
        if (text === 'REPEAT') {
          pairs.push(`${percentEncode(key)}=a`, `${percentEncode(key)}=b`);
        } else if (typeof text === 'string' && /^%/.test(text) && text.length < 20) {
          pairs.push(`${percentEncode(key)}=${text}`); // deliberately broken encodings, sent raw
        } else {
          pairs.push(`${percentEncode(key)}=${percentEncode(String(text))}`);
        }
      }
      const headers: Record<string, string> = {};
      if (caller.authorization) headers.authorization = caller.authorization;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      let payload: string | undefined;
      if ('json' in bodyChoice) {
        payload = expandDeep(JSON.stringify(unwrap(bodyChoice.json, kinds)) ?? 'null');
        headers['content-type'] = 'application/json';
      } else if ('raw' in bodyChoice) {
        kinds.add('malformed json');
        payload = bodyChoice.raw;
        headers['content-type'] = 'application/json';
      }
      const url = pairs.length ? `${pathname}?${pairs.join('&')}` : pathname;
      return { caller, url, kinds, headers, ...(payload === undefined ? {} : { payload }) };
    });
}

// ---------------------------------------------------------------------------------------------

let database: DatabaseHandle;
let server: FastifyInstance;
let auth: TestAuth;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  auth = await createTestAuth();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-fuzz-'));
  const config = loadConfig({
    DIST_DIR: '/nonexistent',
    LOG_LEVEL: 'silent',
    PORT: '0',
    DATA_DIR: dataDir,
    // The fuzzer writes far more than a person: limits would answer 429 before the handlers run.
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '100000',
    // Load shedding's 503 is no error, but it would answer in place of the handlers under test
    // (the fuzzer itself, and the other test files on two cores, make the event loop lag).
    SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  server = await buildServer({ config, version: 'fuzz', db: database.db, verifier: auth.verifier });
  await server.ready();
});

afterAll(async () => {
  await server?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('every route, fuzzed', () => {
  it('answers hostile params, queries and bodies without a 5xx', async () => {
    const routes = registeredRoutes(server).filter((route) => route.method !== 'HEAD');
    // The routes are all there: the list is the server's own, not a copy kept in this test.
    expect(routes.length).toBeGreaterThan(25);

    const docs = (await server.inject({ url: '/api/docs' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const jobsRes = await server.inject({ url: '/jobs-api/job/?pageSize=3' });
    const companiesRes = await server.inject({ url: '/api/company?pageSize=2' });
    expect([jobsRes.statusCode, companiesRes.statusCode], jobsRes.body).toEqual([200, 200]);
    const jobs = jobsRes.json<{ data: { id: string }[] }>();
    const companies = companiesRes.json<{ data: { id: string }[] }>();
    const jobIds = jobs.data.map((job) => job.id);
    const emails = DEMO_ACCOUNTS.map((account) => account.email);
    const paramPool: Record<string, string[]> = {
      id: jobIds,
      jobid: jobIds,
      jobId: jobIds,
      companyId: companies.data.map((company) => company.id),
      email: emails,
      cognitoUserId: DEMO_ACCOUNTS.map((account) => account.sub),
      file: ['acme.svg', 'x.svg'],
      '*': ['cvs/x.pdf', 'index.html'],
    };
    const callers: Caller[] = [{ name: 'anonymous' }];
    for (const account of DEMO_ACCOUNTS) {
      const token = await auth.accessToken({ sub: account.sub, groups: [account.group] });
      callers.push({ name: account.group, authorization: `Bearer ${token}` });
    }
    const newcomer = await auth.idToken({ sub: 'fuzz-new-user', email: 'fuzz-new@example.com' });
    callers.push({ name: 'new sign-up (ID token)', authorization: `Bearer ${newcomer}` });

    const failures: string[] = [];
    const tried = new Map<string, { cases: number; failed: number }>();
    const count = (kind: string, failed: boolean) => {
      const row = tried.get(kind) ?? { cases: 0, failed: 0 };
      row.cases += 1;
      if (failed) row.failed += 1;
      tried.set(kind, row);
    };
    let cases = 0;
    const started = Date.now();
    for (const [index, route] of routes.entries()) {
      const docPath = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = docs.paths[docPath]?.[route.method.toLowerCase()];
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, operation, paramPool, callers), async (c) => {
          const res = await server.inject({
            method: route.method as 'GET',
            url: c.url,
            headers: c.headers,
            ...(c.payload === undefined ? {} : { payload: c.payload }),
          });
          cases += 1;
          const failed = res.statusCode >= 500;
          count('(all)', failed);
          for (const kind of c.kinds.size ? c.kinds : new Set(['valid-looking only'])) {
            count(kind, failed);
          }
          if (failed && failures.length < 30) {
            const body = typeof c.payload === 'string' ? c.payload.slice(0, 200) : '';
            failures.push(
              `${res.statusCode} ${route.method} ${c.url.slice(0, 200)} as ${c.caller.name} [${[...c.kinds].join(', ')}] ${body}`,
            );
          }
          return true; // every failure is collected, not only the first
        }),
        { seed: SEED + index, numRuns: CASES_PER_ROUTE },
      );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const table = [...tried.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([kind, row]) =>
          `  ${kind.padEnd(20)} ${String(row.cases).padStart(5)} ${String(row.failed).padStart(5)}`,
      )
      .join('\n');
    console.log(
      `input fuzz: ${cases} cases over ${routes.length} routes in ${seconds} s\n  ${'kind'.padEnd(20)} cases  5xx\n${table}`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});

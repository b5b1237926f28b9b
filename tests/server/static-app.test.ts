import type { FastifyInstance } from 'fastify';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAssets } from '../../scripts/precompress-assets';
import { cacheControlFor, isApiPath } from '../../server/http/static-app';
import { makeDistFixture, makeServer } from './helpers';

let app: FastifyInstance;
let fixture: ReturnType<typeof makeDistFixture>;

beforeAll(async () => {
  fixture = makeDistFixture();
  app = await makeServer(fixture.dir);
});

afterAll(async () => {
  await app.close();
  fixture.cleanup();
});

describe('serving the built PWA', () => {
  it('serves index.html at / and never lets it be cached without revalidation', async () => {
    const res = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('answers a deep link to an app route with the shell (SPA fallback)', async () => {
    for (const url of [
      '/jobs',
      '/jobs/acme_corp/42?searchText=react',
      '/v1/candidate/profile',
      '/no/such/page',
    ]) {
      const res = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await app.inject({ url: '/assets/index-AbC123xy.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never caches sw.js or the manifest without revalidation, so deploys are seen', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing file with a 404, not the app shell', async () => {
    const res = await app.inject({ url: '/icons/missing.png', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('compresses text responses for clients that accept it', async () => {
    const res = await app.inject({
      url: '/assets/index-AbC123xy.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends the brotli copy the build wrote next to an asset, still cached as immutable', async () => {
    const folder = path.join(fixture.dir, 'assets');
    writeFileSync(path.join(folder, 'listing-Zz9.js'), 'export const jobs = [];\n'.repeat(400));
    expect(precompressAssets(folder)).toBeGreaterThan(0);
    const res = await app.inject({
      url: '/assets/listing-Zz9.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(readFileSync(path.join(folder, 'listing-Zz9.js.br')))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(
      'export const jobs = [];\n'.repeat(400),
    );
    const plain = await app.inject({ url: '/assets/listing-Zz9.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('export const jobs = [];\n'.repeat(400));
  });

  it('sends security headers with a CSP that allows only our own scripts', async () => {
    const res = await app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends a hashed script or stylesheet without the document's headers, a worker with them", async () => {
    writeFileSync(path.join(fixture.dir, 'assets', 'index-AbC123xy.css'), 'body{margin:0}');
    writeFileSync(path.join(fixture.dir, 'assets', 'score-worker-AbC123xy.js'), 'onmessage=null;');
    for (const url of ['/assets/index-AbC123xy.js', '/assets/index-AbC123xy.css']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBeUndefined();
      // What a subresource does use stays.
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
    const worker = await app.inject({ url: '/assets/score-worker-AbC123xy.js' });
    expect(String(worker.headers['content-security-policy'])).toContain("script-src 'self'");
    for (const url of ['/', '/jobs', '/sw.js', '/api/health']) {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers['content-security-policy'], url).toBeDefined();
      expect(res.headers['x-frame-options'], url).toBeDefined();
    }
  });
});

describe('API prefixes', () => {
  it('reports health, uncached', async () => {
    const res = await app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status: 'ok', version: '9.9.9-test' });
  });

  it.each(['/api/nope', '/jobs-api/job/unknown-route/x', '/storage/nothing'])(
    'answers an unknown %s with a JSON 404 in the errorMsg shape, never the HTML shell',
    async (url) => {
      const res = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ errorMsg: expect.stringContaining('Not found') as unknown });
    },
  );

  it('rejects malformed JSON with a 400 and a clear errorMsg, not a 500', async () => {
    const withRoute = await makeServer(fixture.dir);
    withRoute.post('/api/echo', (request) => request.body);
    try {
      const res = await withRoute.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"broken": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ errorMsg: expect.stringMatching(/JSON/i) as unknown });
    } finally {
      await withRoute.close();
    }
  });

  it('answers an unexpected failure with 500 "Something went wrong", hiding the details', async () => {
    const withRoute = await makeServer(fixture.dir);
    withRoute.get('/api/explode', () => {
      throw new Error('database password is hunter2');
    });
    try {
      const res = await withRoute.inject({ url: '/api/explode' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ errorMsg: 'Something went wrong' });
    } finally {
      await withRoute.close();
    }
  });
});

describe('path rules', () => {
  it('knows which paths belong to the APIs', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/health?x=1')).toBe(true);
    expect(isApiPath('/jobs-api/job/1')).toBe(true);
    expect(isApiPath('/storage/abc')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/jobs')).toBe(false);
  });

  it('gives each kind of file its cache policy', () => {
    expect(cacheControlFor('assets/x-1a2b.js')).toContain('immutable');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    expect(cacheControlFor('sw.js')).toBe('no-cache');
    expect(cacheControlFor('icons/icon-192.png')).toBe('public, max-age=3600');
  });
});

describe('without a build', () => {
  it('still serves the API, and says so instead of a blank page', async () => {
    const apiOnly = await makeServer('/nonexistent-dist-dir');
    try {
      expect((await apiOnly.inject({ url: '/api/health' })).statusCode).toBe(200);
      const page = await apiOnly.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});

describe('GET /api/docs', () => {
  it('serves an OpenAPI document generated from the request schemas', async () => {
    const res = await app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, { get?: { parameters?: { name: string }[] }; post?: unknown }>;
    }>();
    expect(doc.openapi).toBe('3.1.0');
    const search = doc.paths['/jobs-api/job/']?.get?.parameters?.map((p) => p.name) ?? [];
    // spec §7 query parameters of the job search
    for (const name of [
      'searchText',
      'pageSize',
      'lastKey',
      'coreSkills',
      'YOE',
      'location',
      'minSalary',
      'maxExperience',
    ]) {
      expect(search).toContain(name);
    }
    expect(doc.paths['/jobs-api/job-application/']?.post).toBeDefined();
  });
});

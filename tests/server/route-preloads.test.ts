/**
 * The shell names the route's own chunks (issue 24: on slow 3G the route's chunks otherwise start
 * downloading only after the entry has run). A fixture build with a manifest shaped like Vite's.
 */
import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  preloadsFor,
  routePattern,
  routePreloadsOf,
  withInlineStyles,
} from '../../server/http/route-preloads';
import { buildJobQuery } from '../../src/domain/filters';
import { listingCookieAssignment } from '../../src/domain/listing-cookie';
import { buildQueryString } from '../../src/domain/query-string';
import { makeDistFixture, makeServer } from './helpers';

const manifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_react-R1.js'],
    css: ['assets/index-E1.css'],
  },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_db-D1.js': { file: 'assets/db-D1.js', imports: ['_react-R1.js', '_dexie-X1.js'] },
  '_dexie-X1.js': { file: 'assets/dexie-X1.js' },
  '_card-C1.js': { file: 'assets/card-C1.js', css: ['assets/card-C1.css'] },
  'src/routes/jobs/index.tsx?tsr-split=component': {
    file: 'assets/jobs-L1.js',
    isDynamicEntry: true,
    imports: ['_react-R1.js', '_db-D1.js', '_card-C1.js', 'index.html'],
    css: ['assets/jobs-L1.css'],
  },
  'src/routes/jobs/$companyName/$jobId.tsx?tsr-split=component': {
    file: 'assets/job-J1.js',
    isDynamicEntry: true,
    imports: ['_card-C1.js', 'index.html'],
  },
  'src/routes/jobs/$companyName/$jobId.tsx?tsr-split=errorComponent': {
    file: 'assets/job-error-J2.js',
    isDynamicEntry: true,
  },
  'src/routes/v1/route.tsx?tsr-split=component': { file: 'assets/v1-V1.js', isDynamicEntry: true },
  'src/routes/v1/candidate/profile.tsx?tsr-split=component': {
    file: 'assets/profile-P1.js',
    isDynamicEntry: true,
  },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/home-H1.js', isDynamicEntry: true },
  'src/routes/guidance/bookings.tsx?tsr-split=component': {
    file: 'assets/bookings-B1.js',
    isDynamicEntry: true,
  },
  'src/routes/guidance/$name/$key.tsx?tsr-split=component': {
    file: 'assets/referees-G1.js',
    isDynamicEntry: true,
  },
};

let app: FastifyInstance;
let fixture: ReturnType<typeof makeDistFixture>;

beforeAll(async () => {
  fixture = makeDistFixture();
  writeFileSync(
    path.join(fixture.dir, 'index.html'),
    '<!doctype html><html><head><title>ReferralHub</title>' +
      '<script type="module" crossorigin src="/assets/index-E1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(fixture.dir, '.vite'));
  writeFileSync(path.join(fixture.dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  app = await makeServer(fixture.dir);
});

afterAll(async () => {
  await app.close();
  fixture.cleanup();
});

async function hintsOf(url: string, cookie?: string) {
  const res = await app.inject({
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode, url).toBe(200);
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  return {
    scripts: [
      ...head.matchAll(
        /<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g,
      ),
    ].map((match) => match[1]),
    // crossorigin: Vite adds the stylesheets with crossOrigin = '' (a mismatch wastes the preload).
    styles: [...head.matchAll(/<link rel="preload" as="style" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    ),
    data: [...head.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1]!.replaceAll('&amp;', '&'),
    ),
  };
}

describe('preload hints in the shell', () => {
  it('names the listing chunk and its imports for /jobs, less what the entry loads', async () => {
    const hints = await hintsOf('/jobs?searchText=react');
    expect(hints.scripts.sort()).toEqual([
      '/assets/card-C1.js',
      '/assets/db-D1.js',
      '/assets/dexie-X1.js',
      '/assets/jobs-L1.js',
    ]);
    expect(hints.styles.sort()).toEqual(['/assets/card-C1.css', '/assets/jobs-L1.css']);
  });

  it('matches dynamic segments, prefers literal ones, and adds the layout of a subtree', async () => {
    expect((await hintsOf('/jobs/acme_corp/job-42')).scripts.sort()).toEqual([
      '/assets/card-C1.js',
      '/assets/job-J1.js',
    ]);
    expect((await hintsOf('/guidance/bookings')).scripts).toEqual(['/assets/bookings-B1.js']);
    expect((await hintsOf('/guidance/acme/k1')).scripts).toEqual(['/assets/referees-G1.js']);
    expect((await hintsOf('/v1/candidate/profile')).scripts.sort()).toEqual([
      '/assets/profile-P1.js',
      '/assets/v1-V1.js',
    ]);
    expect((await hintsOf('/')).scripts).toEqual(['/assets/home-H1.js']);
  });

  it("names TanStack Query's client with every page's chunks but those of `/`", () => {
    const withQueryLayer = {
      ...manifest,
      'src/app/query-layer.ts': {
        file: 'assets/query-layer-Q1.js',
        isDynamicEntry: true,
        imports: ['_query-Q2.js', 'index.html'],
      },
      '_query-Q2.js': { file: 'assets/query-Q2.js' },
    };
    const preloads = routePreloadsOf(withQueryLayer);
    const scriptsOf = (pathname: string) => [...preloadsFor(preloads, pathname).scripts].sort();
    expect(scriptsOf('/jobs/acme_corp/job-42')).toEqual([
      'assets/card-C1.js',
      'assets/job-J1.js',
      'assets/query-Q2.js',
      'assets/query-layer-Q1.js',
    ]);
    expect(scriptsOf('/guidance/bookings')).toContain('assets/query-layer-Q1.js');
    expect(scriptsOf('/')).toEqual(['assets/home-H1.js']);
  });

  it('writes a stylesheet into the page only when its text is safe there', () => {
    const link = (file: string) => `<link rel="stylesheet" crossorigin href="/assets/${file}">`;
    const texts: Record<string, string> = {
      'assets/a.css': 'a{color:red}',
      'assets/b.css': 'b::after{content:"</style><script>alert(1)</script>"}',
      'assets/c.css': '@import "d.css";',
    };
    const html = `<head>${link('a.css')}${link('b.css')}${link('c.css')}${link('e.css')}</head>`;
    expect(withInlineStyles(html, (file) => texts[file] ?? null)).toBe(
      '<head><style>a{color:red}</style>' +
        '<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>' +
        `${link('b.css')}${link('c.css')}${link('e.css')}</head>`,
    );
  });

  it('sends the shell unchanged for a path no route has', async () => {
    expect(await hintsOf('/no/such/page')).toEqual({ scripts: [], styles: [], data: [] });
  });

  it('answers a revalidation of the same page with 304', async () => {
    const first = await app.inject({ url: '/jobs', headers: { accept: 'text/html' } });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await app.inject({
      url: '/jobs',
      headers: { accept: 'text/html', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const other = await app.inject({
      url: '/jobs/acme_corp/job-42',
      headers: { accept: 'text/html', 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
  });

  it('picks up a new build under a running server', async () => {
    const next = {
      ...manifest,
      'src/routes/jobs/index.tsx?tsr-split=component': {
        file: 'assets/jobs-L2.js',
        isDynamicEntry: true,
      },
    };
    writeFileSync(path.join(fixture.dir, '.vite', 'manifest.json'), JSON.stringify(next));
    writeFileSync(
      path.join(fixture.dir, 'index.html'),
      '<!doctype html><html><head><title>ReferralHub 2</title></head><body></body></html>',
    );
    expect((await hintsOf('/jobs')).scripts).toEqual(['/assets/jobs-L2.js']);
  });
});

describe('route files as URL patterns', () => {
  it('turns the router file names into paths', () => {
    const test = (file: string, url: string) => routePattern(file)?.pattern.test(url);
    expect(test('index', '/')).toBe(true);
    expect(test('index', '/jobs')).toBe(false);
    expect(test('candidate/$', '/candidate/a/b')).toBe(true);
    expect(test('candidate/$', '/candidate')).toBe(false);
    expect(test('v1/route', '/v1')).toBe(true);
    expect(test('v1/route', '/v1x')).toBe(false);
    expect(test('_auth/login', '/login')).toBe(true);
    expect(test('privacy-policy', '/privacy-policy/')).toBe(true);
    expect(routePattern('__root')).toBeNull();
    expect(routePattern('jobs/-search-params')).toBeNull();
  });
});

describe('the first API answer of a signed-out page (issue 24)', () => {
  const firstJobsPage =
    '/jobs-api/job/?pageSize=10&sortOrder=desc&status=PUBLISHED&includeCompanyDetails=true';

  it("names the listing's first page for /jobs and the job for a job page", async () => {
    expect((await hintsOf('/jobs')).data).toEqual([firstJobsPage]);
    expect((await hintsOf('/jobs/')).data).toEqual([firstJobsPage]);
    expect((await hintsOf('/jobs/Peacock_Analytics/job-000133')).data).toEqual([
      '/jobs-api/job/job-000133',
    ]);
    // Escapes survive as the app sends them.
    expect((await hintsOf('/jobs/Acme/job%20a%26b')).data).toEqual(['/jobs-api/job/job%20a%26b']);
  });

  it('names nothing where the URL does not say what the page asks for', async () => {
    // Filters in the query: the listing's request depends on them.
    expect((await hintsOf('/jobs?searchText=react')).data).toEqual([]);
    expect((await hintsOf('/')).data).toEqual([]);
    expect((await hintsOf('/referrals')).data).toEqual([]);
  });

  it('names nothing for a signed-in browser (its listing adds default filters)', async () => {
    expect((await hintsOf('/jobs', 'theme=dark; rh_signed_in=1')).data).toEqual([]);
    expect((await hintsOf('/jobs/Peacock_Analytics/job-000133', 'rh_signed_in=1')).data).toEqual(
      [],
    );
    // The scripts are still named.
    expect((await hintsOf('/jobs', 'rh_signed_in=1')).scripts.length).toBeGreaterThan(0);
  });

  it('the shell varies with the cookie, for caches in between', async () => {
    const res = await app.inject({ url: '/jobs', headers: { accept: 'text/html' } });
    expect(res.headers.vary).toContain('cookie');
  });
});

describe("a signed-in listing's first answer, from the cookie the app keeps (issue 24)", () => {
  // The listing's first request as the app builds it for a profile with default filters.
  const withDefaults = buildQueryString(
    buildJobQuery(
      {},
      {
        defaults: { jobTitle: 'Frontend Engineer', coreSkills: ['React', 'TypeScript'], YOE: 3 },
        includeCompanyDetails: true,
      },
    ),
  );
  /** The Cookie header a signed-in browser sends once the app has kept `query`. */
  const signedInWith = (query: string) =>
    `rh_signed_in=1; ${listingCookieAssignment(query, false).split(';')[0]}`;

  it('names exactly the request the app keeps, for /jobs', async () => {
    expect(withDefaults).toContain('coreSkills=React%2CTypeScript');
    expect((await hintsOf('/jobs', signedInWith(withDefaults))).data).toEqual([
      `/jobs-api/job/${withDefaults}`,
    ]);
  });

  it('names nothing for a search, another page, or a browser that is not signed in', async () => {
    const cookie = signedInWith(withDefaults);
    expect((await hintsOf('/jobs?searchText=react', cookie)).data).toEqual([]);
    expect((await hintsOf('/jobs/Peacock_Analytics/job-000133', cookie)).data).toEqual([]);
    expect((await hintsOf('/saved-jobs', cookie)).data).toEqual([]);
    // Signed out, the listing has no defaults: the signed-out first page, whatever the cookie.
    const signedOut = listingCookieAssignment(withDefaults, false).split(';')[0];
    expect((await hintsOf('/jobs', signedOut)).data).toEqual([
      '/jobs-api/job/?pageSize=10&sortOrder=desc&status=PUBLISHED&includeCompanyDetails=true',
    ]);
  });

  it('names nothing for a value the listing contract refuses or that is no first page', async () => {
    for (const query of [
      '?pageSize=many&sortOrder=desc&status=PUBLISHED',
      `${withDefaults}&lastKey=job-000010`,
      '?pageSize=10&pageSize=20&sortOrder=desc&status=PUBLISHED',
      'pageSize=10&sortOrder=desc&status=PUBLISHED',
      `?pageSize=10&searchText=${'x'.repeat(1_200)}`,
    ]) {
      expect((await hintsOf('/jobs', signedInWith(query))).data, query).toEqual([]);
    }
    expect((await hintsOf('/jobs', 'rh_signed_in=1; rh_jobs_first=%E0%A4%A')).data).toEqual([]);
  });

  it('takes only a URL-encoded query: markup in the cookie never reaches the page', async () => {
    const query = '?pageSize=10&sortOrder=desc&status=PUBLISHED&searchText="><script>x</script>';
    const res = await app.inject({
      url: '/jobs',
      headers: { accept: 'text/html', cookie: signedInWith(query) },
    });
    expect(res.body).not.toContain('<script>x');
    expect(res.body).not.toContain('as="fetch"');
  });
});

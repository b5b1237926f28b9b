/**
 * A signed-out visitor's first screen of `/`, `/jobs` and a job page comes in the HTML (issue 24
 * item 5): the same jobs as the API's first answer, with the app's class names and stylesheets,
 * escaped and sanitised, and never holding the page up. Signed in, only `/jobs`, from the listing
 * cookie's request (the profile's default filters).
 * A fixture build (shell, manifest, class map) served with the seeded database.
 */
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSS_MODULE_MAP_FILE } from '../../scripts/css-module-map';
import type { DatabaseHandle } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import {
  FIRST_SCREEN_CSS_FILES,
  renderFirstScreen,
  type CssModuleMap,
} from '../../server/http/first-screen';
import { FIRST_SCREEN_WAIT_MS, registerStaticApp } from '../../server/http/static-app';
import { jobsFirstScreen } from '../../server/jobs/first-screen-source';
import { JOB_READS_KEPT_MS, jobsWritten } from '../../server/jobs/kept-job-reads';
import { HOME_HERO, HOME_STEPS } from '../../src/domain/home-copy';
import {
  companyJobsHref,
  HIGHLIGHTS_DATA_ID,
  highlightsFromJson,
  homeHighlights,
} from '../../src/domain/home-highlights';
import { APP_ENTRY_ID, START_AFTER_PAINT_SOURCE } from '../../src/domain/app-entry';
import { listingCookieAssignment } from '../../src/domain/listing-cookie';
import { profileSuggestionText } from '../../src/domain/profile-suggestion';
import { PAGE_TONES } from '../../src/domain/page-meta';
import { makeDistFixture, makeServer } from './helpers';
import { openTestDatabase } from './support/test-database';

const manifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, css: ['assets/index-E1.css'] },
  [START_AFTER_PAINT_SOURCE]: { file: 'assets/start-after-paint-S1.js', isEntry: true },
  'src/routes/jobs/index.tsx?tsr-split=component': {
    file: 'assets/jobs-L1.js',
    isDynamicEntry: true,
    css: ['assets/jobs-L1.css'],
  },
  'src/routes/jobs/$companyName/$jobId.tsx?tsr-split=component': {
    file: 'assets/job-J1.js',
    isDynamicEntry: true,
    css: ['assets/job-J1.css'],
  },
};

/** Every class the real stylesheets define, named `fx-<class>` as a build would name them. */
function classMapOfTheRealStylesheets(): CssModuleMap {
  return Object.fromEntries(
    Object.values(FIRST_SCREEN_CSS_FILES).map((file) => {
      const css = readFileSync(path.join(process.cwd(), file), 'utf8');
      const locals = new Set([...css.matchAll(/\.([A-Za-z_][\w-]*)/g)].map((match) => match[1]!));
      return [file, Object.fromEntries([...locals].map((local) => [local, `fx-${local}`]))];
    }),
  );
}

const SHELL =
  '<!doctype html><html><head><title>ReferralHub</title>' +
  '<script type="module" crossorigin src="/assets/index-E1.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-E1.css"></head>' +
  '<body><div id="root"></div></body></html>';
const FIRST_PAGE =
  '/jobs-api/job/?pageSize=10&sortOrder=desc&status=PUBLISHED&includeCompanyDetails=true';
const JOB_PAGE = '/jobs/Peacock_Analytics/job-000133';

let database: DatabaseHandle;
let app: FastifyInstance;
let fixture: ReturnType<typeof makeDistFixture>;

beforeAll(async () => {
  fixture = makeDistFixture();
  writeFileSync(path.join(fixture.dir, 'index.html'), SHELL);
  writeFileSync(path.join(fixture.dir, 'assets', 'index-E1.css'), 'body{margin:0}');
  writeFileSync(path.join(fixture.dir, 'assets', 'jobs-L1.css'), '.fx-card{color:#123}');
  // A relative url() would resolve against the page once inlined: this one stays a link.
  writeFileSync(path.join(fixture.dir, 'assets', 'job-J1.css'), '.fx-logo{background:url(a.png)}');
  mkdirSync(path.join(fixture.dir, '.vite'));
  writeFileSync(path.join(fixture.dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(fixture.dir, CSS_MODULE_MAP_FILE),
    JSON.stringify(classMapOfTheRealStylesheets()),
  );
  database = await openTestDatabase();
  app = await makeServer(fixture.dir, database.db);
});

afterAll(async () => {
  await app.close();
  await database.close();
  fixture.cleanup();
});

async function page(url: string, cookie?: string, server: FastifyInstance = app) {
  const res = await server.inject({
    url,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
  expect(res.statusCode, url).toBe(200);
  const start = res.body.indexOf('<div id="first-screen">');
  const end = res.body.indexOf('<div id="root"></div>');
  return {
    html: res.body,
    firstScreen: start === -1 ? null : res.body.slice(start, end),
    head: res.body.slice(0, res.body.indexOf('</head>')),
  };
}

const titlesIn = (html: string) =>
  [...html.matchAll(/<h2 class="fx-title"><a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
    ([, href, title]) => ({ href, title }),
  );

describe("a signed-out visitor's first screen (issue 24 item 5)", () => {
  it("shows the listing's first page, the API's first answer, as links to the jobs", async () => {
    const api = (await app.inject({ url: FIRST_PAGE })).json<{
      data: { id: string; jobTitle: string; companyName: string }[];
    }>();
    const { firstScreen, html } = await page('/jobs');
    expect(firstScreen).not.toBeNull();
    expect(titlesIn(firstScreen!)).toEqual(
      api.data.map((job) => ({
        href: `/jobs/${job.companyName.replace(/\s+/g, '_')}/${job.id}`,
        title: job.jobTitle,
      })),
    );
    // The page's title and tone, as the app's layout sets them.
    expect(html).toContain('<title>Jobs | ReferralHub</title>');
    expect(html).toContain('<body data-page-tone="listing"');
    // Before the app's root, which renders beneath it and then removes it.
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('id="root"'));
    // The search box works without the app: the listing's own URL for a search.
    expect(firstScreen).toContain(
      '<form role="search" class="fx-form" action="/jobs" method="get">',
    );
    expect(firstScreen).toContain('name="searchText"');
    // The app's own class names, and controls that need the app are kept in place, unseen.
    expect(firstScreen).toContain('<article class="fx-card">');
    expect(firstScreen).toMatch(
      /<button type="button" class="fx-saveButton" style="visibility:hidden" aria-hidden="true" tabindex="-1">/,
    );
  });

  it("writes its stylesheets and the route's into the page (they paint with the HTML), each link kept disabled", async () => {
    const withScreen = await page('/jobs');
    // A disabled stylesheet link is not fetched; Vite's loader finds it and fetches nothing.
    expect(withScreen.head).toContain(
      '<style>body{margin:0}</style><link rel="stylesheet" crossorigin href="/assets/index-E1.css" disabled>',
    );
    expect(withScreen.head).toContain(
      '<style>.fx-card{color:#123}</style><link rel="stylesheet" crossorigin href="/assets/jobs-L1.css" disabled>',
    );
    expect(withScreen.head).not.toContain('as="style"');
    expect(withScreen.head.match(/<style>/g)).toHaveLength(2);
    // One with a relative url() is linked as it was: the first screen still needs it now.
    const jobPage = await page(JOB_PAGE);
    expect(jobPage.head).toContain('<link rel="stylesheet" crossorigin href="/assets/job-J1.css">');
    expect(jobPage.head).not.toContain('url(a.png)');
    // Signed in there is no first screen: the shell's links as they were, the route's preloaded.
    const signedIn = await page('/jobs', 'rh_signed_in=1');
    expect(signedIn.head).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-E1.css">',
    );
    expect(signedIn.head).not.toContain('<style>');
    expect(signedIn.head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/jobs-L1.css">',
    );
  });

  it('starts the app once the first screen is painted, the entry downloading as before', async () => {
    const entry = '<script type="module" crossorigin src="/assets/index-E1.js"></script>';
    for (const url of ['/', '/jobs', JOB_PAGE]) {
      const { head } = await page(url);
      expect(head, url).toContain(
        `<link rel="modulepreload" crossorigin id="${APP_ENTRY_ID}" href="/assets/index-E1.js">` +
          '<script type="module" crossorigin src="/assets/start-after-paint-S1.js"></script>',
      );
      expect(head, url).not.toContain(entry);
    }
    // No first screen, nothing to paint first: the entry runs as the shell names it.
    const signedIn = await page('/jobs', 'rh_signed_in=1');
    expect(signedIn.head).toContain(entry);
    expect(signedIn.head).not.toContain('start-after-paint');
  });

  it('shows a job page: title, company, facts and the sanitised description', async () => {
    const { firstScreen } = await page(JOB_PAGE);
    expect(firstScreen).toContain(
      '<h1 class="fx-title" elementtiming="first-screen">UI Engineer</h1>',
    );
    expect(firstScreen).toContain('<p class="fx-company">Peacock Analytics</p>');
    expect(firstScreen).toContain('<dt>Salary</dt>');
    expect(firstScreen).toContain('<h2 class="fx-subtitle">Job description</h2>');
  });

  it('escapes what a company wrote and sanitises its description', async () => {
    await database.db
      .update(jobs)
      .set({
        jobTitle: '<img src=x onerror=alert(1)> "Lead"',
        jobDescription: '<p onclick="steal()">Real <b>work</b></p><script>alert(2)</script>',
      })
      .where(eq(jobs.id, 'job-000133'));
    const { firstScreen } = await page(JOB_PAGE);
    expect(firstScreen).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Lead&quot;');
    expect(firstScreen).not.toContain('<img src=x');
    expect(firstScreen).toContain('<p>Real <b>work</b></p>');
    expect(firstScreen).not.toMatch(/<script|onclick|alert\(2\)/);
  });

  it('keeps a hidden salary hidden, as the API does for an anonymous reader', async () => {
    await database.db
      .update(jobs)
      .set({ displaySalaryRange: false, salaryMin: 37.25, salaryMax: 58.75 })
      .where(eq(jobs.id, 'job-000133'));
    const { firstScreen } = await page(JOB_PAGE);
    expect(firstScreen).toContain('<dt>Salary</dt><dd>Not Disclosed</dd>');
    // Numbers no date or count on the page can hold (31 and 47 did: "Posted on 31 Oct").
    expect(firstScreen).not.toMatch(/37\.25|58\.75/);
  });

  it('sends none to a signed-in browser, for a search, an unknown job or another page', async () => {
    expect((await page('/jobs', 'theme=dark; rh_signed_in=1')).firstScreen).toBeNull();
    expect((await page(JOB_PAGE, 'rh_signed_in=1')).firstScreen).toBeNull();
    expect((await page('/jobs?searchText=react')).firstScreen).toBeNull();
    expect((await page('/jobs/Nobody/job-does-not-exist')).firstScreen).toBeNull();
    expect((await page('/referrals')).firstScreen).toBeNull();
  });

  it('shows the home page whole: its copy, a working search and its links, with ids of its own', async () => {
    const { firstScreen, head, html } = await page('/?utm_source=whatsapp');
    expect(firstScreen).toContain(
      `<h1 id="fs-home-title" class="fx-title" elementtiming="first-screen">${HOME_HERO.title}</h1>`,
    );
    expect(firstScreen).toContain(
      '<form role="search" action="/jobs" method="get" class="fx-search">',
    );
    expect(firstScreen).toContain('<label for="fs-home-search"');
    expect(firstScreen).toContain('<input id="fs-home-search" name="searchText" type="search"');
    for (const step of HOME_STEPS.steps) expect(firstScreen).toContain(`<h3>${step.title}</h3>`);
    expect(firstScreen).toContain(
      '<a class="fx-button fx-outline fx-md" href="/for-employee">Become a referee</a>',
    );
    // The app's page is in the document too until it takes over: no id is used twice.
    expect(firstScreen).not.toMatch(/id="(home-title|home-search|how-title)"/);
    // The page's tone, as the app's layout sets it: no change of colour when the app takes over.
    expect(html).toContain(
      `<body data-page-tone="home" style="background-color:${PAGE_TONES.home}">`,
    );
    // It asks for no data, so nothing is preloaded for it.
    expect(head).not.toContain('as="fetch"');
    const signedIn = await page('/', 'rh_signed_in=1');
    expect(signedIn.firstScreen).toBeNull();
    expect(signedIn.html).toContain('<body>');
  });

  it("shows the home page's new jobs and top companies, the API's answers, for the app too", async () => {
    const jobsAnswer = (
      await app.inject({ url: '/jobs-api/job/?pageSize=4&includeCompanyDetails=true' })
    ).json<{ data: Parameters<typeof homeHighlights>[0] }>();
    const companiesAnswer = (await app.inject({ url: '/api/companies/top?limit=6' })).json<{
      data: Parameters<typeof homeHighlights>[1];
    }>();
    const expected = homeHighlights(jobsAnswer.data, companiesAnswer.data);
    expect(expected.jobs).toHaveLength(4);
    expect(expected.companies.length).toBeGreaterThan(0);

    const { firstScreen } = await page('/');
    // After the steps, before who it is for: where the app's page has them.
    const at = (text: string) => firstScreen!.indexOf(text);
    expect(at('id="fs-how-title"')).toBeLessThan(at('id="fs-featured-title"'));
    expect(at('id="fs-companies-title"')).toBeLessThan(at('id="fs-who-title"'));
    for (const job of expected.jobs) {
      expect(firstScreen).toContain(
        `<a href="/jobs/${job.companyName.replace(/\s+/g, '_')}/${job.id}" class="fx-jobTitle">${job.title}</a>`,
      );
    }
    for (const company of expected.companies) {
      expect(firstScreen).toContain(
        `<a href="${companyJobsHref(company.name).replaceAll('&', '&amp;')}" class="fx-company">`,
      );
    }
    // The same section as data, for the app's first render; its ids are the first screen's own.
    const json = new RegExp(
      `<script type="application/json" id="${HIGHLIGHTS_DATA_ID}">([^<]*)</script>`,
    ).exec(firstScreen!)?.[1];
    expect(highlightsFromJson(json!)).toEqual(expected);
    expect(firstScreen).not.toMatch(/id="(featured-title|companies-title)"/);
  });

  it('keeps what a company wrote as text in the home page and its data', async () => {
    const [newest] = (
      await app.inject({ url: '/jobs-api/job/?pageSize=1&includeCompanyDetails=true' })
    ).json<{ data: { id: string }[] }>().data;
    const title = '</script><script>alert(1)</script> <b>Lead</b> & "co"';
    await database.db.update(jobs).set({ jobTitle: title }).where(eq(jobs.id, newest!.id));
    // Written behind the API's back: the highlights it keeps for a minute are dropped by hand.
    jobsWritten(database.db);
    const server = Fastify();
    await registerStaticApp(server, fixture.dir, { firstScreen: jobsFirstScreen(database.db) });
    const { firstScreen } = await page('/', undefined, server);
    await server.close();
    expect(firstScreen).not.toContain('<script>alert(1)');
    expect(firstScreen).not.toContain('<b>Lead');
    expect(firstScreen).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const json = /<script type="application\/json" id="[^"]+">([^<]*)<\/script>/.exec(
      firstScreen!,
    )?.[1];
    expect(highlightsFromJson(json!)?.jobs[0]?.title).toBe(title);
  });

  it("asks the database for the home page's highlights once a minute or after a job is written", async () => {
    jobsWritten(database.db);
    let clock = 0;
    const source = jobsFirstScreen(database.db, () => clock);
    const first = await source.highlights();
    const newest = first.jobs[0]!;
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, newest.id));
    await database.db
      .update(jobs)
      .set({ jobTitle: 'Posted a moment ago' })
      .where(eq(jobs.id, newest.id));
    try {
      clock = JOB_READS_KEPT_MS - 1;
      expect((await source.highlights()).jobs[0]?.title).toBe(newest.title);
      clock = JOB_READS_KEPT_MS;
      expect((await source.highlights()).jobs[0]?.title).toBe('Posted a moment ago');
      // Within the next minute a job write shows at once (the API's job writes call jobsWritten).
      await database.db.update(jobs).set({ jobTitle: 'Renamed' }).where(eq(jobs.id, newest.id));
      clock = JOB_READS_KEPT_MS + 1;
      expect((await source.highlights()).jobs[0]?.title).toBe('Posted a moment ago');
      jobsWritten(database.db);
      expect((await source.highlights()).jobs[0]?.title).toBe('Renamed');
    } finally {
      await database.db.update(jobs).set({ jobTitle: row!.jobTitle }).where(eq(jobs.id, newest.id));
      jobsWritten(database.db);
    }
  });

  it('is left out, not sent unstyled, when the build does not name a class it uses', () => {
    const map = classMapOfTheRealStylesheets();
    const job = { id: 'j1', jobTitle: 'T', companyName: 'C', createdAt: '2026-11-01T00:00:00Z' };
    expect(renderFirstScreen(map, { page: 'job', job } as never)).not.toBeNull();
    delete map[FIRST_SCREEN_CSS_FILES.detail]!.title;
    expect(renderFirstScreen(map, { page: 'job', job } as never)).toBeNull();
  });
});

describe("a signed-in reader's first screen of /jobs (issue 24)", () => {
  /** The cookies of a signed-in browser whose listing's first request is `query`. */
  const signedInWith = (query: string) =>
    `rh_signed_in=1; ${listingCookieAssignment(query, false).split(';')[0]}`;
  const defaultsQuery = new URLSearchParams({
    pageSize: '10',
    sortOrder: 'desc',
    status: 'PUBLISHED',
    coreSkills: 'React,TypeScript',
    jobTitle: 'Frontend Engineer',
    YOE: '4',
    includeCompanyDetails: 'true',
  });

  it("shows the jobs of the listing's own first request, with the profile's suggestion", async () => {
    const query = `?${defaultsQuery.toString()}`;
    const api = (await app.inject({ url: `/jobs-api/job/${query}` })).json<{
      data: { jobTitle: string }[];
    }>();
    const signedOut = (await app.inject({ url: FIRST_PAGE })).json<{
      data: { jobTitle: string }[];
    }>();
    // The defaults choose other jobs than a signed-out visitor's first page.
    expect(api.data.map((job) => job.jobTitle)).not.toEqual(
      signedOut.data.map((job) => job.jobTitle),
    );
    const { firstScreen, head } = await page('/jobs', signedInWith(query));
    expect(firstScreen).not.toBeNull();
    expect(titlesIn(firstScreen!).map((job) => job.title)).toEqual(
      api.data.map((job) => job.jobTitle),
    );
    // The same answer is the one the shell names for the app.
    expect(head).toContain(`href="/jobs-api/job/${query.replaceAll('&', '&amp;')}"`);
    // The line the app's notice shows, its button kept in place for the app.
    expect(firstScreen).toContain(
      `<p class="fx-defaults">${profileSuggestionText({ jobTitle: 'Frontend Engineer', coreSkills: 'React,TypeScript', YOE: 4 })} ` +
        '<button type="button" class="fx-linkButton" style="visibility:hidden" aria-hidden="true" tabindex="-1">Show all jobs</button></p>',
    );
    // Each card keeps the match score's place; the header has no calls to sign in.
    const places = firstScreen!.match(/<span style="visibility:hidden;height:40px"/g) ?? [];
    expect(places).toHaveLength(api.data.length);
    expect(firstScreen).not.toContain('href="/auth/login"');
    expect(firstScreen).not.toContain('Sign-up for free');
  });

  it('without profile defaults: the cards alone, no suggestion and no score places', async () => {
    const { firstScreen } = await page(
      '/jobs',
      signedInWith(new URL(FIRST_PAGE, 'http://x').search),
    );
    expect(firstScreen).not.toBeNull();
    expect(titlesIn(firstScreen!).length).toBeGreaterThan(0);
    expect(firstScreen).not.toContain('fx-defaults');
    expect(firstScreen).not.toContain('height:40px');
    expect(firstScreen).not.toContain('href="/auth/login"');
  });

  it('escapes what the cookie holds: it reaches the page only as text', async () => {
    const hostile = new URLSearchParams(defaultsQuery);
    hostile.set('jobTitle', '<img src=x onerror=alert(1)>');
    const { firstScreen } = await page('/jobs', signedInWith(`?${hostile.toString()}`));
    expect(firstScreen).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(firstScreen).not.toContain('<img src=x');
  });

  it('is left out without a listing cookie, for one the contract refuses, and off /jobs', async () => {
    expect((await page('/jobs', 'rh_signed_in=1')).firstScreen).toBeNull();
    const refused = new URLSearchParams(defaultsQuery);
    refused.set('pageSize', '5000');
    expect((await page('/jobs', signedInWith(`?${refused.toString()}`))).firstScreen).toBeNull();
    const query = `?${defaultsQuery.toString()}`;
    expect((await page(JOB_PAGE, signedInWith(query))).firstScreen).toBeNull();
    expect((await page('/jobs?searchText=react', signedInWith(query))).firstScreen).toBeNull();
    // The cookie means nothing to a browser that is not signed in.
    const signedOut = await page('/jobs', listingCookieAssignment(query, false).split(';')[0]);
    expect(signedOut.firstScreen).not.toContain('fx-defaults');
    expect(signedOut.firstScreen).toContain('href="/auth/login"');
  });
});

describe('a slow or failing source of jobs', () => {
  async function shellWith(source: Parameters<typeof registerStaticApp>[2], url = '/jobs') {
    const server = Fastify();
    await registerStaticApp(server, fixture.dir, source);
    const started = Date.now();
    const res = await server.inject({ url, headers: { accept: 'text/html' } });
    const elapsed = Date.now() - started;
    await server.close();
    return { res, elapsed };
  }

  it('does not hold the page up: after the wait, the shell goes without the first screen', async () => {
    const { res, elapsed } = await shellWith({
      firstScreen: {
        listing: () => new Promise(() => undefined),
        job: () => Promise.resolve(null),
        highlights: () => new Promise(() => undefined),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="first-screen"');
    expect(res.body).toContain('<div id="root"></div>');
    expect(elapsed).toBeGreaterThanOrEqual(FIRST_SCREEN_WAIT_MS - 20);
    expect(elapsed).toBeLessThan(FIRST_SCREEN_WAIT_MS + 2_000);
  });

  it('sends the shell when the database fails', async () => {
    const { res } = await shellWith({
      firstScreen: {
        listing: () => Promise.reject(new Error('down')),
        job: () => Promise.resolve(null),
        highlights: () => Promise.reject(new Error('down')),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('id="first-screen"');
  });

  it('sends the home page without its new jobs when they are slow or fail (the app adds them)', async () => {
    for (const highlights of [
      () => new Promise<never>(() => undefined),
      () => Promise.reject(new Error('down')),
    ]) {
      const { res, elapsed } = await shellWith(
        {
          firstScreen: {
            listing: () => Promise.resolve([]),
            job: () => Promise.resolve(null),
            highlights,
          },
        },
        '/',
      );
      expect(res.body).toContain('id="fs-home-title"');
      expect(res.body).not.toContain('id="fs-featured-title"');
      expect(res.body).not.toContain(HIGHLIGHTS_DATA_ID);
      expect(elapsed).toBeLessThan(FIRST_SCREEN_WAIT_MS + 2_000);
    }
  });
});

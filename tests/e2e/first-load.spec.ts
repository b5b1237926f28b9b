/**
 * What a first visit costs and whether a signed-in page load wastes round trips (issue 24 items 2
 * and 3), in real Chromium against the production build.
 *
 * Budgets, sized as gzip level 6 of the built file (the bytes the server sends) and counted over
 * the scripts a first visit requests: those requested before the page's content is in the DOM
 * (what the visitor waits for: the entry, its imports, the route's chunks), held to the issue's
 * targets where met; and everything requested until the network has been idle and two more
 * seconds have passed (which includes the device-save worker, Dexie and its stores, that saves
 * the answer behind the first card: src/lib/db/loader.ts; the page lists a worker's script
 * among its own resources), held to a ceiling. Deterministic: the same build loads the same
 * files, so a change that grows a first load fails here, with the list of files.
 *
 * The data hint: a signed-out first visit to `/jobs` or a job page downloads the page's first API
 * answer beside its scripts (server/http/static-app.ts, src/domain/page-data.ts), once; so does a
 * repeat visit, whose shell comes from the service worker (sw/data-hint.ts).
 *
 * 401s: a signed-in user who opens a page by URL (a full load) must not send a private call
 * with the placeholder token; each one costs a refused round trip and a retry.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { AccountMenuPage, signInAs } from './support/auth-page';
import { expect, test } from './support/fixtures';

const DIST = process.env.E2E_DIST_DIR ?? 'dist';
// A seeded job (server/seed: Peacock Analytics' UI Engineer): the page a visitor opens, not the
// "Error loading job" page an unknown id gives (which also has a heading).
const JOB_PAGE = '/jobs/Peacock_Analytics/job-000133';
const JOB_TITLE = 'UI Engineer';

// issue 24 item 2 targets, KB of gzip script per first load, held as they are: `/` 120, `/jobs`
// 160, a job page 170 before the content (117.3, 157.2 and 161.8 KB on 2026-11-29), and `/` 120
// over its whole first visit (119.4). Over the whole first visit `/jobs` and the job page add the
// device-save worker (Dexie and its stores, ~32 KB) after their content: 191.1 and 195.7 KB on
// 2026-11-29, held by ceilings just above. Lower a ceiling whenever a cut lands.
const BUDGETS_KB: readonly {
  path: string;
  target: number;
  /** What the page may load before its content is there. */
  beforeContent: number;
  /** What the whole first visit may load. */
  ceiling: number;
  /** The page's content, as a CSS selector (its insertion time splits the scripts). */
  content: string;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    path: '/',
    target: 120,
    beforeContent: 120,
    ceiling: 120,
    // The app's heading, in its root: the server's first screen before it is in the HTML.
    content: '#root h1',
    ready: (page) => expect(page.locator('#root h1')).toBeVisible(),
  },
  {
    path: '/jobs',
    target: 160,
    beforeContent: 160,
    ceiling: 191.5,
    // The app's content, in its root: the server's first screen before it is in the HTML.
    content: '#root [data-testid=job-card]',
    ready: (page) => expect(page.getByTestId('job-card').first()).toBeVisible(),
  },
  {
    path: JOB_PAGE,
    target: 170,
    beforeContent: 170,
    ceiling: 196,
    content: '#root article h1',
    ready: (page) => expect(page.locator('#root article h1')).toBeVisible(),
  },
];

const gzipSizes = new Map<string, number>();
function gzipSizeOf(urlPath: string): number {
  let size = gzipSizes.get(urlPath);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(DIST, urlPath)), { level: 6 }).length;
    gzipSizes.set(urlPath, size);
  }
  return size;
}

// Runs before the page's own scripts: when the content first enters the DOM (page clock).
const contentProbe = (selector: string) => `
  new MutationObserver(function (_, observer) {
    if (document.querySelector(${JSON.stringify(selector)})) {
      window.__contentAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * Same-origin scripts the page requested, each with whether it was asked for before the content
 * was in the DOM, and the preload hints the browser fetched but could not use (each one a file
 * downloaded twice).
 */
async function scriptsOfFirstLoad(
  page: Page,
  url: string,
  content: string,
  ready: (page: Page) => Promise<void>,
) {
  const unusedPreloads: string[] = [];
  page.on('console', (message) => {
    if (/preload .* is found, but is not used/.test(message.text()))
      unusedPreloads.push(message.text());
  });
  await page.addInitScript(contentProbe(content));
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  // Work deferred behind the content (the device copy) comes within this.
  await page.waitForTimeout(2_000);
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() => {
    const contentAt = (window as unknown as { __contentAt?: number }).__contentAt ?? Infinity;
    // The earliest request of each file (a preload and its use are one download).
    const requested = new Map<string, number>();
    for (const entry of performance.getEntriesByType('resource')) {
      const url = new URL(entry.name);
      if (url.origin !== location.origin || !url.pathname.endsWith('.js')) continue;
      const seen = requested.get(url.pathname);
      if (seen === undefined || entry.startTime < seen)
        requested.set(url.pathname, entry.startTime);
    }
    return [...requested].map(([file, startTime]) => ({
      file,
      beforeContent: startTime < contentAt,
    }));
  });
  return { scripts, unusedPreloads };
}

const total = (files: readonly { kb: number }[]) => files.reduce((sum, { kb }) => sum + kb, 0);
const list = (files: readonly { file: string; kb: number }[]) =>
  files.map(({ file, kb }) => `${kb.toFixed(1)} KB ${file}`).join('\n');

test.describe('first-load script budgets (gzip)', () => {
  // A first visit: no service worker yet (it would precache in the background, not counted).
  test.use({ serviceWorkers: 'block' });

  for (const { path: pagePath, target, beforeContent, ceiling, content, ready } of BUDGETS_KB) {
    test(`${pagePath} loads at most ${beforeContent} KB of script before its content, ${ceiling} KB in all`, async ({
      page,
    }) => {
      const { scripts, unusedPreloads } = await scriptsOfFirstLoad(page, pagePath, content, ready);
      const sized = scripts
        .filter(({ file }) => !file.endsWith('/sw.js'))
        .map((script) => ({ ...script, kb: gzipSizeOf(script.file) / 1024 }))
        .sort((a, b) => b.kb - a.kb);
      const first = sized.filter((script) => script.beforeContent);
      console.log(
        `${pagePath}: ${total(first).toFixed(1)} KB gzip in ${first.length} scripts before the content ` +
          `(budget ${beforeContent}, target ${target}); ${total(sized).toFixed(1)} KB in ${sized.length} ` +
          `in all (ceiling ${ceiling})`,
      );
      expect(total(first), `${pagePath} before its content:\n${list(first)}`).toBeLessThanOrEqual(
        beforeContent,
      );
      expect(total(sized), `${pagePath} in all:\n${list(sized)}`).toBeLessThanOrEqual(ceiling);
      // The server's route hints (server/http/route-preloads.ts) must match how the app loads
      // each file, or the browser fetches it a second time.
      expect(unusedPreloads).toEqual([]);
    });
  }
});

// Signed-in pages, counted in files rather than bytes: on a slow link each script is a request,
// and the modulepreload list asks for them all at once, so their number is what a phone waits
// on (issue 24 item 2, "fewer, larger chunks"). The chunk groups in vite.config.ts (the match
// UI, the signed-in contract areas, Mantine's core and common components) hold these counts; a
// change that splits them apart again, or that adds files to every signed-in page, fails here
// with the list. Measured on 2026-11-29, the same in three runs each: 58 and 82 (65 and 106
// before the three groups). Lower a ceiling whenever a cut lands.
const SIGNED_IN_SCRIPTS: readonly {
  email: string;
  path: string;
  most: number;
  content: string;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    email: 'candidate@example.com',
    path: '/jobs',
    most: 58,
    content: '#root [data-testid=job-card]',
    ready: (page) => expect(page.getByTestId('job-card').first()).toBeVisible(),
  },
  {
    email: 'referee@example.com',
    path: '/v1/employee/profile',
    most: 82,
    content: '#root h1',
    ready: (page) => expect(page.locator('#root h1')).toBeVisible(),
  },
];

test.describe('signed-in first loads: scripts per page', () => {
  for (const { email, path: pagePath, most, content, ready } of SIGNED_IN_SCRIPTS) {
    test(`${email} on ${pagePath} loads at most ${most} scripts`, async ({
      page,
      browser,
      baseURL,
    }) => {
      await signInAs(page, email);
      // The same session's first load in a browser with nothing cached and no service worker.
      const fresh = await browser.newContext({
        baseURL,
        storageState: await page.context().storageState(),
        serviceWorkers: 'block',
      });
      try {
        const { scripts } = await scriptsOfFirstLoad(
          await fresh.newPage(),
          pagePath,
          content,
          ready,
        );
        const files = scripts.map(({ file }) => file).filter((file) => !file.endsWith('/sw.js'));
        console.log(`${email} on ${pagePath}: ${files.length} scripts (at most ${most})`);
        expect(files.length, files.sort().join('\n')).toBeLessThanOrEqual(most);
      } finally {
        await fresh.close();
      }
    });
  }
});

test.describe('a first visit saves what it showed off the page', () => {
  test.use({ serviceWorkers: 'block' });

  test('/jobs: the device-save worker writes the listing; the page never loads Dexie', async ({
    page,
  }) => {
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto('/jobs');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    // The listing's first page, saved for offline use.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const request = indexedDB.open('referralhub');
              // Not there yet: do not create it (an empty one would stand in the app's way).
              request.onupgradeneeded = () => request.transaction?.abort();
              request.onerror = () => resolve(0);
              request.onsuccess = () => {
                const db = request.result;
                const all = db.transaction('listings').objectStore('listings').getAll();
                all.onsuccess = () => {
                  db.close();
                  resolve(all.result.length);
                };
              };
            }),
        ),
      )
      .toBe(1);
    expect(workers.some((file) => file.includes('device-save-worker'))).toBe(true);
    // Dexie is in the worker's script, not in any of the page's own.
    const pageScripts = (
      await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((file) => file.endsWith('.js')),
      )
    ).filter((file) => !workers.includes(file));
    const withDexie = pageScripts.filter((file) =>
      readFileSync(path.join(DIST, file), 'utf8').includes('DatabaseClosedError'),
    );
    expect(withDexie).toEqual([]);
  });
});

const HINT = /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/;

/**
 * Watches the jobs host's `/job/` calls and Chromium's "preload is not used" warnings, then
 * checks that the page's own request took the answer its shell named: one download, the one
 * named, and no other request to that endpoint (which a differently built URL would be).
 */
function watchDataHint(page: Page) {
  const calls: string[] = [];
  const unused: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/jobs-api/job/')) calls.push(url.pathname + url.search);
  };
  const onConsole = (message: { text: () => string }) => {
    if (/preload .* is found, but is not used/.test(message.text())) unused.push(message.text());
  };
  page.on('request', onRequest);
  page.on('console', onConsole);
  return {
    async expectTakenOnce(shellHtml: string) {
      const hinted = HINT.exec(shellHtml)?.[1]?.replaceAll('&amp;', '&');
      expect(hinted, 'the shell names the answer').toBeTruthy();
      await page.waitForLoadState('networkidle');
      // Chromium reports an unused preload a few seconds after the load event.
      await page.waitForTimeout(3_500);
      const endpoint = hinted!.split('?')[0];
      expect(calls.filter((call) => call.split('?')[0] === endpoint)).toEqual([hinted]);
      expect(unused).toEqual([]);
      page.off('request', onRequest);
      page.off('console', onConsole);
    },
  };
}

const HINTED_PAGES = [
  ['/jobs', (page: Page) => expect(page.getByTestId('job-card').first()).toBeVisible()],
  [
    JOB_PAGE,
    (page: Page) => expect(page.getByRole('heading', { level: 1, name: JOB_TITLE })).toBeVisible(),
  ],
] as const;

test.describe("a signed-out page's first API answer, named in the shell", () => {
  test.describe('by the server, on a first visit', () => {
    test.use({ serviceWorkers: 'block' });

    for (const [pagePath, ready] of HINTED_PAGES) {
      test(`${pagePath} downloads it once, while the scripts load`, async ({ page }) => {
        const hint = watchDataHint(page);
        const shell = await page.goto(pagePath);
        await ready(page);
        await hint.expectTakenOnce(await shell!.text());
      });
    }
  });

  test('by the service worker, on a repeat visit (sw/data-hint.ts)', async ({ page }) => {
    await page.goto('/jobs');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    await page.waitForFunction(
      async () =>
        (await navigator.serviceWorker.ready).active?.state === 'activated' &&
        navigator.serviceWorker.controller !== null,
    );
    await page.waitForLoadState('networkidle');
    for (const [pagePath, ready] of [...HINTED_PAGES].reverse()) {
      const hint = watchDataHint(page);
      const shell = await page.goto(pagePath);
      expect(shell!.fromServiceWorker(), `${pagePath} comes from the service worker`).toBe(true);
      await ready(page);
      await hint.expectTakenOnce(await shell!.text());
    }
  });
});

test.describe('a signed-in page load', () => {
  test('sends no private call without its token (no 401 on a full load)', async ({ page }) => {
    await signInAs(page, 'candidate@example.com');
    await page.waitForURL(/\/v1\//);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    // The signed-out data hint is not sent to a signed-in browser: its listing asks for its
    // default filters instead, and the hinted answer would download for nothing.
    const unused: string[] = [];
    page.on('console', (message) => {
      if (/preload .* is found, but is not used/.test(message.text())) unused.push(message.text());
    });
    // The shells come from the service worker (as on any visit after the first), which must
    // leave the hint out for a signed-in browser as the server does (sw/data-hint.ts).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const hinted: string[] = [];
    const fromServer: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'document') return;
      if (!response.fromServiceWorker()) fromServer.push(new URL(response.url()).pathname);
      const html = await response.text().catch(() => '');
      if (html.includes('as="fetch"')) hinted.push(new URL(response.url()).pathname);
    });
    for (const [url, ready] of [
      ['/jobs', () => expect(page.getByTestId('job-card').first()).toBeVisible()],
      [
        JOB_PAGE,
        () => expect(page.getByRole('heading', { level: 1, name: JOB_TITLE })).toBeVisible(),
      ],
      [
        '/v1/candidate/profile',
        () => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
      ],
      ['/saved-jobs', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible()],
    ] as const) {
      await page.goto(url);
      await ready();
      await page.waitForLoadState('networkidle');
    }
    expect(refused).toEqual([]);
    expect(fromServer).toEqual([]);
    expect(hinted).toEqual([]);
    expect(unused).toEqual([]);
  });
});

test.describe("every other role's pages on a full load", () => {
  // The candidate's pages are above; these screens make their own first calls (a company's jobs,
  // the referee's requests, the moderation queues), each of which must go out with the token.
  const PAGES: Record<string, readonly string[]> = {
    'referee@example.com': ['/v1/employee/profile', '/guidance/bookings'],
    'corp-admin@example.com': [
      '/v1/corporate/jobs',
      '/v1/corporate/company',
      '/v1/corporate/users',
    ],
    'admin@example.com': ['/v1/admin/users', '/v1/admin/ajobs', '/v1/admin/referrals'],
    'evaluator@example.com': ['/v1/evaluator/queue'],
  };
  for (const [email, paths] of Object.entries(PAGES)) {
    test(`${email} sends no private call without its token`, async ({ page }) => {
      await signInAs(page, email);
      await page.waitForURL(/\/v1\//);
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 401) refused.push(new URL(response.url()).pathname);
      });
      for (const url of paths) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
      }
      expect(refused).toEqual([]);
    });
  }
});

test.describe("a signed-in listing's first answer, named in the shell", () => {
  test('the app keeps its first request; the next load downloads it once, beside the scripts', async ({
    page,
    browser,
    baseURL,
  }) => {
    await signInAs(page, 'candidate@example.com');
    await page.waitForURL(/\/v1\//);
    await page.goto('/jobs');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    const kept = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === 'rh_jobs_first');
    // The candidate's default filters are in it: the listing starts from them (spec §4).
    await expect
      .poll(async () => decodeURIComponent((await kept())?.value ?? ''))
      .toMatch(/^\?pageSize=10&.*coreSkills=/);

    // The same browser's next first load, with no service worker and nothing cached (the
    // worker's shell has no hints; this is what the server sends).
    const next = await browser.newContext({
      baseURL,
      storageState: await page.context().storageState(),
      serviceWorkers: 'block',
    });
    try {
      const fresh = await next.newPage();
      const hint = watchDataHint(fresh);
      const shell = await fresh.goto('/jobs');
      const html = await shell!.text();
      expect(HINT.exec(html)?.[1]?.replaceAll('&amp;', '&')).toBe(
        `/jobs-api/job/${decodeURIComponent((await kept())!.value)}`,
      );
      await expect(fresh.getByTestId('job-card').first()).toBeVisible();
      await hint.expectTakenOnce(html);
    } finally {
      await next.close();
    }

    // Sign-out takes it away with the session.
    await new AccountMenuPage(page).logout();
    await expect.poll(kept).toBeUndefined();
  });
});

/**
 * What a first visit costs and whether a signed-in page load wastes round trips (issue 24 items 2
 * and 3), in real Chromium against the production build.
 *
 * Budgets: every script the page loads until the network is idle (the entry, its imports, the
 * route's lazy chunks, anything the first render imports), sized as gzip level 6 of the built
 * file — the bytes the server sends. Deterministic: the same build loads the same files, so a
 * change that grows the first load past the budget fails here, with the list of files.
 *
 * 401s: a signed-in user who opens a page by URL (a full load) must not send a private call
 * with the placeholder token; each one costs a refused round trip and a retry.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { AuthPage } from './support/auth-page';
import { expect, test } from './support/fixtures';

const DIST = process.env.E2E_DIST_DIR ?? 'dist';
// A seeded job (server/seed: Peacock Analytics' UI Engineer): the page a visitor opens, not the
// "Error loading job" page an unknown id gives (which also has a heading).
const JOB_PAGE = '/jobs/Peacock_Analytics/job-000133';
const JOB_TITLE = 'UI Engineer';

// issue 24 item 2 targets, KB of gzip script per first load: `/` 120, `/jobs` 160, a job page
// 170. Not met yet (docs/decisions.md "First-load budgets"): react-dom alone is 62 KB, Dexie 31 KB
// is imported by the listing's first render, zod/mini 10 KB by the shell's search-param and
// session checks, DOMPurify 11 KB by the job page's description. Until they are, each page has a
// ceiling just above what it loads today, so a change that makes a first load heavier fails
// here; lower a ceiling whenever a cut lands. Signed-in-only code (Apply's outbox, Report this
// job, match scores, push, the profile schemas) is out of these loads: 140.4, 190.9 and 195.9
// KB on 2026-11-24.
const BUDGETS_KB: readonly {
  path: string;
  target: number;
  budget: number;
  ready: (page: Page) => Promise<void>;
}[] = [
  {
    path: '/',
    target: 120,
    budget: 142,
    ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible(),
  },
  {
    path: '/jobs',
    target: 160,
    budget: 192,
    ready: (page) => expect(page.getByTestId('job-card').first()).toBeVisible(),
  },
  {
    path: JOB_PAGE,
    target: 170,
    budget: 197,
    ready: (page) => expect(page.getByRole('heading', { level: 1, name: JOB_TITLE })).toBeVisible(),
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

/**
 * Same-origin scripts the page requested, until the network has been idle for 500 ms, and the
 * preload hints the browser fetched but could not use (each one a file downloaded twice).
 */
async function scriptsOfFirstLoad(page: Page, url: string, ready: (page: Page) => Promise<void>) {
  const scripts = new Set<string>();
  const unusedPreloads: string[] = [];
  page.on('console', (message) => {
    if (/preload .* is found, but is not used/.test(message.text()))
      unusedPreloads.push(message.text());
  });
  page.on('request', (request) => {
    const requested = new URL(request.url());
    if (request.resourceType() === 'script' && requested.pathname.endsWith('.js'))
      scripts.add(requested.pathname);
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  return { scripts: [...scripts], unusedPreloads };
}

test.describe('first-load script budgets (gzip)', () => {
  // A first visit: no service worker yet (it would precache in the background, not counted).
  test.use({ serviceWorkers: 'block' });

  for (const { path: pagePath, target, budget, ready } of BUDGETS_KB) {
    test(`${pagePath} loads at most ${budget} KB of script`, async ({ page }) => {
      const { scripts, unusedPreloads } = await scriptsOfFirstLoad(page, pagePath, ready);
      const sized = scripts
        .filter((file) => !file.endsWith('/sw.js'))
        .map((file) => ({ file, kb: gzipSizeOf(file) / 1024 }))
        .sort((a, b) => b.kb - a.kb);
      const total = sized.reduce((sum, { kb }) => sum + kb, 0);
      const breakdown = sized.map(({ file, kb }) => `${kb.toFixed(1)} KB ${file}`).join('\n');
      console.log(
        `${pagePath}: ${total.toFixed(1)} KB gzip in ${sized.length} scripts (ceiling ${budget}, target ${target})`,
      );
      expect(total, `${pagePath}: ${sized.length} scripts\n${breakdown}`).toBeLessThanOrEqual(
        budget,
      );
      // The server's route hints (server/http/route-preloads.ts) must match how the app loads
      // each file, or the browser fetches it a second time.
      expect(unusedPreloads).toEqual([]);
    });
  }
});

test.describe('a signed-in page load', () => {
  test('sends no private call without its token (no 401 on a full load)', async ({ page }) => {
    await new AuthPage(page).signIn('candidate@example.com');
    await page.waitForURL(/\/v1\//);
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
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
  });
});

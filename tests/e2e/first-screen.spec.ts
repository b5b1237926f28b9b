/**
 * The server's first screen (issue 24 item 5): a signed-out first visit to `/`, `/jobs` or a job
 * page, and a signed-in one to `/jobs`, shows the page from the HTML, before any script has run,
 * and the app takes over in the same place. Real Chromium against the production build and the real server.
 */
import type { Browser, Page } from '@playwright/test';
import { ROUTE_CHUNK_LINK } from '../../src/domain/app-entry';
import { HOME_HERO, HOME_HIGHLIGHTS, HOME_STEPS } from '../../src/domain/home-copy';
import { LISTING_COOKIE } from '../../src/domain/listing-cookie';
import { SIGNED_IN_COOKIE } from '../../src/domain/signed-in-cookie';
import { REFRESH_DELAY_MS } from '../../sw/page-cache';
import { PAGE_CACHE, signedInPageKey } from '../../src/lib/pwa/kept-pages';
import { signInAs } from './support/auth-page';
import { expect, test } from './support/fixtures';

const JOB_PAGE = '/jobs/Peacock_Analytics/job-000133';

/**
 * Where what a visitor reads sits on the page, the first screen's or the app's: headings, lines,
 * facts, the search box, and each logo's place (a card further down shows its company's initial
 * there until the app takes over).
 */
async function layout(page: Page, scope: string) {
  return page.evaluate((scope) => {
    const logoSlot = 'article > div:first-child > :first-child, article > header > img';
    const elements = document.querySelectorAll(
      ['h1', 'h2', 'p', 'li', 'dd', 'input[type=search]', ...logoSlot.split(', ')]
        .map((selector) => `${scope} ${selector}`)
        .join(', '),
    );
    // The filter panel is the app's alone (a side column from 900 px, folded away on a phone).
    const read = [...elements].filter((element) => !element.closest('aside'));
    return read.slice(0, 60).map((element) => {
      const box = element.getBoundingClientRect();
      const what = element.matches(logoSlot)
        ? 'logo'
        : `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
      return `${what} at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    });
  }, scope);
}

async function withoutScripts<T>(
  browser: Browser,
  baseURL: string,
  run: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    return await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Opens `path` with the app's entry script held back, as on a slow network: the page shows the
 * server's first screen alone until the returned function lets the script through.
 */
async function openWithTheAppHeld(page: Page, path: string): Promise<() => void> {
  let letIn: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (letIn = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the (held) module script.
  await page.goto(path, { waitUntil: 'commit' });
  return letIn;
}

test.describe('the first screen comes in the HTML', () => {
  test('without any script, /jobs lists the jobs, opens one, and searches', async ({
    browser,
    baseURL,
  }) => {
    await withoutScripts(browser, baseURL!, async (page) => {
      await page.goto('/jobs');
      await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
      const titles = page.getByRole('region', { name: 'Job results' }).getByRole('heading', {
        level: 2,
      });
      await expect(titles).toHaveCount(10);
      // Controls that need the app are not offered yet.
      await expect(page.getByRole('button', { name: /Save|Filters/ })).toHaveCount(0);

      const first = titles.first().getByRole('link');
      const title = (await first.textContent())!;
      await first.click();
      await expect(page).toHaveURL(/\/jobs\/[^/]+\/job-\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Job description' })).toBeVisible();

      await page.goto('/jobs');
      await page.getByRole('searchbox').fill('analyst');
      await page.getByRole('button', { name: 'Search Job' }).click();
      await expect(page).toHaveURL(/\/jobs\?searchText=analyst$/);
    });
  });

  test('without any script, the home page searches and its links lead on', async ({
    browser,
    baseURL,
  }) => {
    await withoutScripts(browser, baseURL!, async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(HOME_HERO.title);
      await expect(page.getByRole('heading', { name: HOME_STEPS.title })).toBeVisible();
      await page.getByLabel(HOME_HERO.searchLabel).fill('analyst');
      await page.getByRole('button', { name: HOME_HERO.searchButton }).click();
      await expect(page).toHaveURL(/\/jobs\?searchText=analyst$/);
      // Its links are plain links: Browse jobs opens the listing's first screen.
      await page.goto('/');
      await page.getByRole('link', { name: 'Browse jobs' }).click();
      await expect(page).toHaveURL(/\/jobs$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
      // The new jobs and top companies are there too, and lead on: a new job opens its page.
      await page.goto('/');
      const newJobs = page.getByRole('region', { name: HOME_HIGHLIGHTS.jobsTitle });
      await expect(newJobs.getByRole('listitem')).toHaveCount(4);
      const companies = page.getByRole('region', { name: HOME_HIGHLIGHTS.companiesTitle });
      await expect(companies.getByRole('link')).not.toHaveCount(0);
      const job = newJobs.getByRole('link').nth(1);
      const title = (await job.textContent())!;
      await job.click();
      await expect(page).toHaveURL(/\/jobs\/[^/]+\/job-\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    });
  });

  test('the app takes over /, /jobs and a job page in the same place, once', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // On `/` the whole page, its new jobs and top companies included: the app draws them from
    // the data the server sent with them, without asking the API again.
    const highlightCalls: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (/\/companies\/top|\/job\/\?pageSize=4/.test(request.url()))
        highlightCalls.push(request.url());
      if (request.resourceType() === 'stylesheet')
        stylesheets.push(new URL(request.url()).pathname);
    });
    const pages = [
      ['/jobs', 'main'],
      [JOB_PAGE, 'main'],
      ['/', 'main'],
    ] as const;
    for (const [path, scope] of pages) {
      const tone = (on: Page) => on.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const before = await withoutScripts(browser, baseURL!, async (early) => {
        await early.goto(path);
        return { layout: await layout(early, `#first-screen ${scope}`), tone: await tone(early) };
      });
      expect(before.layout.length, path).toBeGreaterThan(10);

      await page.goto(path);
      await expect(page.locator('#first-screen')).toHaveCount(0);
      const after = await layout(page, `#root ${scope}`);
      expect(after.slice(0, before.layout.length), path).toEqual(before.layout);
      // The same page colour: the app's layout sets the tone the server already gave.
      expect(await tone(page), path).toBe(before.tone);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      if (path === '/jobs') {
        // Its stylesheets came in the HTML: their links are disabled, and neither the browser nor
        // the app's loader fetched them (the first visit, before the service worker).
        const inlined = await page
          .locator('head link[rel="stylesheet"][disabled]')
          .evaluateAll((links) =>
            links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
          );
        expect(inlined.length).toBeGreaterThanOrEqual(3);
        expect(stylesheets.filter((style) => inlined.includes(style))).toEqual([]);
        // One list, now the app's: its cards can be saved.
        await expect(page.getByTestId('job-card')).toHaveCount(10);
        await expect(page.getByRole('button', { name: /^Save / }).first()).toBeVisible();
      } else if (path === JOB_PAGE) {
        await expect(page.getByRole('button', { name: 'Apply' })).toBeVisible();
      } else {
        await expect(
          page.getByRole('region', { name: HOME_HIGHLIGHTS.jobsTitle }).getByRole('listitem'),
        ).toHaveCount(4);
        expect(highlightCalls).toEqual([]);
      }
    }
  });

  for (const path of ['/jobs', '/']) {
    test(`what a visitor types on ${path} before the app is there carries over into it`, async ({
      page,
    }) => {
      const letTheAppIn = await openWithTheAppHeld(page, path);
      const early = page.locator('#first-screen').getByRole('searchbox');
      await early.fill('data');
      letTheAppIn();

      await expect(page.locator('#first-screen')).toHaveCount(0);
      const search = page.getByRole('searchbox');
      await expect(search).toHaveValue('data');
      await expect(search).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/jobs\?searchText=data/);
      await expect(page.getByTestId('job-card').first()).toBeVisible();
    });
  }

  test('a visitor who has scrolled down stays where they were reading', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const letTheAppIn = await openWithTheAppHeld(page, '/jobs');
    const fifth = page.locator('#first-screen article').nth(4).getByRole('heading', { level: 2 });
    const title = (await fifth.textContent())!;
    await fifth.scrollIntoViewIfNeeded();
    const before = await fifth.boundingBox();
    letTheAppIn();

    await expect(page.locator('#first-screen')).toHaveCount(0);
    const same = page.getByTestId('job-card').nth(4).getByRole('heading', { level: 2 });
    await expect(same).toHaveText(title);
    expect(await same.boundingBox()).toEqual(before);
  });

  test('a signed-in browser without its listing cookie gets the app alone', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: baseURL! }]);
    const response = await page.request.get('/jobs', { headers: { accept: 'text/html' } });
    expect(await response.text()).not.toContain('id="first-screen"');
  });

  test("a signed-in candidate reads the profile's suggested jobs before the app, which takes over in place", async ({
    page,
    browser,
    baseURL,
  }) => {
    // A candidate who has just signed in on this browser (and not opened /jobs yet): the app
    // keeps the listing's first request, with the profile's default filters, in a cookie as soon
    // as it has the profile.
    await signInAs(page, 'candidate@example.com');
    await page.waitForURL(/\/v1\//);
    const kept = async () =>
      (await page.context().cookies()).find((cookie) => cookie.name === LISTING_COOKIE)?.value;
    await expect.poll(async () => decodeURIComponent((await kept()) ?? '')).toContain('jobTitle=');

    // Its next load on a slow network, nothing cached: the scripts are held back.
    const next = await browser.newContext({
      baseURL,
      storageState: await page.context().storageState(),
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    try {
      const fresh = await next.newPage();
      // The app then ranks the cards by match (spec §9), which the server cannot (the scores are
      // the device's); held back here so that what is compared is the takeover itself.
      await fresh.route(/\/assets\/match-ranking-[\w-]+\.js$/, () => undefined);
      const letTheAppIn = await openWithTheAppHeld(fresh, '/jobs');
      const early = fresh.locator('#first-screen');
      const suggestion = early.getByText(/^Suggested for your profile: Frontend Engineer · /);
      await expect(suggestion).toBeVisible();
      const said = (await suggestion.textContent())!.replace('Show all jobs', '').trim();
      const firstTitle = await early.getByRole('heading', { level: 2 }).first().textContent();
      // Signed in: no calls to sign in or sign up in the header.
      await expect(early.getByRole('link', { name: 'Login' })).toHaveCount(0);
      const before = await layout(fresh, '#first-screen main');
      expect(before.length).toBeGreaterThan(10);

      letTheAppIn();
      await expect(early).toHaveCount(0);
      // Once the scores are in, every line is where the first screen had it (each card kept the
      // score's place).
      await expect(fresh.getByTestId('match-score').first()).toBeVisible();
      await expect(fresh.getByTestId('match-pending')).toHaveCount(0);
      const after = await layout(fresh, '#root main');
      expect(after.slice(0, before.length)).toEqual(before);
      // The app says the same and lists the same jobs.
      await expect(fresh.getByTestId('profile-defaults')).toHaveText(`${said} Show all jobs`);
      await expect(
        fresh.getByTestId('job-card').first().getByRole('heading', { level: 2 }),
      ).toHaveText(firstTitle!);
    } finally {
      await next.close();
    }
  });
});

test.describe('a return visit (sw/page-cache.ts)', () => {
  test("the service worker answers with the last visit's page, whose first screen paints before the app starts; offline too; never for a signed-in browser", async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/jobs');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The worker keeps the page a few seconds after a visit (the app's own calls go first).
    const kept = (path: string) =>
      page.evaluate(
        async ({ cacheName, url }) =>
          (await (await caches.open(cacheName)).match(url)) !== undefined,
        { cacheName: PAGE_CACHE, url: `${baseURL}${path}` },
      );
    await expect.poll(() => kept('/jobs'), { timeout: REFRESH_DELAY_MS + 30_000 }).toBe(true);

    // When the app first drew into its root, to compare with the first contentful paint.
    await page.addInitScript(() => {
      const w = window as unknown as { rootFilledAt?: number };
      new MutationObserver((_, observer) => {
        if (document.getElementById('root')?.firstChild) {
          w.rootFilledAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const paintedThenStarted = () =>
      page.evaluate(() => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
        const filled = (window as unknown as { rootFilledAt?: number }).rootFilledAt;
        return fcp !== undefined && filled !== undefined && fcp < filled;
      });

    const back = await page.goto('/jobs');
    expect(back?.fromServiceWorker()).toBe(true);
    const html = await back!.text();
    expect(html).toContain('id="first-screen"');
    expect(html).toContain('start-after-paint');
    // Without the route's chunk links of a first visit: the worker has those at hand.
    expect(html).not.toContain(ROUTE_CHUNK_LINK);
    // The first screen was painted before the app began, and the app took it over.
    await expect(page.locator('#root [data-testid=job-card]').first()).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect.poll(paintedThenStarted).toBe(true);

    // Offline: the same page, from the worker alone.
    await context.setOffline(true);
    try {
      const offline = await page.goto('/jobs');
      expect(await offline!.text()).toContain('id="first-screen"');
      await expect(page.locator('#root [data-testid=job-card]').first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }

    // A signed-in browser never gets a page kept for a signed-out one: the app's shell.
    await context.addCookies([{ name: SIGNED_IN_COOKIE, value: '1', url: baseURL! }]);
    const signedIn = await page.goto('/jobs');
    expect(signedIn?.fromServiceWorker()).toBe(true);
    expect(await signedIn!.text()).not.toContain('id="first-screen"');
  });

  test("a signed-in candidate's return to /jobs paints the profile's suggested jobs from the worker; signing out forgets that page", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'candidate@example.com');
    await page.waitForURL(/\/v1\//);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const listing = async () =>
      decodeURIComponent(
        (await page.context().cookies()).find((cookie) => cookie.name === LISTING_COOKIE)?.value ??
          '',
      );
    await expect.poll(listing).toContain('jobTitle=');
    const key = signedInPageKey(`${baseURL}/jobs`, await listing());
    const kept = () =>
      page.evaluate(
        async ({ cacheName, url }) =>
          (await (await caches.open(cacheName)).match(url)) !== undefined,
        { cacheName: PAGE_CACHE, url: key },
      );

    await page.goto('/jobs');
    await expect(page.getByTestId('job-card').first()).toBeVisible();
    await expect.poll(kept, { timeout: REFRESH_DELAY_MS + 30_000 }).toBe(true);

    const back = await page.goto('/jobs');
    expect(back?.fromServiceWorker()).toBe(true);
    const html = await back!.text();
    expect(html).toContain('id="first-screen"');
    expect(html).toContain('Suggested for your profile: Frontend Engineer');
    // The app takes it over, as on a first visit.
    await expect(page.locator('#root [data-testid=job-card]').first()).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.getByTestId('profile-defaults')).toContainText('Frontend Engineer');

    // Signing out forgets the page kept for the signed-in reader; the next visit is a signed-out
    // visitor's.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(/\/$/);
    // At once, by the app (the worker would keep the next page only REFRESH_DELAY_MS later).
    await expect.poll(kept, { timeout: REFRESH_DELAY_MS / 2 }).toBe(false);
    const signedOut = await page.goto('/jobs');
    expect(await signedOut!.text()).not.toContain('Suggested for your profile');
  });
});

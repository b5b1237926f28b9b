/**
 * `npm run bench:offline-ready` (issue 24): how long after a first visit a phone on slow 3G has
 * the app for offline, i.e. the service worker installed with its whole precache, and what the
 * page's own requests cost meanwhile.
 *
 * Real Chromium at 4× CPU against the production build, through a link shared by every
 * connection (scripts/lib/shared-link.ts: 400 ms round trip, 50 KB/s each way), so the worker's
 * downloads and the page's requests compete as on a phone. Per run, a fresh profile opens
 * `/jobs` signed out: the first job card; the worker active (polled every 250 ms); and, while
 * it installs, three listing pages fetched by the page one after another. Median of RUNS runs.
 *
 * Build first (`npm run build`) or name one: OFFLINE_READY_DIST=/tmp/dist. With
 * OFFLINE_READY_BASELINE=/tmp/dist-main the other build runs in turn in the same process and the
 * ratio of the offline-ready medians is printed. OFFLINE_READY_RUNS (default 3).
 */
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { median } from './bench-scoring';
import { chromiumArgs, chromiumPath } from './lib/chromium';
import { startServer } from './lib/server-process';
import { SLOW_3G_LINK, startSharedLink } from './lib/shared-link';

const DIST = process.env.OFFLINE_READY_DIST ?? 'dist';
const BASELINE = process.env.OFFLINE_READY_BASELINE;
const RUNS = Number(process.env.OFFLINE_READY_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
const READY_LIMIT_MS = 300_000;

interface Run {
  readonly firstCardMs: number;
  readonly offlineReadyMs: number;
  readonly callsMs: readonly number[];
}

async function oneRun(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const start = Date.now();
    await page.goto(`${url}/jobs`, { timeout: 120_000 });
    await page.locator('a[href^="/jobs/"]').first().waitFor({ timeout: 120_000 });
    const firstCardMs = Date.now() - start;
    // Polled in the page (a registration is read asynchronously): resolves when `which` is set.
    const registration = (which: 'installing' | 'active', everyMs: number) =>
      page.evaluate(
        async ([state, every, limit]) => {
          const until = performance.now() + limit;
          while (performance.now() < until) {
            if ((await navigator.serviceWorker.getRegistration())?.[state]) return;
            await new Promise((resolve) => setTimeout(resolve, every));
          }
          throw new Error(`no ${state} service worker`);
        },
        [which, everyMs, READY_LIMIT_MS] as const,
      );
    const ready = registration('active', 250).then(() => Date.now() - start);
    // The page's own answers while the worker installs (it registers once the first screen is
    // shown): the next listing pages, one after another.
    await registration('installing', 100);
    const callsMs: number[] = [];
    for (const listingPage of [2, 3, 4]) {
      callsMs.push(
        await page.evaluate(async (n) => {
          const begun = performance.now();
          await (await fetch(`/jobs-api/job/?pageSize=20&page=${n}`)).json();
          return Math.round(performance.now() - begun);
        }, listingPage),
      );
    }
    return { firstCardMs, offlineReadyMs: await ready, callsMs };
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, dist: string, label: string) {
  if (!existsSync(`${dist}/index.html`)) throw new Error(`No build in ${dist}: npm run build`);
  const server = await startServer(dist);
  const link = await startSharedLink(new URL(server.url), SLOW_3G_LINK);
  try {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await oneRun(browser, link.url));
    const result = {
      firstCard: median(runs.map((r) => r.firstCardMs)),
      offlineReady: median(runs.map((r) => r.offlineReadyMs)),
      calls: median(runs.flatMap((r) => r.callsMs)),
    };
    console.log(
      `${label.padEnd(9)} first job card ${result.firstCard} ms, offline ready ` +
        `${(result.offlineReady / 1000).toFixed(1)} s, the page's calls meanwhile ` +
        `${result.calls} ms (median of ${RUNS} runs; offline ready per run: ` +
        `${runs.map((r) => (r.offlineReadyMs / 1000).toFixed(1)).join(', ')} s)`,
    );
    return result;
  } finally {
    await link.stop();
    await server.stop();
  }
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  console.log(`slow 3G shared link, ${CPU_SLOWDOWN}x CPU, /jobs first visit signed out`);
  const current = await measure(browser, DIST, 'this');
  if (BASELINE) {
    const baseline = await measure(browser, BASELINE, 'baseline');
    console.log(
      `offline ready, this / baseline: ${(current.offlineReady / baseline.offlineReady).toFixed(2)}`,
    );
  }
} finally {
  await browser.close();
}

/**
 * `npm run bench:lighthouse`: Lighthouse (mobile: the default config, simulated slow 4G and a
 * 4x CPU slowdown on a Moto G Power-sized screen) against the production build served by the
 * real server, on `/`, `/faq`, `/jobs` and a job page (issue 24 item 4). Prints performance, accessibility, best-practices and SEO
 * scores, the median of 3 runs each, and exits non-zero when a target is missed.
 * Targets (issue #9): accessibility, best practices and SEO 100; performance ≥ 95.
 *
 * Build first (`npm run build`), or point at another build: `LH_DIST=dist-info npm run bench:lighthouse`.
 * LH_VERBOSE=1 prints each run's metrics and failing audits; LH_JSON_DIR=dir keeps each report.
 * Chromium is Debian's (CHROME_PATH, default /usr/bin/chromium), started here with the flags of
 * scripts/lib/chromium.ts and a throw-away profile; Lighthouse drives it over its debugging port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumPath, plainChromiumArgs } from './lib/chromium';
import { startServer } from './lib/server-process';

const DIST = process.env.LH_DIST ?? 'dist';
// LH_PATHS=/jobs,/faq runs those only. The job page is a seeded job (Peacock Analytics' UI Engineer).
const PATHS = process.env.LH_PATHS?.split(',') ?? [
  '/',
  '/faq',
  '/jobs',
  '/jobs/Peacock_Analytics/job-000133',
];
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

const chromePath = process.env.CHROME_PATH ?? chromiumPath;

/** Starts headless Chromium with a debugging port and resolves with that port. */
function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'rh-lh-profile-'));
  const child: ChildProcess = spawn(
    chromePath,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      ...plainChromiumArgs,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        // Chromium's helper processes may still be writing the profile after the browser exits:
        // a throw-away folder in tmp, so one left behind does not fail the run.
        try {
          rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
        } catch {
          console.log(`  (left Chromium's profile ${profile} behind: still in use)`);
        }
        resolve();
      };
      if (child.exitCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Chromium did not start within 20 s:\n${output}`));
    }, 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve({ port: Number(match[1]), stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${output}`));
    });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (!existsSync(path.join(DIST, 'index.html'))) {
  throw new Error(`${DIST}/ has no build: run npm run build first.`);
}

const server = await startServer(DIST);
const chrome = await launchChromium();
const results: Record<string, Record<Category, number[]>> = {};
try {
  for (const pagePath of PATHS) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]])) as Record<
      Category,
      number[]
    >;
    let redone = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.url}${pagePath}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`);
      if (result.lhr.runtimeError && redone < RUNS) {
        // A broken run (e.g. NO_FCP when the machine stalls) says nothing about the page: redo it.
        console.log(`  ${pagePath}: run failed (${result.lhr.runtimeError.code}), repeating it`);
        redone++;
        run--;
        continue;
      }
      if (process.env.LH_JSON_DIR) {
        // LH_JSON_DIR=/tmp/lh keeps each run's full report (the diagnostics behind a score).
        mkdirSync(process.env.LH_JSON_DIR, { recursive: true });
        const name = `${pagePath.replace(/\W+/g, '_') || 'home'}-${run + 1}.json`;
        writeFileSync(path.join(process.env.LH_JSON_DIR, name), JSON.stringify(result.lhr));
      }
      if (process.env.LH_VERBOSE) {
        const metric = (id: string) => result.lhr.audits[id]?.displayValue ?? '?';
        console.log(
          `  ${pagePath} run ${run + 1}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
        );
      }
      for (const category of CATEGORIES) {
        const score = result.lhr.categories[category]?.score;
        scores[category].push(Math.round((score ?? 0) * 100));
      }
      const failing = Object.values(result.lhr.audits)
        .filter(
          (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
        )
        .map((audit) => audit.id);
      if (failing.length && process.env.LH_VERBOSE)
        console.log(`  ${pagePath} failing: ${failing.join(', ')}`);
    }
    results[pagePath] = scores;
  }
} finally {
  await chrome.stop();
  await server.stop();
}

console.log(`\nLighthouse ${RUNS} runs per page, mobile (median; all runs in brackets):`);
console.log(`  ${'page'.padEnd(24)}${CATEGORIES.map((c) => c.padStart(18)).join('')}`);
let missed = false;
for (const [pagePath, scores] of Object.entries(results)) {
  const cells = CATEGORIES.map((category) => {
    const value = median(scores[category]);
    if (value < TARGETS[category]) missed = true;
    return `${value} [${scores[category].join(',')}]`.padStart(18);
  });
  console.log(`  ${pagePath.padEnd(24)}${cells.join('')}`);
}
console.log(
  `  targets: ${CATEGORIES.map((c) => `${c} ${c === 'performance' ? '≥ ' : ''}${TARGETS[c]}`).join(', ')}`,
);
if (missed) {
  console.log('  A target was missed (LH_VERBOSE=1 lists the failing audits).');
  process.exitCode = 1;
}

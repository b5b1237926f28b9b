/**
 * `npm run bench:bundle`: what a first visit to `/` downloads, and what each route adds.
 *
 * 1. From Vite's build manifest (dist/.vite/manifest.json): the entry chunk and its static
 *    imports, the chunks of the route components `/` renders, and per route the chunks it adds on
 *    top of the entry. Sizes are gzip (level 6, as the server sends them) and brotli.
 * 2. In real Chromium against the real server: the JavaScript bytes transferred while loading
 *    `/` (median of 5 cold loads), split into render-critical (before `load`) and everything
 *    fetched by the page in the first seconds (the lazily imported service-worker client).
 *    Service-worker precaching is background work and not counted.
 * Budget (issue #2): ≤ 120 KB gzip JS for the first load of `/`.
 */
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from './lib/chromium';
import { startServer } from './lib/server-process';
import { staticImportClosure } from './static-imports';

const DIST = 'dist';
const BUDGET_KB = 120;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const manifest = JSON.parse(
  readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'),
) as Manifest;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizeCache.get(file);
  if (!size) {
    const content = readFileSync(path.join(DIST, file));
    size = {
      raw: content.length,
      gzip: gzipSync(content).length,
      brotli: brotliCompressSync(content).length,
    };
    sizeCache.set(file, size);
  }
  return size;
}

/** The files manifest keys load eagerly: themselves and their static imports, recursively. */
const filesLoadedBy = (...keys: string[]) =>
  new Set([...staticImportClosure(manifest, keys)].map((key) => manifest[key]!.file));

const total = (files: Iterable<string>) => {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    if (!file.endsWith('.js')) continue;
    gzip += sizeOf(file).gzip;
    brotli += sizeOf(file).brotli;
  }
  return { gzip, brotli };
};

// The app's entry (index.html), not the script that starts it after a first screen's paint.
const entryKey = Object.keys(manifest).find(
  (key) => key.endsWith('.html') && manifest[key]?.isEntry,
);
if (!entryKey) throw new Error('No entry in the build manifest: run npm run build first.');
const entryFiles = filesLoadedBy(entryKey);

console.log('\nEntry chunk and its static imports (loaded on every first visit):');
for (const file of entryFiles)
  console.log(`  ${file.padEnd(48)} ${kb(sizeOf(file).gzip).padStart(7)} KB gzip`);

const routeKeys = Object.keys(manifest).filter((key) => key.startsWith('src/routes/'));
console.log('\nPer route: what its chunks add on top of the entry (gzip KB):');
const rows = routeKeys
  .map((key) => {
    const added = [...filesLoadedBy(key)].filter((file) => !entryFiles.has(file));
    return { route: key.replace(/\?tsr-split=.*/, ''), gzip: total(added).gzip };
  })
  .sort((a, b) => b.gzip - a.gzip);
for (const row of rows) console.log(`  ${row.route.padEnd(48)} ${kb(row.gzip).padStart(7)}`);

const homeKeys = routeKeys.filter((key) => key.startsWith('src/routes/index.tsx'));
const firstLoad = total(filesLoadedBy(entryKey, ...homeKeys));
const swClientKey = Object.keys(manifest).find((key) => key.includes('workbox-window'));
const swClient = swClientKey ? total(filesLoadedBy(swClientKey)).gzip : 0;

console.log('\nFirst load of / (from the build manifest):');
console.log(
  `  render-critical JS: ${kb(firstLoad.gzip)} KB gzip, ${kb(firstLoad.brotli)} KB brotli`,
);
console.log(`  + service-worker client loaded after start: ${kb(swClient)} KB gzip`);
console.log(`  total: ${kb(firstLoad.gzip + swClient)} KB gzip (budget ${BUDGET_KB} KB)`);

// Cross-check in a real browser: bytes on the wire, as the server compresses them.
const server = await startServer(DIST);
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const runs: { critical: number; all: number }[] = [];
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Map<string, number>();
    cdp.on('Network.responseReceived', (event: { requestId: string; type: string }) => {
      if (event.type === 'Script') scripts.set(event.requestId, 0);
    });
    // encodedDataLength: bytes on the wire, compressed body plus response headers.
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      if (scripts.has(event.requestId)) scripts.set(event.requestId, event.encodedDataLength);
    });
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    const criticalIds = new Set(scripts.keys());
    await page.waitForTimeout(1500);
    let critical = 0;
    let all = 0;
    for (const [id, bytes] of scripts) {
      all += bytes;
      if (criticalIds.has(id)) critical += bytes;
    }
    runs.push({ critical, all });
    await context.close();
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  console.log(
    '\nFirst load of / in Chromium (bytes on the wire incl. headers, median of 5 cold loads):',
  );
  console.log(`  JS by the load event: ${kb(median(runs.map((r) => r.critical)))} KB`);
  console.log(
    `  JS after 1.5 s more:  ${kb(median(runs.map((r) => r.all)))} KB (budget ${BUDGET_KB} KB)`,
  );
} finally {
  await browser.close();
  await server.stop();
}

// @vitest-environment node
/**
 * How the browser tests launch Chromium (scripts/lib/chromium.ts), read back from the running
 * browser's command line: Chromium keeps only the last `--disable-features`, and ours comes after
 * Playwright's, so it must name every feature Playwright turns off (a Playwright upgrade may add
 * one), and the address bar's popup page must not start.
 */
import { chromium, type Browser } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium';

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>flags</title><p>flags</p>');
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** This process's descendants: pid, parent and command line. */
function descendants(): { pid: number; args: string[] }[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        // Chromium's helpers rewrite their command line as one string: split on spaces too.
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean);
        return [{ pid: Number(pid), parent, args }];
      } catch {
        return []; // gone meanwhile
      }
    });
  const found: { pid: number; args: string[] }[] = [];
  let parents = new Set([process.pid]);
  while (parents.size > 0) {
    const children = all.filter((proc) => parents.has(proc.parent));
    found.push(...children);
    parents = new Set(children.map((proc) => proc.pid));
  }
  return found;
}

it('the browser runs with every feature Playwright turns off, and ours', () => {
  const browserProcess = descendants().find((proc) =>
    proc.args.includes('--remote-debugging-pipe'),
  );
  expect(browserProcess, 'the browser process Playwright started').toBeDefined();
  const lists = (browserProcess?.args ?? [])
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  expect(lists.length).toBeGreaterThan(1); // Playwright's, then ours
  const applied = new Set(lists.at(-1));
  const dropped = lists
    .slice(0, -1)
    .flat()
    .filter((feature) => !applied.has(feature));
  expect(dropped).toEqual([]);
  expect([...applied]).toEqual(expect.arrayContaining(['WebUIOmniboxPopup']));
});

it("no renderer loads the address bar's popup page", () => {
  const popups = descendants().filter((proc) =>
    proc.args.some((arg) => arg.includes('top-chrome-webui')),
  );
  expect(popups).toEqual([]);
});

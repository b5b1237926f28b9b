// @vitest-environment node
/**
 * The job HTML sanitiser in real Chromium. DOMPurify cannot run under happy-dom (its
 * Node.prototype.nodeName getter answers '' for elements, so every element looks unknown and its
 * node iteration loses its place), so the unit project's DOM cannot show what the sanitiser
 * does: this file bundles src/features/jobs/sanitize.ts with Vite and calls it in a blank page of
 * the same Chromium the browser tests use (scripts/lib/chromium.ts).
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium';

let browser: Browser;
let page: Page;

async function bundleSanitizer(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('../../src/features/jobs/sanitize.ts', import.meta.url)),
        formats: ['iife'],
        name: 'jobHtml',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the sanitiser bundle has no code');
  return chunk.code;
}

beforeAll(async () => {
  const code = await bundleSanitizer();
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  page = await browser.newPage();
  await page.setContent('<!doctype html><title>sanitiser</title>');
  await page.addScriptTag({ content: code });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

function sanitize(html: string): Promise<string> {
  return page.evaluate(
    (input) =>
      (
        window as unknown as { jobHtml: { sanitizeJobHtml: (html: string) => string } }
      ).jobHtml.sanitizeJobHtml(input),
    html,
  );
}

describe('job descriptions (Chromium)', () => {
  it('keep formatting and open links safely in a new tab', async () => {
    const clean = await sanitize(
      '<p>Hi <strong>there</strong> <a href="https://ok.example">ok</a></p>',
    );
    expect(clean).toBe(
      '<p>Hi <strong>there</strong> <a target="_blank" rel="noopener noreferrer nofollow" href="https://ok.example">ok</a></p>',
    );
  });

  it('drop scripts, handlers, frames and javascript: links', async () => {
    const clean = await sanitize(
      '<p>Fine <b>text</b></p><img src=x onerror="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)">click</a><iframe src="https://evil.example"></iframe>' +
        '<div style="color:red" onclick="alert(4)">div</div>',
    );
    expect(clean).toBe(
      '<p>Fine <b>text</b></p><a target="_blank" rel="noopener noreferrer nofollow">click</a><div>div</div>',
    );
  });

  it("set the link attributes on the element (a hook), whatever the input's own", async () => {
    // An href holding `<a ` fooled the old rewrite of the output text, which wrote the attributes
    // into the middle of the href.
    const clean = await sanitize(
      '<p><a href="https://ok.example/?q=<a x" target="_self" rel="opener">one</a> <a>two</a></p>',
    );
    const links = await page.evaluate((html) => {
      const template = document.createElement('template');
      template.innerHTML = html;
      return [...template.content.querySelectorAll('a')].map((link) =>
        Object.fromEntries(link.getAttributeNames().map((name) => [name, link.getAttribute(name)])),
      );
    }, clean);
    expect(links).toEqual([
      {
        target: '_blank',
        rel: 'noopener noreferrer nofollow',
        href: 'https://ok.example/?q=<a x',
      },
      { target: '_blank', rel: 'noopener noreferrer nofollow' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  assetsNamedIn,
  forReturnVisit,
  isFromThisBuild,
  isKeepablePage,
  keptPageKey,
} from '../../sw/page-cache';
import { withPreloads } from '../../server/http/route-preloads';
import { isSignedInPageKey } from '@/lib/pwa/kept-pages';
import { FIRST_SCREEN_ID } from '../../src/domain/first-screen-id';

const origin = 'https://app.example';
const page = (html: string, init: ResponseInit = {}, redirected = false) => {
  const response = new Response(html, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    ...init,
  });
  // A Response made here is 'default'; the worker's fetch of its own origin gives 'basic'.
  Object.defineProperty(response, 'type', { value: 'basic' });
  Object.defineProperty(response, 'redirected', { value: redirected });
  return response;
};
const WITH_SCREEN = `<html><head><script type="module" src="/assets/start-1.js"></script></head><body><div id="${FIRST_SCREEN_ID}">Jobs</div><div id="root"></div></body></html>`;

describe('the pages a service worker keeps for a return visit', () => {
  it('keeps the pages with a first screen: `/` whatever its query, /jobs bare, a job page', () => {
    const out = { signedIn: false } as const;
    expect(keptPageKey(new URL(`${origin}/`), out)).toBe(`${origin}/`);
    expect(keptPageKey(new URL(`${origin}/?utm_source=mail`), out)).toBe(`${origin}/`);
    expect(keptPageKey(new URL(`${origin}/jobs`), out)).toBe(`${origin}/jobs`);
    expect(keptPageKey(new URL(`${origin}/jobs/Acme/job-1`), out)).toBe(
      `${origin}/jobs/Acme/job-1`,
    );
    // A search, a filtered listing or any other page has no first screen from the server.
    expect(keptPageKey(new URL(`${origin}/jobs?searchText=react`), out)).toBeNull();
    expect(keptPageKey(new URL(`${origin}/referrals`), out)).toBeNull();
    expect(keptPageKey(new URL(`${origin}/v1/candidate/dashboard`), out)).toBeNull();
    // A worker that cannot read cookies cannot tell whose page it would serve.
    expect(keptPageKey(new URL(`${origin}/jobs`), null)).toBeNull();
  });

  it("keeps a signed-in reader's /jobs under the listing's first request, and nothing else", () => {
    const reader = (listing: string | null) => ({ signedIn: true, listing }) as const;
    const jobs = new URL(`${origin}/jobs`);
    const dataEngineer = keptPageKey(jobs, reader('?jobTitle=Data+engineer&YOE=3'));
    const designer = keptPageKey(jobs, reader('?jobTitle=Designer'));
    expect(dataEngineer).not.toBeNull();
    expect(isSignedInPageKey(dataEngineer!)).toBe(true);
    // Other defaults, another page; never the page kept for a signed-out visitor.
    expect(designer).not.toBe(dataEngineer);
    expect(dataEngineer).not.toBe(keptPageKey(jobs, { signedIn: false }));
    expect(isSignedInPageKey(keptPageKey(jobs, { signedIn: false })!)).toBe(false);
    // Without the listing cookie, the server writes no first screen for a signed-in reader; nor
    // on the home page or a job page.
    expect(keptPageKey(jobs, reader(null))).toBeNull();
    expect(keptPageKey(new URL(`${origin}/`), reader('?YOE=3'))).toBeNull();
    expect(keptPageKey(new URL(`${origin}/jobs/Acme/job-1`), reader('?YOE=3'))).toBeNull();
  });

  it('keeps a whole HTML page with its first screen, nothing else', () => {
    expect(isKeepablePage(page(WITH_SCREEN), WITH_SCREEN)).toBe(true);
    const shell = '<html><body><div id="root"></div></body></html>';
    expect(isKeepablePage(page(shell), shell)).toBe(false);
    expect(isKeepablePage(page(WITH_SCREEN, { status: 500 }), WITH_SCREEN)).toBe(false);
    expect(isKeepablePage(page(WITH_SCREEN, {}, true), WITH_SCREEN)).toBe(false);
    const json = page(WITH_SCREEN, { headers: { 'content-type': 'application/json' } });
    expect(isKeepablePage(json, WITH_SCREEN)).toBe(false);
  });

  it('serves a page only while every asset it names is in this build', () => {
    const html =
      '<link rel="modulepreload" crossorigin id="app-entry" href="/assets/index-A.js">' +
      '<script type="module" crossorigin src="/assets/start-1.js"></script>' +
      '<link rel="stylesheet" crossorigin href="/assets/jobs-B.css" disabled>' +
      '<img src="/api/company-logo/x.svg"><link rel="preload" as="fetch" href="/jobs-api/job/">';
    expect(assetsNamedIn(html, origin)).toEqual([
      `${origin}/assets/index-A.js`,
      `${origin}/assets/start-1.js`,
      `${origin}/assets/jobs-B.css`,
    ]);
    const thisBuild = new Set(assetsNamedIn(html, origin));
    expect(isFromThisBuild(html, origin, (url) => thisBuild.has(url))).toBe(true);
    // After an update the old page's entry is gone from the precache: the shell instead.
    thisBuild.delete(`${origin}/assets/index-A.js`);
    expect(isFromThisBuild(html, origin, (url) => thisBuild.has(url))).toBe(false);
    // A page that names no asset is not the app's.
    expect(isFromThisBuild('<p>hello</p>', origin, () => true)).toBe(false);
  });

  it("leaves out the route's chunk links a first visit needs, and keeps the rest", () => {
    const shell =
      '<html><head><link rel="modulepreload" crossorigin id="app-entry" href="/assets/index-A.js">' +
      '<link rel="modulepreload" crossorigin href="/assets/react-B.js"></head><body></body></html>';
    // The page as the server writes it for /jobs: its route's chunks and data named in the head.
    const hints = {
      scripts: ['assets/jobs-C.js', 'assets/filters-D.js'],
      styles: ['assets/jobs-E.css'],
    };
    const page = withPreloads(shell, hints, '/jobs-api/job/?pageSize=10', true);
    expect(page).toContain('/assets/jobs-C.js');
    const lean = forReturnVisit(page);
    expect(lean).not.toContain('/assets/jobs-C.js');
    expect(lean).not.toContain('/assets/filters-D.js');
    // The entry and its imports, the route's styles and the data hint stay.
    for (const kept of ['index-A.js', 'react-B.js', 'jobs-E.css', '/jobs-api/job/?pageSize=10']) {
      expect(lean).toContain(kept);
    }
  });
});

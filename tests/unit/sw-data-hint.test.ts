/**
 * A repeat visit's shell names the page's first API answer (issue 24): the service worker adds
 * the data hint the server adds on a first visit, for a signed-out visitor only.
 */
import { describe, expect, it } from 'vitest';
import { jobDetailUrl, jobListingFirstPageUrl } from '@/domain/page-data';
import { SIGNED_IN_COOKIE } from '@/domain/signed-in-cookie';
import { signedInHere, withDataHint } from '../../sw/data-hint';

const SHELL = '<!doctype html><html><head><title>ReferralHub</title></head><body></body></html>';
const BASE = '/jobs-api';

function shell(init: ResponseInit = {}) {
  return new Response(SHELL, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(SHELL.length),
      etag: '"abc"',
    },
    ...init,
  });
}

const signedOut = () => Promise.resolve(false);
const hintOf = (html: string) =>
  /<link rel="preload" as="fetch" crossorigin href="([^"]+)">/
    .exec(html)?.[1]
    ?.replaceAll('&amp;', '&');

describe("the service worker's shell", () => {
  it('names the listing’s first page on /jobs and the job on a job page', async () => {
    const listing = await withDataHint(shell(), new URL('https://app.test/jobs'), BASE, signedOut);
    const html = await listing.text();
    expect(hintOf(html)).toBe(jobListingFirstPageUrl(BASE));
    expect(html).toMatch(/<\/head><body>/);
    expect(listing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // The stored body's length and validator would be wrong for this one.
    expect(listing.headers.get('content-length')).toBeNull();
    expect(listing.headers.get('etag')).toBeNull();

    const job = await withDataHint(
      shell(),
      new URL('https://app.test/jobs/Peacock_Analytics/job-000133'),
      BASE,
      signedOut,
    );
    expect(hintOf(await job.text())).toBe(jobDetailUrl('job-000133', BASE));
  });

  it('uses the app’s jobs host', async () => {
    const hinted = await withDataHint(
      shell(),
      new URL('https://app.test/jobs/Acme/job-1'),
      'https://jobs.example.com',
      signedOut,
    );
    expect(hintOf(await hinted.text())).toBe('https://jobs.example.com/job/job-1');
  });

  it.each([
    ['a listing with filters', '/jobs?q=react', signedOut],
    ['another page', '/companies', signedOut],
    ['a signed-in visitor', '/jobs', () => Promise.resolve(true)],
    ['a browser that cannot tell', '/jobs', () => Promise.resolve(null)],
  ] as const)('leaves the shell alone for %s', async (_, path, signedIn) => {
    const original = shell();
    const answer = await withDataHint(original, new URL(`https://app.test${path}`), BASE, signedIn);
    expect(answer).toBe(original);
  });

  it('leaves an answer that is not the shell alone', async () => {
    const failed = shell({ status: 404 });
    expect(await withDataHint(failed, new URL('https://app.test/jobs'), BASE, signedOut)).toBe(
      failed,
    );
    const text = new Response('nothing', { headers: { 'content-type': 'text/plain' } });
    expect(await withDataHint(text, new URL('https://app.test/jobs'), BASE, signedOut)).toBe(text);
  });
});

describe('signedInHere', () => {
  const scope = (value: string | undefined) => ({
    cookieStore: {
      get: (name: string) =>
        Promise.resolve(name === SIGNED_IN_COOKIE && value !== undefined ? { name, value } : null),
    },
  });

  it('reads the session mirror’s cookie', async () => {
    expect(await signedInHere(scope('1'))).toBe(true);
    expect(await signedInHere(scope(''))).toBe(false);
    expect(await signedInHere(scope(undefined))).toBe(false);
  });

  it('cannot tell without the Cookie Store API, or when it fails', async () => {
    expect(await signedInHere({})).toBeNull();
    expect(
      await signedInHere({ cookieStore: { get: () => Promise.reject(new Error('denied')) } }),
    ).toBeNull();
  });
});

/**
 * A repeat visit's shell names the page's first API answer (issue 24): the service worker adds
 * the data hint the server adds on a first visit, for a signed-out visitor only.
 */
import { describe, expect, it } from 'vitest';
import { jobDetailUrl, jobListingFirstPageUrl } from '@/domain/page-data';
import { LISTING_COOKIE } from '@/domain/listing-cookie';
import { SIGNED_IN_COOKIE } from '@/domain/signed-in-cookie';
import { readerHere, withDataHint } from '../../sw/data-hint';

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

const signedOut = () => Promise.resolve({ signedIn: false } as const);
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
    [
      'a signed-in visitor',
      '/jobs',
      () => Promise.resolve({ signedIn: true, listing: '?YOE=3' } as const),
    ],
    ['a browser that cannot tell', '/jobs', () => Promise.resolve(null)],
  ])('leaves the shell alone for %s', async (_, path, reader) => {
    const original = shell();
    const answer = await withDataHint(original, new URL(`https://app.test${path}`), BASE, reader);
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

describe('readerHere', () => {
  const scope = (cookies: Record<string, string>) => ({
    cookieStore: {
      getAll: () =>
        Promise.resolve(Object.entries(cookies).map(([name, value]) => ({ name, value }))),
    },
  });

  it('reads the session mirror’s cookies as the server does', async () => {
    const listing = '?jobTitle=Data%20engineer&YOE=3';
    expect(
      await readerHere(
        scope({
          other: 'x',
          [SIGNED_IN_COOKIE]: '1',
          [LISTING_COOKIE]: encodeURIComponent(listing),
        }),
      ),
    ).toEqual({ signedIn: true, listing });
    expect(await readerHere(scope({ [SIGNED_IN_COOKIE]: '1' }))).toEqual({
      signedIn: true,
      listing: null,
    });
    // A listing cookie left behind says nothing without the signed-in mark.
    expect(
      await readerHere(scope({ [SIGNED_IN_COOKIE]: '', [LISTING_COOKIE]: '%3FYOE%3D3' })),
    ).toEqual({ signedIn: false });
    expect(await readerHere(scope({}))).toEqual({ signedIn: false });
  });

  it('cannot tell without the Cookie Store API, or when it fails', async () => {
    expect(await readerHere({})).toBeNull();
    expect(
      await readerHere({ cookieStore: { getAll: () => Promise.reject(new Error('denied')) } }),
    ).toBeNull();
  });
});

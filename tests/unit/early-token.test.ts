/**
 * A signed-in page's first private calls carry the token Amplify stored at sign-in, before
 * Amplify itself has loaded (issue 24); anything doubtful goes through Amplify.
 */
import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setAccessTokenProvider, setAccessTokenProviderLoader } from '@/lib/api';
import { resetConnectivityForTests } from '@/lib/api/connectivity';
import { EARLY_TOKEN_MARGIN_S, startWithStoredToken } from '@/lib/auth/early-token';

const fetchMock = vi.fn<typeof fetch>();
const Ok = z.object({ ok: z.boolean() });
const KEY = 'CognitoIdentityServiceProvider.webclient';
const NOW_S = 1_800_000_000;

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (sub: string, exp: number) =>
  `${base64url({ alg: 'RS256' })}.${base64url({ sub, exp, token_use: 'access' })}.sig`;

function storeToken(value: string) {
  localStorage.setItem(`${KEY}.LastAuthUser`, 'user-1');
  localStorage.setItem(`${KEY}.user-1.accessToken`, value);
}

const ok = () =>
  new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json' } });
const sentToken = () => new Headers(fetchMock.mock.calls.at(-1)![1]!.headers).get('authorization');

/** Amplify coming up: registers its own provider, as ensureConfigured does. */
const amplify = vi.fn(() => {
  setAccessTokenProvider(() => 'amplify.token');
  return Promise.resolve();
});

beforeEach(() => {
  resetConnectivityForTests();
  fetchMock.mockReset();
  fetchMock.mockImplementation(() => Promise.resolve(ok()));
  vi.stubGlobal('fetch', fetchMock);
  amplify.mockClear();
  localStorage.clear();
  setAccessTokenProviderLoader(amplify);
});

afterEach(() => {
  setAccessTokenProvider(null);
  setAccessTokenProviderLoader(null);
  vi.unstubAllGlobals();
});

describe('the token stored at sign-in, before Amplify loads', () => {
  it('goes out with the first private call without waiting for Amplify', async () => {
    const stored = token('sub-1', NOW_S + 3600);
    storeToken(stored);
    startWithStoredToken('sub-1', amplify, () => NOW_S * 1000);
    await api.get('/user/basic-details', { schema: Ok });
    expect(sentToken()).toBe(`Bearer ${stored}`);
    expect(amplify).not.toHaveBeenCalled();
  });

  it('is not used near its expiry, for another user, or when the API refused it', async () => {
    startWithStoredToken('sub-1', amplify, () => NOW_S * 1000);
    storeToken(token('sub-1', NOW_S + EARLY_TOKEN_MARGIN_S - 1));
    await api.get('/user/basic-details', { schema: Ok });
    expect(sentToken()).toBe('Bearer amplify.token');
    expect(amplify).toHaveBeenCalledTimes(1);

    setAccessTokenProvider(null);
    startWithStoredToken('sub-1', amplify, () => NOW_S * 1000);
    storeToken(token('someone-else', NOW_S + 3600));
    await api.get('/user/basic-details', { schema: Ok });
    expect(sentToken()).toBe('Bearer amplify.token');

    setAccessTokenProvider(null);
    startWithStoredToken('sub-1', amplify, () => NOW_S * 1000);
    storeToken(token('sub-1', NOW_S + 3600));
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(new Response('{"errorMsg":"Unauthorized"}', { status: 401 })),
    );
    await api.get('/user/basic-details', { schema: Ok });
    // Refused: the retry asks Amplify for a fresh token.
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(sentToken()).toBe('Bearer amplify.token');
  });

  it('sends no token when there is none and Amplify cannot come up (offline)', async () => {
    const offline = vi.fn(() => Promise.reject(new Error('offline')));
    setAccessTokenProviderLoader(offline);
    startWithStoredToken('sub-1', offline, () => NOW_S * 1000);
    await api.get('/job/', { base: 'jobs', schema: Ok });
    expect(sentToken()).toBe('Bearer anonymous');
    expect(offline).toHaveBeenCalled();
  });
});

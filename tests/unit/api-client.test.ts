import * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  buildQueryString,
  setAccessTokenProvider,
  setAccessTokenProviderLoader,
} from '@/lib/api';
import { getConnectivity, resetConnectivityForTests } from '@/lib/api/connectivity';

// A narrow unit test: `fetch` is replaced so each case decides what the network answers.
const fetchMock = vi.fn<typeof fetch>();
const Ok = z.object({ ok: z.boolean() });

function json(body: unknown, status = 200, statusText = 'OK') {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: url as string, init: init!, headers: new Headers(init!.headers) };
}

beforeEach(() => {
  resetConnectivityForTests();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  setAccessTokenProvider(null);
  setAccessTokenProviderLoader(null);
  vi.unstubAllGlobals();
});

describe('api client (spec §7)', () => {
  it('sends JSON with a placeholder bearer token to the chosen base and drops empty params', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    await expect(
      api.get('/job/', {
        base: 'jobs',
        schema: Ok,
        query: { searchText: 'react', empty: '', none: null, missing: undefined, pageSize: 10 },
      }),
    ).resolves.toEqual({ ok: true });
    const { url, headers, init } = lastCall();
    expect(url).toBe('/jobs-api/job/?searchText=react&pageSize=10');
    expect(init.method).toBe('GET');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('authorization')).toBe('Bearer anonymous');
  });

  it('uses the registered token provider and the optional headers', async () => {
    setAccessTokenProvider(() => 'a.b.c');
    fetchMock.mockResolvedValue(json({ ok: true }));
    await api.post('/thing', {
      schema: Ok,
      body: { a: 1 },
      headers: { tenantId: 't1', stateId: 's1', schoolId: 'k1', storageTagging: 'x=y' },
    });
    const { url, headers, init } = lastCall();
    expect(url).toBe('/api/thing');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('authorization')).toBe('Bearer a.b.c');
    expect(headers.get('x-tenant-id')).toBe('t1');
    expect(headers.get('x-state-id')).toBe('s1');
    expect(headers.get('x-school-id')).toBe('k1');
    expect(headers.get('x-amz-tagging')).toBe('x=y');
  });

  it('gives POST errors the errorMsg field, or "Something went wrong"', async () => {
    fetchMock.mockResolvedValueOnce(json({ errorMsg: 'Already submitted' }, 403, 'Forbidden'));
    await expect(api.post('/x', { schema: Ok, body: {} })).rejects.toMatchObject({
      message: 'Already submitted',
      status: 403,
    });
    fetchMock.mockResolvedValueOnce(new Response('boom', { status: 500 }));
    await expect(api.post('/x', { schema: Ok, body: {} })).rejects.toThrow('Something went wrong');
  });

  it('gives GET/PUT/DELETE errors "HTTP error! status: {code}, message: {text}"', async () => {
    fetchMock.mockResolvedValueOnce(json({ errorMsg: 'Job not found' }, 404, 'Not Found'));
    await expect(api.get('/job/1', { base: 'jobs', schema: Ok })).rejects.toThrow(
      'HTTP error! status: 404, message: Job not found',
    );
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.delete('/x', { schema: Ok })).rejects.toThrow(
      'HTTP error! status: 502, message: Bad Gateway',
    );
  });

  it('treats PATCH 204 as success with no body, and a PATCH network failure as status 500', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.patch('/user/a/cv', { schema: Ok, body: {} })).resolves.toBeUndefined();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await api.patch('/user/a/cv', { schema: Ok, body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 500, network: true });
  });

  it('rejects a response that does not match the schema', async () => {
    fetchMock.mockResolvedValue(json({ ok: 'yes' }));
    await expect(api.get('/x', { schema: Ok })).rejects.toThrow(/Unexpected response/);
  });

  it('sends the call while a schema loader is still loading, and checks the answer with it', async () => {
    let loaded!: (schema: typeof Ok) => void;
    const loading = new Promise<typeof Ok>((resolve) => (loaded = resolve));
    fetchMock.mockResolvedValue(json({ ok: 'yes' }));
    const call = api.get('/x', { schema: () => loading });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    loaded(Ok);
    await expect(call).rejects.toThrow(/Unexpected response/);
  });

  it('does not report a schema that failed to load before the answer is in', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const missing = () => Promise.reject(new Error('chunk missing'));
    await expect(api.get('/x', { schema: missing })).rejects.toMatchObject({ network: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('reports network failures and stalls to connectivity, and recovers on any response', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
        ),
    );
    const stalled = await api.get('/x', { schema: Ok, timeoutMs: 20 }).catch((e: unknown) => e);
    expect(stalled).toMatchObject({ network: true });
    expect((stalled as Error).message).toMatch(/timed out/);
    expect(getConnectivity()).toBe('offline');
    fetchMock.mockResolvedValueOnce(json({}, 500, 'Internal Server Error'));
    await expect(api.get('/x', { schema: Ok })).rejects.toThrow(/status: 500/);
    expect(getConnectivity()).toBe('online');
  });

  it('does not count a caller cancel as offline', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(() => {
      controller.abort();
      return Promise.reject(new DOMException('aborted', 'AbortError'));
    });
    await expect(api.get('/x', { schema: Ok, signal: controller.signal })).rejects.toThrow();
    expect(getConnectivity()).toBe('online');
  });

  it('sends a Blob raw, without auth, to an absolute signed URL', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    await api.put('https://bucket.example/cv.pdf?sig=1', {
      schema: z.unknown(),
      body: file,
      auth: false,
    });
    const { url, headers, init } = lastCall();
    expect(url).toBe('https://bucket.example/cv.pdf?sig=1');
    expect(init.body).toBe(file);
    expect(headers.get('content-type')).toBe('application/pdf');
    expect(headers.has('authorization')).toBe(false);
  });
});

describe('a signed-in read is never answered anonymous (issue 26 item 2)', () => {
  it('waits for the token provider a signed-in page is still bringing up', async () => {
    setAccessTokenProviderLoader(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      setAccessTokenProvider(() => 'user.token');
    });
    fetchMock.mockResolvedValue(json({ ok: true }));
    await api.get('/saved-jobs', { schema: Ok });
    expect(lastCall().headers.get('authorization')).toBe('Bearer user.token');
  });

  it('goes out anonymous when the provider cannot come up (offline identity service)', async () => {
    setAccessTokenProviderLoader(() => Promise.reject(new Error('offline')));
    fetchMock.mockResolvedValue(json({ ok: true }));
    await api.get('/job/', { base: 'jobs', schema: Ok });
    expect(lastCall().headers.get('authorization')).toBe('Bearer anonymous');
  });

  it('retries a refused read once with a freshly refreshed token', async () => {
    const asked: (boolean | undefined)[] = [];
    setAccessTokenProvider((options) => {
      asked.push(options?.forceRefresh);
      return options?.forceRefresh ? 'fresh.token' : 'stale.token';
    });
    const refusal = json({ errorMsg: 'Unauthorized' }, 401, 'Unauthorized');
    fetchMock.mockResolvedValueOnce(refusal).mockResolvedValueOnce(json({ ok: true }));
    await expect(api.get('/saved-jobs', { schema: Ok })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Read, so the refused request does not stay open until its timeout.
    expect(refusal.bodyUsed).toBe(true);
    expect(asked).toEqual([undefined, true]);
    expect(lastCall().headers.get('authorization')).toBe('Bearer fresh.token');
  });

  it('does not retry writes, signed-out calls, or a second refusal', async () => {
    fetchMock.mockResolvedValue(json({ errorMsg: 'Unauthorized' }, 401, 'Unauthorized'));
    await expect(api.get('/saved-jobs', { schema: Ok })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    setAccessTokenProvider(() => 'a.token');
    await expect(api.put('/saved-jobs/j1', { schema: Ok })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect(api.get('/saved-jobs', { schema: Ok })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

describe('buildQueryString', () => {
  it('joins lists and drops blanks', () => {
    expect(buildQueryString({ a: ['x', '', 'y'], b: '  ', c: 0, d: false, e: NaN })).toBe(
      '?a=x%2Cy&c=0&d=false',
    );
    expect(buildQueryString({})).toBe('');
  });
});

import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { INSTALL_CONCURRENCY, ParallelPrecacheController } from '../../sw/parallel-precache';

/** Cache Storage as the worker uses it: named caches of responses by URL. */
function stubCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (key: RequestInfo | URL) =>
    new URL(key instanceof Request ? key.url : String(key), location.href).href;
  vi.stubGlobal('caches', {
    open: (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return Promise.resolve({
        match: (key: RequestInfo | URL) => Promise.resolve(store.get(keyOf(key))?.clone()),
        put: (key: RequestInfo | URL, response: Response) => {
          store.set(keyOf(key), response);
          return Promise.resolve();
        },
      });
    },
  });
  return stores;
}

const ENTRIES = [
  { url: '/index.html', revision: 'abc' },
  { url: '/assets/jobs.js', revision: null },
  { url: '/assets/corporate-jobs.js', revision: null, guards: ['/v1/corporate/jobs'] },
  { url: '/assets/editor.js', revision: null, guards: ['/v1/corporate/jobs/$jobId/edit'] },
  { url: '/assets/admin-users.js', revision: null, guards: ['/v1/admin/users'] },
];

/** Installs a worker with ENTRIES; the paths of the files its install fetched. */
async function install(): Promise<string[]> {
  const controller = new ParallelPrecacheController();
  controller.addToCacheList(ENTRIES);
  const fetched: string[] = [];
  vi.spyOn(controller.strategy, 'handleAll').mockImplementation(({ request }) => {
    fetched.push(new URL((request as Request).url).pathname);
    const done = Promise.resolve(new Response('cached'));
    return [done, done.then(() => undefined)];
  });
  await controller.install({ waitUntil: vi.fn() } as unknown as ExtendableEvent);
  return fetched.sort();
}

describe("the service worker's precache install", () => {
  it('fetches a few files at a time, each once, revisioned ones past the HTTP cache', async () => {
    const controller = new ParallelPrecacheController();
    const assets = Array.from({ length: 10 }, (_, i) => ({
      url: `/assets/a${i}.js`,
      revision: null,
    }));
    controller.addToCacheList([{ url: '/index.html', revision: 'abc' }, ...assets]);

    // happy-dom's Request drops `cache` and `priority`: the init the worker asked for is kept.
    const inits = new Map<string, RequestInit | undefined>();
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(url: string, init?: RequestInit) {
          super(url, init);
          inits.set(new URL(url, 'http://localhost').pathname, init);
        }
      },
    );
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const fetched: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    vi.spyOn(controller.strategy, 'handleAll').mockImplementation(({ request }) => {
      fetched.push(new URL((request as Request).url).pathname);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const done = new Promise<Response>((resolve) =>
        setTimeout(() => {
          inFlight -= 1;
          resolve(new Response('cached'));
        }, 5),
      );
      return [done, done.then(() => undefined)];
    });
    const waitUntil = vi.fn();
    await controller.install({ waitUntil } as unknown as ExtendableEvent);

    expect(mostInFlight).toBe(INSTALL_CONCURRENCY);
    expect(fetched.sort()).toEqual(['/index.html', ...assets.map((a) => a.url)].sort());
    expect(inits.get('/index.html')).toMatchObject({ cache: 'reload', priority: 'low' });
    // The page's own requests go first on a shared connection.
    expect(inits.get('/assets/a3.js')).toMatchObject({ cache: 'default', priority: 'low' });
    // The install lasts until every file is in: the browser keeps the worker alive for it.
    expect(waitUntil).toHaveBeenCalledTimes(1);
  });

  it('fails the install when a file fails, as Workbox does', async () => {
    const controller = new ParallelPrecacheController();
    controller.addToCacheList([{ url: '/assets/a.js', revision: null }]);
    const failed = Promise.reject(new Error('bad-precaching-response'));
    failed.catch(() => undefined);
    vi.spyOn(controller.strategy, 'handleAll').mockReturnValue([failed, failed]);
    await expect(
      controller.install({ waitUntil: vi.fn() } as unknown as ExtendableEvent),
    ).rejects.toThrow('bad-precaching-response');
  });

  it('leaves out the files only pages a candidate cannot open need, until the app names them', async () => {
    const stores = stubCaches();
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    expect(await install()).toEqual(['/assets/jobs.js', '/index.html']);

    // A corporate user signs in: the app names the pages they may open.
    const controller = new ParallelPrecacheController();
    controller.addToCacheList(ENTRIES);
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (request: Request) => {
      fetched.push(new URL(request.url).pathname);
      return Promise.resolve(new Response(`code of ${request.url}`));
    });
    const paths = ['/v1/corporate/jobs', '/v1/corporate/jobs/$jobId/edit', '/v1/candidate/profile'];
    expect(await controller.keepGuardedPages(paths)).toEqual({ cached: 2, wanted: 2 });
    expect(fetched.sort()).toEqual(['/assets/corporate-jobs.js', '/assets/editor.js']);
    const precache = stores.get(controller.strategy.cacheName)!;
    expect(
      await precache.get(new URL('/assets/editor.js', location.href).href)?.clone().text(),
    ).toContain('editor.js');

    // Asked again (the journeys' wait, the next start): nothing fetched twice.
    expect(await controller.keepGuardedPages()).toEqual({ cached: 2, wanted: 2 });
    expect(fetched).toHaveLength(2);
    // The next version's install remembers them; the admin screens stay out.
    expect(await install()).toEqual([
      '/assets/corporate-jobs.js',
      '/assets/editor.js',
      '/assets/jobs.js',
      '/index.html',
    ]);

    // Signed out: the next install fetches only what every visitor needs.
    await controller.keepGuardedPages([]);
    expect(await install()).toEqual(['/assets/jobs.js', '/index.html']);
  });

  it('reports a guarded file that could not be fetched, and fetches it the next time', async () => {
    stubCaches();
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const controller = new ParallelPrecacheController();
    controller.addToCacheList(ENTRIES);
    let online = false;
    vi.stubGlobal('fetch', () =>
      online
        ? Promise.resolve(new Response('code'))
        : Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await controller.keepGuardedPages(['/v1/admin/users'])).toEqual({
      cached: 0,
      wanted: 1,
    });
    online = true;
    expect(await controller.keepGuardedPages()).toEqual({ cached: 1, wanted: 1 });
  });
});

import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { INSTALL_CONCURRENCY, ParallelPrecacheController } from '../../sw/parallel-precache';

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
});

import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  GUARDED_PAGES_MESSAGE,
  type GuardedPagesReply,
} from '../../../src/lib/pwa/guarded-pages-message';

/** The shell as a user sees it: a page object for the header, footer and status surfaces. */
export class Shell {
  constructor(readonly page: Page) {}

  header() {
    return this.page.getByRole('banner');
  }

  footer() {
    return this.page.getByRole('contentinfo');
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  offlineIndicator() {
    return this.page.getByTestId('offline-indicator');
  }

  buildId() {
    return this.page.getByTestId('build-id');
  }

  /** Resolves once a service worker controls this page (the shell is then precached). */
  async waitForServiceWorkerControl() {
    await this.page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
  }

  /**
   * Resolves once the worker holds the code of the guarded pages (corporate, admin, evaluator)
   * this signed-in user may open, which it fetches after the app names them
   * (src/lib/pwa/guarded-pages.ts): what a journey of such a user waits for before going
   * offline. Only for users who may open one (for others there is nothing to wait for).
   */
  async waitForGuardedPagesCached(): Promise<GuardedPagesReply> {
    await this.waitForServiceWorkerControl();
    const ask = () =>
      this.page.evaluate(async (type) => {
        const worker = (await navigator.serviceWorker.ready).active!;
        const channel = new MessageChannel();
        const reply = new Promise<GuardedPagesReply>((resolve) => {
          channel.port1.onmessage = (event: MessageEvent<GuardedPagesReply>) => resolve(event.data);
        });
        worker.postMessage({ type }, [channel.port2]);
        return reply;
      }, GUARDED_PAGES_MESSAGE);
    let reply = await ask();
    // The app names the pages a moment after it starts: until then the worker knows of none.
    while (reply.wanted === 0 || reply.cached < reply.wanted) {
      await this.page.waitForTimeout(250);
      reply = await ask();
    }
    return reply;
  }
}

const SENDING = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'fetch']);

/**
 * The test's own API calls, patient as the app's are: a server shedding load answers 503 with
 * Retry-After before any handler runs (server/http/shedding.ts), so the call is sent again after
 * the wait, up to three times; any other answer, and a 503 without Retry-After (a test's own
 * fault injection), comes back as it was. On two busy cores the server does shed during the
 * browser journeys, and a journey's setup or clean-up failing on it says nothing about the app.
 */
export function patient(request: APIRequestContext): APIRequestContext {
  return new Proxy(request, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !SENDING.has(property) || typeof value !== 'function') {
        return value;
      }
      const send = value as (...args: unknown[]) => ReturnType<APIRequestContext['fetch']>;
      return async (...args: unknown[]) => {
        for (let attempt = 1; ; attempt++) {
          const response = await send.apply(target, args);
          const wait = response.headers()['retry-after'];
          if (response.status() !== 503 || wait === undefined || attempt === 3) return response;
          await new Promise((resolve) => setTimeout(resolve, Number(wait) * 1_000));
        }
      };
    },
  });
}

export const test = base.extend<{ shell: Shell }>({
  request: async ({ request }, use) => {
    await use(patient(request));
  },
  // Playwright reads fixture dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  shell: async ({ page }, use) => {
    await use(new Shell(page));
  },
});

export { expect };

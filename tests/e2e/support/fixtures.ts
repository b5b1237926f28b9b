import { test as base, expect, type Page } from '@playwright/test';

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
}

export const test = base.extend<{ shell: Shell }>({
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

import { expect, test } from './support/fixtures';

test.describe('offline shell', () => {
  test('after one online visit, / and deep links still open with no network', async ({
    page,
    context,
    shell,
  }) => {
    await page.goto('/');
    await shell.waitForServiceWorkerControl();
    await expect(shell.offlineIndicator()).toBeHidden();

    await context.setOffline(true);
    await page.reload();
    await expect(shell.header().getByRole('link', { name: 'ReferralHub home' })).toBeVisible();
    await expect(shell.heading()).toBeVisible();
    // The connectivity probe fails: the shell says so (whatever navigator.onLine claims).
    await expect(shell.offlineIndicator()).toBeVisible();

    // Deep links that were never visited are served the cached shell and routed client-side.
    await page.goto('/jobs');
    await expect(shell.heading()).toHaveText('Jobs');
    await page.goto('/jobs/acme_corp/job-42');
    await expect(shell.heading()).toHaveText('Job details');
    await page.goto('/no/such/page');
    await expect(shell.heading()).toHaveText('404 Page Not Found');

    await context.setOffline(false);
    await expect(shell.offlineIndicator()).toBeHidden();
  });

  test('the offline indicator follows real request failures while the page is open', async ({
    page,
    context,
    shell,
  }) => {
    await page.goto('/about');
    await shell.waitForServiceWorkerControl();
    await context.setOffline(true);
    await expect(shell.offlineIndicator()).toContainText("You're offline");
    await context.setOffline(false);
    await expect(shell.offlineIndicator()).toBeHidden();
  });

  test('API paths are never answered with the app shell', async ({ page, shell }) => {
    await page.goto('/');
    await shell.waitForServiceWorkerControl();
    const response = await page.goto('/api/does-not-exist');
    expect(response?.status()).toBe(404);
    expect(await response?.headerValue('content-type')).toContain('application/json');
  });
});

import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '../../scripts/lib/server-process';
import { expect, test } from './support/fixtures';

/**
 * A deployment while a page is open: the server's files are replaced by a second build
 * (dist-e2e-next, built with BUILD_ID=e2e-next). The open page must offer "Update available",
 * and Reload must bring it onto the new version.
 */
test.describe('update flow', () => {
  let served: string;
  let server: RunningServer;

  const dist = process.env.E2E_DIST_DIR ?? 'dist';
  test.beforeEach(async () => {
    if (!existsSync('dist-e2e-next/sw.js')) {
      throw new Error(
        'dist-e2e-next/ has no build: run npm run build:e2e-next (npm run test:e2e does)',
      );
    }
    served = mkdtempSync(path.join(tmpdir(), 'rh-served-'));
    cpSync(dist, served, { recursive: true });
    server = await startServer(served);
  });

  test.afterEach(async () => {
    await server.stop();
    rmSync(served, { recursive: true, force: true });
  });

  for (const visit of ['the tab that installed the first worker', 'a returning visit'] as const) {
    test(`a new build shows the update prompt and Reload activates it (${visit})`, async ({
      page,
      shell,
    }) => {
      await page.goto(`${server.url}/jobs`);
      await shell.waitForServiceWorkerControl();
      if (visit === 'a returning visit') {
        await page.reload();
        await shell.waitForServiceWorkerControl();
      }
      const before = await shell.buildId().textContent();
      expect(before).not.toContain('e2e-next');

      // Deploy: new files over the old ones, as a static host or a rollout would.
      cpSync('dist-e2e-next', served, { recursive: true, force: true });
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        await registration?.update();
      });

      const prompt = page.getByRole('alertdialog', { name: 'Update available' });
      await expect(prompt).toBeVisible({ timeout: 20_000 });
      // Nothing reloads on its own: the page still runs the old version.
      await expect(shell.buildId()).toHaveText(before ?? '');

      const reloaded = page.waitForEvent('load');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await expect(shell.buildId()).toContainText('e2e-next');
      await expect(page).toHaveURL(/\/jobs$/);
      await expect(page.getByRole('alertdialog', { name: 'Update available' })).toBeHidden();
    });
  }
});

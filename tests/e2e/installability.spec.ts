import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '../../scripts/lib/chromium';
import { expect, test } from './support/fixtures';

test.describe('installable PWA', () => {
  test('Chromium reports no installability errors', async ({ baseURL }) => {
    // Incognito contexts always report `in-incognito`; a persistent profile is a normal one.
    const profile = mkdtempSync(path.join(tmpdir(), 'rh-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: chromiumArgs,
      headless: true,
      baseURL,
    });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: unknown[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the manifest names the app, its icons, shortcuts and share target', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request.get(href ?? '')).json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      scope: string;
      theme_color: string;
      background_color: string;
      icons: { sizes: string; purpose?: string }[];
      shortcuts: { name: string; url: string }[];
      share_target: { action: string; method: string; params: Record<string, string> };
    };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.name).toContain('ReferralHub');
    expect(manifest.short_name).toBe('ReferralHub');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const sizes = manifest.icons.map((icon) => `${icon.sizes}:${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']),
    );
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Jobs', '/jobs'],
      ['Saved jobs', '/saved-jobs'],
      ['Applications', '/v1/candidate/profile'],
    ]);
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'GET',
      params: { title: 'title', text: 'text', url: 'url' },
    });
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png']) {
      const response = await request.get(icon);
      expect(response.status(), icon).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
  });
});

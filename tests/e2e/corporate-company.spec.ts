import type { Browser, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { expect, test } from './support/fixtures';
import { signInAs } from './support/auth-page';
import { accessTokenOf } from './support/candidate-api';

// Issue 20 items 3 and 4 in real Chromium on a phone: from the corporate jobs screen the admin
// reaches the Company and Users pages and a job's applicants by client-side navigation (the page
// is never reloaded), uploads a PNG logo that the company page then shows; a recruiter sees the
// Company link but no Users link. The demo company's logo address is put back at the end.

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-corporate-company';

/** A real 48×48 PNG (one colour), so the browser draws it. */
function pngImage(): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 48;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, 0)]);
  for (let x = 0; x < size; x += 1) row.set([0x2b, 0x6c, 0xd8], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signInAs(page, email);
  await page.waitForURL((url) => url.pathname.startsWith('/v1/corporate/jobs'));
  return { context, page };
}

/** Marks the document: a full reload would lose the mark. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe('corporate company and navigation', () => {
  test('an admin goes to Company, uploads a logo, then to Users and Applicants without a reload', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    mkdirSync(SHOTS, { recursive: true });
    const { context, page } = await signedIn(browser, 'corp-admin@example.com');
    const token = await accessTokenOf(page);
    const auth = { authorization: `Bearer ${token}` };
    const before = (
      (await (await request.get('/api/corporate/company', { headers: auth })).json()) as {
        data: { logoUrl: string | null };
      }
    ).data.logoUrl;

    try {
      const nav = page.getByRole('navigation', { name: 'Your company' });
      await expect(nav.getByRole('link', { name: 'Company' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/jobs-nav.png` });
      await markDocument(page);
      await nav.getByRole('link', { name: 'Company' }).click();
      await page.waitForURL('**/v1/corporate/company');
      await expect(page.getByRole('button', { name: 'Upload logo' })).toBeVisible();
      expect(await stillSameDocument(page)).toBe(true);

      // A file of the wrong kind is refused in words before anything is sent.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await (
        await chooser
      ).setFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await expect(page.getByTestId('logo-message')).toHaveText(
        'The logo must be a PNG, JPEG or WebP image.',
      );

      const png = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Upload logo' }).click();
      await (await png).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage() });
      await expect(page.getByTestId('logo-message')).toHaveText('Logo uploaded.');
      const logo = page.getByRole('img', { name: /logo$/ });
      await expect(logo).toHaveAttribute('src', /^\/api\/company-logos\/.+\.png$/);
      await expect
        .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBe(48);
      await page.screenshot({ path: `${SHOTS}/company-logo.png` });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);

      await page.goBack();
      await page.waitForURL((url) => url.pathname.startsWith('/v1/corporate/jobs'));
      await page
        .getByRole('navigation', { name: 'Your company' })
        .getByRole('link', { name: 'Users' })
        .click();
      await page.waitForURL('**/v1/corporate/users');
      await expect(page.getByRole('heading', { name: 'Company users' })).toBeVisible();
      expect(await stillSameDocument(page)).toBe(true);

      await page.goBack();
      await page.waitForURL((url) => url.pathname.startsWith('/v1/corporate/jobs'));
      await page
        .getByRole('link', { name: /^Applicants \(\d+\)$/ })
        .first()
        .click();
      await page.waitForURL(/\/v1\/corporate\/jobs\/[^/]+\/applicants$/);
      expect(await stillSameDocument(page)).toBe(true);
    } finally {
      // Other specs see the demo company as seeded.
      const restored = await request.patch('/api/corporate/company', {
        headers: auth,
        data: { logoUrl: before },
      });
      expect(restored.status()).toBe(200);
      await context.close();
    }
  });

  test('a recruiter sees the Company link but no Users link', async ({ browser }) => {
    const { context, page } = await signedIn(browser, 'recruiter@example.com');
    const nav = page.getByRole('navigation', { name: 'Your company' });
    await expect(nav.getByRole('link', { name: 'Company' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
    await context.close();
  });
});

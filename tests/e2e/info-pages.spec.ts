import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Every public page of spec §2 that this work fills in, with its h1. */
const PUBLIC_PAGES = [
  ['/', 'Get referred to the job you want'],
  ['/for-employee', 'Refer great people. Get paid for your know-how.'],
  ['/faq', 'Frequently asked questions'],
  ['/terms', 'Terms of service'],
  ['/privacy-policy', 'Privacy policy'],
  ['/contact-us', 'Contact us'],
  ['/about', 'About ReferralHub'],
  ['/corporate', 'Hire people your industry vouches for'],
  ['/corporate/connect-with-us', 'Connect with our corporate team'],
] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('public information pages (spec §2)', () => {
  for (const [path, title] of PUBLIC_PAGES) {
    for (const [device, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      test(`${path} on a ${device}: content, one h1, indexable, no serious axe violations`, async ({
        page,
        shell,
      }) => {
        await page.setViewportSize(viewport);
        await page.goto(path);
        await expect(shell.heading()).toHaveText(title);
        await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
        await expect(
          page.getByRole('main').getByRole('heading', { level: 2 }).first(),
        ).toBeVisible();
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
          'content',
          'index, follow',
        );
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          new URL(path, page.url()).href.replace(/\/$/, path === '/' ? '/' : ''),
        );
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  }

  test('the FAQ tabs (and their open answers) pass axe too', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('tab', { name: 'Candidates' }).click();
    await page.getByRole('button', { name: 'How do I request a referral?' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('signed-in and auth pages say noindex and have no canonical link', async ({ page }) => {
    for (const path of ['/auth/login', '/v1/candidate/profile', '/post-signup-form']) {
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex, nofollow',
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    }
  });

  test('serves a sitemap of the public pages and points robots.txt at it', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const [path] of PUBLIC_PAGES) expect(sitemap).toContain(`${path}</loc>`);
    expect(await (await request.get('/robots.txt')).text()).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
  });
});

test.describe('shell behaviour (spec §2, §9)', () => {
  test('the header floats as a rounded bar after a 60 px scroll, and docks again at the top', async ({
    page,
    shell,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/about');
    const header = shell.header();
    await expect(header).toHaveAttribute('data-floating', 'false');
    await page.mouse.wheel(0, 60);
    await expect(header).toHaveAttribute('data-floating', 'true');
    await expect
      .poll(() => header.evaluate((el) => getComputedStyle(el).borderTopLeftRadius))
      .toBe('16px');
    expect(await header.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-floating', 'false');
  });

  test('tints the page by path', async ({ page }) => {
    await page.goto('/');
    const tone = () => page.evaluate(() => document.body.dataset.pageTone);
    await expect.poll(tone).toBe('home');
    await page.goto('/corporate');
    await expect.poll(tone).toBe('corporate');
    await page.goto('/faq');
    await expect.poll(tone).toBe('info');
  });

  test('a new route starts at the top; /corporate#corporatePlans scrolls to the plans', async ({
    page,
    shell,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await shell.footer().getByRole('link', { name: 'FAQ' }).click();
    await expect(shell.heading()).toHaveText('Frequently asked questions');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await shell.footer().getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/corporate#corporatePlans$/);
    await expect(page.getByRole('heading', { name: 'Plans' })).toBeInViewport();
    await expect(page.getByRole('link', { name: 'Contact us for pricing' })).toBeVisible();
  });

  test('home searches jobs straight away: /jobs?searchText=…', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: /Search jobs/ }).fill('react developer');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/jobs\?searchText=react(\+|%20)developer$/);
  });
});

test.describe('FAQ by keyboard (WAI-ARIA tabs and accordion)', () => {
  test('arrows switch tabs, Tab reaches the questions, Enter opens and closes an answer', async ({
    page,
  }) => {
    await page.goto('/faq');
    const employee = page.getByRole('tab', { name: 'Employee' });
    const candidates = page.getByRole('tab', { name: 'Candidates' });
    await expect(employee).toHaveAttribute('aria-selected', 'true');

    await employee.focus();
    await page.keyboard.press('ArrowRight');
    await expect(candidates).toBeFocused();
    await expect(candidates).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Candidates' })).toBeVisible();

    await page.keyboard.press('Tab'); // the panel
    await page.keyboard.press('Tab'); // its first question
    const first = page.getByRole('button', { name: 'How do I request a referral?' });
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('region', { name: 'How do I request a referral?' })).toContainText(
      'text PDF',
    );
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-expanded', 'false');

    await candidates.focus();
    await page.keyboard.press('ArrowLeft');
    await expect(employee).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: 'support@referralhub.example' })).toBeVisible();
  });
});

test.describe('corporate contact form (/corporate/connect-with-us)', () => {
  test('rejects bad input with a clear message per field, then stores a good request', async ({
    page,
  }) => {
    await page.goto('/corporate/connect-with-us');
    const send = page.getByRole('button', { name: 'Send request' });
    await send.click();
    await expect(page.getByLabel('Your name *')).toBeFocused();
    await expect(page.getByLabel('Your name *')).toHaveAccessibleDescription(
      'Please enter your name (at least 2 characters).',
    );
    await expect(page.getByText('Please choose your team size.')).toBeVisible();

    await page.getByLabel('Your name *').fill('Asha Rao');
    await page.getByLabel('Work email *').fill('asha.rao@');
    await page.getByLabel('Company *').fill('Acme Fintech');
    await page.getByLabel('Company size (employees) *').selectOption('50-100');
    await page.getByLabel('What are you hiring for? *').fill('Six backend engineers in Bengaluru.');
    await send.click();
    await expect(page.getByLabel('Work email *')).toBeFocused();
    await expect(page.getByLabel('Work email *')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Please enter a valid email address, like name@company.com.'),
    ).toBeVisible();

    await page.getByLabel('Work email *').fill('asha.rao@acme.example');
    const stored = page.waitForResponse(
      (r) => r.url().endsWith('/api/contact-requests') && r.request().method() === 'POST',
    );
    await send.click();
    const response = await stored;
    expect(response.status()).toBe(201);
    expect((await response.json()) as { id: string }).toHaveProperty('id');
    await expect(
      page.getByRole('heading', { name: 'Thank you, we have your request' }),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Our corporate team will reply',
    );
  });

  test('the server rejects a bad request with one message per field', async ({ request }) => {
    const response = await request.post('/api/contact-requests', {
      data: { name: 'Asha', email: 'nope', company: 'Acme', teamSize: '10-50', message: 'short' },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({
      errorMsg: 'Please enter a valid email address, like name@company.com.',
      errors: {
        email: 'Please enter a valid email address, like name@company.com.',
        message: 'Please tell us a little more (at least 20 characters).',
      },
    });
  });
});

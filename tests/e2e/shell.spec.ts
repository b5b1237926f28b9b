import { expect, test } from './support/fixtures';

test.describe('signed-out shell (spec §2)', () => {
  test('shows the header and footer, with no errors in the console', async ({ page, shell }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const header = shell.header();
    await expect(header.getByRole('link', { name: 'ReferralHub home' })).toBeVisible();
    const nav = header.getByRole('navigation', { name: 'Main' });
    for (const name of ['For Employee', 'For Corporate', 'About Us']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: /For Candidate/ })).toBeVisible();
    for (const name of ['Login', 'Sign-up for free', 'For Employers']) {
      await expect(header.getByRole('link', { name }).first()).toBeVisible();
    }
    const footer = shell.footer();
    await expect(footer.getByRole('link', { name: 'Find a job' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Hire a candidate' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'LinkedIn' })).toBeVisible();
    for (const group of ['Company', 'Candidates', 'Information']) {
      await expect(footer.getByRole('navigation', { name: group })).toBeVisible();
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  test('For Candidate opens Jobs, Request Referral and Request Guidance', async ({
    page,
    shell,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    await shell
      .header()
      .getByRole('button', { name: /For Candidate/ })
      .click();
    await expect(page.getByRole('link', { name: 'Request Referral' }).first()).toBeVisible();
    await page.getByRole('listitem').getByRole('link', { name: 'Jobs', exact: true }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await expect(shell.heading()).toHaveText('Jobs');
  });

  test('on a phone the menu collapses behind a button', async ({ page, shell }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(shell.header().getByRole('navigation', { name: 'Main' })).toBeHidden();
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile).toBeVisible();
    await mobile.getByRole('link', { name: 'Request Guidance' }).click();
    await expect(page).toHaveURL(/\/guidance$/);
    await expect(mobile).toBeHidden();
  });

  test('an unknown path shows the 404 page, and Go Back Home goes home', async ({
    page,
    shell,
  }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(shell.heading()).toHaveText('404 Page Not Found');
    await expect(page.getByText("Sorry, the page you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { AuthPage, signInAs } from './support/auth-page';
import { accessTokenOf } from './support/candidate-api';

// Issue 16: requesting a referral from the request page, the spec §4 result dialogs from real
// server decisions on the seed data, My referrals, and a request made offline that is sent once.
// The jobs are chosen from the seed (server/seed): the demo candidate's frontend profile scores
// over the 50 threshold on React Developer jobs, and Peacock Analytics and Cedar Health have
// verified referees.

const PEACOCK = '/referrals/Peacock_Analytics/cmp-peacock-analytics';
const CEDAR = '/referrals/Cedar_Health/cmp-cedar-health';

async function signIn(page: Page, email: string) {
  await signInAs(page, email);
}

async function chooseJob(page: Page, title: RegExp) {
  await page.getByRole('combobox', { name: 'Open job' }).click();
  await page.getByRole('option', { name: title }).first().click();
}

async function myRequests(request: APIRequestContext, token: string) {
  const response = await request.get('/api/referrals/mine', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { id: string; jobId: string; state: string }[] }).data;
}

test.describe('requesting a referral', () => {
  test('a listed job: the loader steps, RequestAccepted, then the request in My referrals', async ({
    page,
    request,
  }) => {
    await signIn(page, 'candidate@example.com');
    await page.goto(PEACOCK);
    await expect(page.getByRole('heading', { level: 1, name: 'Peacock Analytics' })).toBeVisible();
    await expect(page.getByTestId('referral-balance')).toHaveText(/\d+ left/);
    const before = Number((await page.getByTestId('referral-balance').innerText()).split(' ')[0]);

    await chooseJob(page, /^React Developer/);
    await expect(page.getByTestId('referral-match')).toBeVisible();
    await page
      .getByLabel('Note to the referee')
      .fill('I ship React apps that work on slow phones.');
    await page.getByRole('button', { name: 'Request Referral' }).click();

    await expect(page.getByTestId('referral-loader')).toContainText('Checking eligibility');
    const dialog = page.getByRole('dialog', { name: 'Request accepted' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText('The CV will be sent to the best referee.');
    await dialog.getByRole('link', { name: 'View Status' }).click();

    await page.waitForURL(/\/v1\/candidate\/referrals\/[^/]+$/);
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    const item = page.locator(`[data-testid="referral-item"][data-id="${id}"]`);
    await expect(item).toBeVisible();
    await expect(item).toContainText('React Developer');
    await expect(item.getByTestId('referral-state')).toHaveText(/With a referee|Finding a referee/);
    await expect(item.getByTestId('referral-timeline')).toContainText('You requested a referral');
    // The credit is held: the tracker's balance went down by the cost.
    await expect(page.getByTestId('tracker-balance')).toContainText(
      `Referrals left: ${before - 1}`,
    );

    const mine = await myRequests(request, await accessTokenOf(page));
    expect(mine.filter((r) => r.id === id)).toHaveLength(1);
  });

  test('a candidate without a CV gets profileCompletion (Complete Now)', async ({ page }) => {
    await signIn(page, 'newcandidate@example.com');
    await page.goto(PEACOCK);
    await chooseJob(page, /^React Developer/);
    await page.getByRole('button', { name: 'Request Referral' }).click();
    const dialog = page.getByRole('dialog', { name: 'Profile Incomplete' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Complete Now' }).click();
    await page.waitForURL(/\/v1\/candidate\/profile\?returnUrl=/);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(PEACOCK);
  });

  test('a candidate with no credits gets zeroReferral (Subscribe Now)', async ({ page }) => {
    await signIn(page, 'nocredits@example.com');
    await page.goto(PEACOCK);
    await expect(page.getByTestId('referral-balance')).toHaveText('0 left');
    await chooseJob(page, /^React Developer/);
    await page.getByRole('button', { name: 'Request Referral' }).click();
    const dialog = page.getByRole('dialog', { name: 'No referrals left' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute(
      'href',
      '/v1/candidate/subscription',
    );
  });

  test('signed out: Request Referral keeps the continuation and comes back after login', async ({
    page,
  }) => {
    await page.goto(CEDAR);
    await page.getByRole('button', { name: 'Log in to request a referral' }).click();
    await page.waitForURL(/\/auth\/login/);
    await new AuthPage(page).signIn('candidate@example.com', undefined, page.url());
    await page.waitForURL((url) => url.pathname === CEDAR);
    await expect(page.getByRole('button', { name: 'Request Referral' })).toBeVisible();
  });
});

test.describe('offline', () => {
  test('a request made offline is queued, sent once on reconnect and appears in the tracker', async ({
    page,
    context,
    request,
    shell,
  }) => {
    await signIn(page, 'candidate@example.com');
    await shell.waitForServiceWorkerControl();
    const token = await accessTokenOf(page);
    const before = await myRequests(request, token);
    await page.goto(CEDAR);
    await chooseJob(page, /^React Developer/);
    await expect(page.getByTestId('referral-match')).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Request Referral' }).click();
    await expect(page.getByTestId('referral-queued')).toContainText('Queued: you are offline');
    // The header's pending actions say what waits, in words.
    await page.getByTestId('pending-actions').click();
    await expect(page.getByText('Referral request: React Developer at Cedar Health')).toBeVisible();

    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'Request accepted' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });

    const after = await myRequests(request, token);
    const added = after.filter((r) => !before.some((b) => b.id === r.id));
    expect(added).toHaveLength(1);
    await expect(page.getByTestId('pending-actions')).toHaveCount(0);

    await dialog.getByRole('link', { name: 'View Status' }).click();
    const item = page.locator(`[data-testid="referral-item"][data-id="${added[0]!.id}"]`);
    await expect(item).toContainText('React Developer');
    await expect(item).toContainText('Cedar Health');
  });
});

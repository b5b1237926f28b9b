import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { AuthPage, DEMO_PASSWORD, latestCode, userPoolCall, signInAs } from './support/auth-page';

// Issue 21 items 2 and 3 end to end in real Chromium at phone size. The admin finds a throwaway
// user (made here: sign-up, confirmation, profile), grants them credits (their balance shows it),
// deactivates them (their sign-in is refused with the spec §8 text) and reactivates them; then
// resolves the seeded disputed referral (server/seed/oversight-demo.ts, a seed-only candidate).
// No demo account changes: the admin only reads and acts on others.

const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-a2';
const DEACTIVATED = 'Your account has been deactivated. Please contact support for assistance.';

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** A fresh confirmed account with a candidate profile; returns its ID and access tokens. */
async function throwawayUser(request: APIRequestContext, email: string, name: string) {
  await userPoolCall(request, 'SignUp', {
    Username: email,
    Password: DEMO_PASSWORD,
    UserAttributes: [{ Name: 'email', Value: email }],
  });
  await userPoolCall(request, 'ConfirmSignUp', {
    Username: email,
    ConfirmationCode: await latestCode(request, email),
  });
  const signIn = async () =>
    (
      await userPoolCall<{ AuthenticationResult: { AccessToken: string; IdToken: string } }>(
        request,
        'InitiateAuth',
        {
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
        },
      )
    ).AuthenticationResult;
  const tokens = await signIn();
  const created = await request.post('/api/user/profile', {
    ...bearer(tokens.IdToken),
    data: { email, fullName: name },
  });
  expect(created.status()).toBe(201);
  return tokens.AccessToken;
}

async function balanceOf(request: APIRequestContext, token: string) {
  const response = await request.get('/api/referrals/balance', bearer(token));
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { balance: number } }).data.balance;
}

/** No horizontal scroll at phone width. */
async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an admin grants credits, deactivates and reactivates a user, and resolves a dispute', async ({
  browser,
  request,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const stamp = Date.now();
  const email = `throwaway-${stamp}@example.com`;
  const name = `Tara Throwaway ${stamp}`;
  const userToken = await throwawayUser(request, email, name);
  const startBalance = await balanceOf(request, userToken);

  const admin = await browser.newContext({ viewport: PHONE });
  const page = await admin.newPage();
  await signInAs(page, 'admin@example.com');
  // spec §2: admins land on the jobs console; the tab bar leads to Users.
  await page.waitForURL(/\/v1\/admin\/ajobs$/);
  await page.getByTestId('admin-nav').getByRole('link', { name: 'Users' }).click();
  await page.waitForURL(/\/v1\/admin\/users$/);

  // Find the user by name.
  await page.getByLabel('Search').fill('Tara Throwaway');
  const row = page.getByTestId('admin-user-row').filter({ hasText: email });
  await expect(row).toBeVisible();
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/users.png`, fullPage: true });
  await row.getByRole('button', { name: `Open ${name}` }).click();

  const detail = page.getByTestId('admin-user-detail');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await expect(detail.getByTestId('credits-balance')).toHaveText(String(startBalance));

  // Grant two credits with a reason: the user's balance shows them.
  const credits = detail.getByTestId('credits-form');
  await credits.getByLabel('Credits').fill('2');
  await credits.getByLabel('Reason').fill('Welcome gift from the browser test');
  await credits.getByRole('button', { name: 'Grant 2' }).click();
  await expect(detail.getByTestId('credits-balance')).toHaveText(String(startBalance + 2));
  await expect(detail.getByTestId('ledger')).toContainText('Welcome gift from the browser test');
  expect(await balanceOf(request, userToken)).toBe(startBalance + 2);
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/user-detail.png`, fullPage: true });

  // Deactivate: the user's calls and their sign-in are refused with the spec §8 text.
  const status = detail.getByTestId('status-form');
  await status.getByLabel('Reason').fill('Throwaway account, browser test');
  await status.getByRole('button', { name: 'Deactivate' }).click();
  await expect(detail.getByText('Deactivated', { exact: true })).toBeVisible();
  const refused = await request.get('/api/referrals/balance', bearer(userToken));
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ errorMsg: DEACTIVATED });

  const userContext = await browser.newContext({ viewport: PHONE });
  const userPage = await userContext.newPage();
  await new AuthPage(userPage).signIn(email);
  await expect(userPage.getByText(DEACTIVATED)).toBeVisible();
  await expect(userPage).toHaveURL(/\/auth\/login/);
  await userPage.screenshot({ path: `${SHOTS}/deactivated-sign-in.png` });
  await userContext.close();

  // Reactivate: they are let back in.
  const again = detail.getByTestId('status-form');
  await again.getByLabel('Reason').fill('Done testing');
  await again.getByRole('button', { name: 'Reactivate' }).click();
  await expect(detail.getByText('Active', { exact: true })).toBeVisible();
  expect(await balanceOf(request, userToken)).toBe(startBalance + 2);

  // Referral oversight: the seeded dispute, its timeline, resolved by giving the credit back.
  await page.getByTestId('admin-nav').getByRole('link', { name: 'Referrals' }).click();
  await page.waitForURL(/\/v1\/admin\/referrals$/);
  const disputed = page
    .getByTestId('admin-referral-row')
    .filter({ hasText: 'Deepak Joshi' })
    .filter({ hasText: 'Disputed' });
  await expect(disputed).toBeVisible();
  await expect(
    page.getByTestId('admin-referral-row').filter({ hasText: 'Stuck' }).first(),
  ).toBeVisible();
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/referrals.png`, fullPage: true });
  await disputed.getByRole('button').click();

  const request_ = page.getByTestId('admin-referral-detail');
  await expect(request_.getByTestId('admin-timeline')).toContainText('Problem reported');
  await expect(request_.getByTestId('admin-timeline')).toContainText('Marked referred');
  const resolve = request_.getByTestId('resolve-form');
  await resolve.getByLabel('Give the credit back to the candidate').check();
  await resolve.getByLabel('Reason').fill('The referee could not show proof');
  await fitsThePhone(page);
  await page.screenshot({ path: `${SHOTS}/referral-detail.png`, fullPage: true });
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(request_.getByText('Resolved.')).toBeVisible();
  await expect(request_.getByText('Credit returned by an admin')).toBeVisible();
  await expect(request_.getByTestId('admin-timeline')).toContainText('Resolved by an admin');
  await expect(request_.getByTestId('resolve-form')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/referral-resolved.png`, fullPage: true });
  await admin.close();
});

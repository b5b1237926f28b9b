/**
 * Signed-in sessions in real Chromium with the real Amplify client against the identity stand-in:
 * every demo account lands on its dashboard with its role line (spec §2), sign-out revokes the
 * refresh token (spec §4), the deactivated account gets the §8 toast and is signed out, and the
 * route guards (spec §4) send, refuse or let through as the table of src/domain says.
 */
import {
  AccountMenuPage,
  AuthPage,
  DEMO_PASSWORD,
  refreshOutcome,
  registerAppWithHostedSignIn,
  signOutElsewhere,
  storedRefreshToken,
} from './support/auth-page';
import { expect, test } from './support/fixtures';

const CORPORATE_LOGIN = '/auth/corporate/login';

// spec §2 dashboard targets and role lines; the referral counts are the seeded demo data.
const ACCOUNTS = [
  // The referral specs spend this account's credits on the same server: its count, not a number.
  {
    email: 'candidate@example.com',
    dashboard: '/v1/candidate/profile',
    line: /^Referrals Left: \d+$/,
  },
  {
    email: 'newcandidate@example.com',
    dashboard: '/v1/candidate/profile',
    line: 'Referrals Left: 1',
  },
  {
    email: 'referee@example.com',
    dashboard: '/v1/employee/profile',
    line: /^Referrals Left: \d+$/,
  },
  {
    email: 'corp-admin@example.com',
    dashboard: '/v1/corporate/jobs',
    line: 'Admin',
    corporate: true,
  },
  {
    email: 'recruiter@example.com',
    dashboard: '/v1/corporate/jobs',
    line: 'Recruiter',
    corporate: true,
  },
  { email: 'admin@example.com', dashboard: '/v1/admin/ajobs', line: 'Referrals Left: 0' },
  // issue 21 item 4: evaluators land on their assessment queue.
  { email: 'evaluator@example.com', dashboard: '/v1/evaluator/queue', line: 'Evaluator' },
] as const;

test.describe('every demo account lands on its dashboard with its role line (spec §2)', () => {
  for (const account of ACCOUNTS) {
    test(account.email, async ({ page }) => {
      const corporate = 'corporate' in account && account.corporate;
      await new AuthPage(page).signIn(
        account.email,
        DEMO_PASSWORD,
        corporate ? CORPORATE_LOGIN : '/auth/login',
      );
      await expect(page).toHaveURL(new RegExp(`${account.dashboard}$`));
      // The guard let the dashboard render (no dialog, no redirect).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const menu = new AccountMenuPage(page);
      await menu.open();
      await expect(menu.roleLine()).toHaveText(account.line);
      await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
        'href',
        account.dashboard,
      );
      // A full page load reads Amplify's stored tokens without Amplify: the guard still passes.
      await page.reload();
      await expect(page).toHaveURL(new RegExp(`${account.dashboard}$`));
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(menu.trigger()).toBeVisible();
    });
  }
});

test('Logout signs out everywhere: home, signed out, the old refresh token is refused', async ({
  page,
  request,
}) => {
  await new AuthPage(page).signIn('candidate@example.com');
  await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);
  const refreshToken = await storedRefreshToken(page);
  expect(refreshToken).toBeTruthy();
  expect(await refreshOutcome(request, refreshToken!)).toBe('valid');

  await new AccountMenuPage(page).logout();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await new AuthPage(page).storedSession()).toBeNull();
  expect(await storedRefreshToken(page)).toBeNull();
  expect(await refreshOutcome(request, refreshToken!)).toBe('NotAuthorizedException');

  // Signed out, a signed-in page sends to the login page.
  await page.goto('/v1/candidate/profile');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the auth check on load signs out a session revoked elsewhere (spec §4)', async ({
  page,
  request,
}) => {
  await new AuthPage(page).signIn('referee@example.com');
  await expect(page).toHaveURL(/\/v1\/employee\/profile$/);
  await signOutElsewhere(page, request);
  // The access token is still valid locally: only the check with the identity service can tell.
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await new AuthPage(page).storedSession()).toBeNull();
});

test('the deactivated account sees the persistent toast and is signed out (spec §4, §8)', async ({
  page,
}) => {
  await new AuthPage(page).signIn('deactivated@example.com', DEMO_PASSWORD, CORPORATE_LOGIN);
  const toast = page.getByText(
    'Your account has been deactivated. Please contact support for assistance.',
  );
  await expect(toast).toBeVisible();
  expect(await new AuthPage(page).storedSession()).toBeNull();
  expect(await storedRefreshToken(page)).toBeNull();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  // Persistent: still there after the 5 s a normal toast lasts.
  await page.waitForTimeout(5_500);
  await expect(toast).toBeVisible();
});

test('a candidate opening corporate jobs gets the Access Denied dialog (spec §2, §4)', async ({
  page,
}) => {
  await new AuthPage(page).signIn('candidate@example.com');
  await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);
  await page.goto('/v1/corporate/jobs');
  const dialog = page.getByRole('dialog', { name: 'Access Denied' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'You do not have access to this page. Please contact your administrator.',
  );
  await expect(dialog.getByRole('button', { name: 'Login' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('signed out, corporate pages send to the corporate login (spec §4)', async ({ page }) => {
  await page.goto('/v1/corporate/jobs');
  await expect(page).toHaveURL(/\/auth\/corporate\/login$/);
  await page.goto('/post-signup-form');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test.describe('LinkedIn sign-in through the hosted page (spec §1, §4)', () => {
  // The stand-in's hosted page is https with a certificate made at start-up.
  test.use({ ignoreHTTPSErrors: true });

  test('a new LinkedIn user comes back signed in, in the linkedin role', async ({
    page,
    request,
    baseURL,
  }) => {
    await registerAppWithHostedSignIn(request, new URL(baseURL!).origin);
    const email = `li-${Date.now()}@example.com`;
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Continue with LinkedIn' }).click();
    await expect(page.getByRole('heading', { name: 'Fake LinkedIn sign-in' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Name').fill('Lina Kumar');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back through /auth/checkRedirection to the post-sign-up form (no product profile yet,
    // issue 26 item 1).
    await expect(page).toHaveURL(/\/post-signup-form$/, { timeout: 20_000 });
    const stored = JSON.parse((await new AuthPage(page).storedSession()) ?? '{}') as {
      email?: string;
      userType?: string[];
    };
    expect(stored).toMatchObject({ email, userType: ['linkedin'] });
    const menu = new AccountMenuPage(page);
    await menu.open();
    // spec §2: LinkedIn users see the referral count (the balance route answers it, issue 16).
    await expect(menu.roleLine()).toHaveText(/^Referrals Left: \d+$/);
  });
});

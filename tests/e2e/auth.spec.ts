import {
  AuthPage,
  createAccountWithTemporaryPassword,
  createTotpAccount,
  DEMO_PASSWORD,
  latestCode,
  refreshOutcome,
  storedRefreshToken,
  totpCode,
} from './support/auth-page';
import { expect, test } from './support/fixtures';

test.describe('sign-in with the real Amplify client against the identity stand-in', () => {
  test('a candidate signs in and lands on the candidate dashboard (spec §2)', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.signIn('candidate@example.com');
    await expect(page).toHaveURL(/\/v1\/candidate\/profile$/);
    const stored = JSON.parse((await auth.storedSession()) ?? '{}') as {
      email?: string;
      userType?: string[];
    };
    expect(stored).toMatchObject({ email: 'candidate@example.com', userType: ['general-user'] });
  });

  test('a corporate admin lands on corporate jobs; an admin on admin jobs', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.signIn('corp-admin@example.com', DEMO_PASSWORD, '/auth/corporate/login');
    await expect(page).toHaveURL(/\/v1\/corporate\/jobs$/);
    await auth.forgetStoredSession();
    await auth.signIn('admin@example.com');
    await expect(page).toHaveURL(/\/v1\/admin\/ajobs$/);
  });

  test('a referee (last dashboard EMP) lands on the employee dashboard', async ({ page }) => {
    await new AuthPage(page).signIn('referee@example.com');
    await expect(page).toHaveURL(/\/v1\/employee\/profile$/);
  });

  test('a wrong password says so and signs nobody in', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.signIn('candidate@example.com', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await auth.storedSession()).toBeNull();
  });

  test('a deactivated corporate user is refused and signed out (spec §4, §8)', async ({ page }) => {
    const auth = new AuthPage(page);
    await auth.signIn('deactivated@example.com', DEMO_PASSWORD, '/auth/corporate/login');
    await expect(page.getByRole('alert')).toContainText(
      'Your account has been deactivated. Please contact support for assistance.',
    );
    expect(await auth.storedSession()).toBeNull();
  });

  test('sign-up with a confirmation code signs the new user in and asks for the basic profile (spec §2, §4)', async ({
    page,
    request,
  }) => {
    const email = `new-${Date.now()}@example.com`;
    await page.goto('/auth/signup');
    await page.getByLabel('Full name').fill('Tara Iyer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill('Str0ng!Passw0rd');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();

    await page.getByLabel('Confirmation code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not right');

    const since = Date.now();
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expect(page.getByText('We sent a new code.')).toBeVisible();
    await page.getByLabel('Confirmation code').fill(await latestCode(request, email, { since }));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/post-signup-form$/);
    const stored = JSON.parse((await new AuthPage(page).storedSession()) ?? '{}') as {
      email?: string;
    };
    expect(stored.email).toBe(email);
  });
});

test('a TOTP MFA sign-in asks for the authenticator code (spec §4 sign-in steps)', async ({
  page,
  request,
}) => {
  const email = `totp-${Date.now()}@example.com`;
  const password = 'Str0ng!Passw0rd';
  const secret = await createTotpAccount(request, email, password);
  const auth = new AuthPage(page);
  await auth.signIn(email, password);
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  expect(await auth.storedSession()).toBeNull();

  await code.fill(totpCode(secret, Date.now() - 10 * 60_000)); // a stale code is refused
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await auth.storedSession()).toBeNull();

  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/post-signup-form$/);
  const stored = JSON.parse((await auth.storedSession()) ?? '{}') as { email?: string };
  expect(stored.email).toBe(email);
  // The session this challenge opened can be refreshed (the stand-in keeps its refresh token).
  expect(await refreshOutcome(request, (await storedRefreshToken(page))!)).toBe('valid');
});

test('a temporary password must be replaced at first sign-in (spec §4 new password required)', async ({
  page,
  request,
}) => {
  const email = `invited-${Date.now()}@example.com`;
  await createAccountWithTemporaryPassword(request, email, 'Temp0rary!Pass');
  const auth = new AuthPage(page);
  await auth.signIn(email, 'Temp0rary!Pass');
  await expect(
    page.getByText('Your account needs a new password before you continue.'),
  ).toBeVisible();
  expect(await auth.storedSession()).toBeNull();
  await page.getByLabel(/^New password/).fill('N3w!Passw0rd');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).toHaveURL(/\/post-signup-form$/);

  // The new password is the one that works from now on.
  await auth.forgetStoredSession();
  await auth.signIn(email, 'N3w!Passw0rd');
  await expect(page).toHaveURL(/\/post-signup-form$/);
});

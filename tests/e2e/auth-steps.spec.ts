/**
 * The spec §4 sign-in steps beyond password + one code, and the change-password screen (§5, §8),
 * with the real Amplify client in Chromium against the identity stand-in. Each test makes its own
 * account (tests/e2e/support/auth-steps.ts).
 */
import { AuthPage, latestCode, signOutElsewhere, totpCode } from './support/auth-page';
import {
  createAccountWithTwoMfaMethods,
  createConfirmedAccount,
  requireMfaSetup,
} from './support/auth-steps';
import { expect, test } from './support/fixtures';

const PASSWORD = 'Str0ng!Passw0rd';
const unique = (what: string) =>
  `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test('MFA set-up at sign-in: choose the authenticator app, scan the QR code, enter its code', async ({
  page,
  request,
}) => {
  const email = unique('mfa-setup');
  await createConfirmedAccount(request, email, PASSWORD);
  await requireMfaSetup(request, email, ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);
  const auth = new AuthPage(page);
  await auth.signIn(email, PASSWORD);

  await expect(page.getByText('Choose how to set it up')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Authenticator app' }).click();

  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  await expect(qr).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  expect(await qr.getAttribute('data-otpauth-uri')).toBe(
    `otpauth://totp/ReferralHub:${email}?secret=${secret}&issuer=ReferralHub`,
  );
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  expect(await auth.storedSession()).toBeNull();

  const code = page.getByLabel('Authentication code');
  await code.fill(totpCode(secret, Date.now() - 10 * 60_000)); // a stale code is refused
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/post-signup-form$/);

  // From now on the authenticator code is asked for at sign-in.
  await auth.forgetStoredSession();
  await auth.signIn(email, PASSWORD);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
});

test('MFA selection: a user with two methods chooses email and enters the emailed code', async ({
  page,
  request,
}) => {
  const email = unique('mfa-choice');
  await createAccountWithTwoMfaMethods(request, email, PASSWORD);
  const auth = new AuthPage(page);
  await auth.signIn(email, PASSWORD);
  await expect(page.getByText('How do you want to confirm it is you?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Authenticator app' })).toBeVisible();
  const since = Date.now();
  await page.getByRole('button', { name: 'Email' }).click();

  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill(await latestCode(request, email, { since }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/post-signup-form$/);
  const stored = JSON.parse((await auth.storedSession()) ?? '{}') as { email?: string };
  expect(stored.email).toBe(email);
});

test('custom challenge: the question is shown, a wrong answer is refused, the right one signs in', async ({
  page,
  request,
}) => {
  const email = unique('custom');
  await createConfirmedAccount(request, email, PASSWORD);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Use a security question' }).click();

  await expect(page.getByTestId('custom-challenge-question')).toHaveText('What is 6 × 7?');
  await page.getByLabel('Answer').fill('41');
  await page.getByRole('button', { name: 'Submit answer' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'That answer was not accepted. Attempts left: 2.',
  );
  await page.getByLabel('Answer').fill('42');
  await page.getByRole('button', { name: 'Submit answer' }).click();
  await expect(page).toHaveURL(/\/post-signup-form$/);
});

test('first-factor selection: sign in with an emailed code instead of the password', async ({
  page,
  request,
}) => {
  const email = unique('first-factor');
  await createConfirmedAccount(request, email, PASSWORD);
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'More sign-in options' }).click();
  await expect(page.getByRole('button', { name: 'Password' })).toBeVisible();
  // The account's sign-up code is already in the stand-in's outbox: read only a newer one.
  const since = Date.now();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  await code.fill(await latestCode(request, email, { since }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/post-signup-form$/);
});

test.describe('change password (spec §5, §8)', () => {
  test('a wrong current password is refused inline; the change works and the new password signs in', async ({
    page,
    request,
  }) => {
    const email = unique('change');
    await createConfirmedAccount(request, email, PASSWORD);
    const auth = new AuthPage(page);
    await auth.signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/post-signup-form$/);
    await page.goto('/auth/change-password');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();

    const current = page.getByLabel(/^Current password/);
    const next = page.getByLabel(/^New password/);
    const confirm = page.getByLabel(/^Confirm new password/);
    const submit = page.getByRole('button', { name: 'Change password' });

    // Inline validation before anything is sent.
    await next.fill('short');
    await confirm.fill('different');
    await submit.click();
    await expect(page.getByText('Enter your current password.')).toBeVisible();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();

    await current.fill('Wr0ng!Password');
    await next.fill('N3w!Passw0rd');
    await confirm.fill('N3w!Passw0rd');
    await submit.click();
    await expect(page.getByText('The current password is not right.')).toBeVisible();

    await current.fill(PASSWORD);
    await submit.click();
    await expect(page.getByText('Your password has been changed.')).toBeVisible();

    await auth.forgetStoredSession();
    await auth.signIn(email, PASSWORD);
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
    await auth.signIn(email, 'N3w!Passw0rd');
    await expect(page).toHaveURL(/\/post-signup-form$/);
  });

  test('a session signed out elsewhere gets "Access token is missing or expired"', async ({
    page,
    request,
  }) => {
    const email = unique('change-revoked');
    await createConfirmedAccount(request, email, PASSWORD);
    await new AuthPage(page).signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/post-signup-form$/);
    await page.goto('/auth/change-password');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    // The page has settled (its auth check on load included, which would otherwise find the
    // session gone and send the user to sign in): the session ends elsewhere while it is open.
    await page.waitForLoadState('networkidle');
    await signOutElsewhere(page, request);

    await page.getByLabel(/^Current password/).fill(PASSWORD);
    await page.getByLabel(/^New password/).fill('N3w!Passw0rd');
    await page.getByLabel(/^Confirm new password/).fill('N3w!Passw0rd');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert')).toContainText('Access token is missing or expired');
  });

  test('signed out, the screen sends the user to the login page', async ({ page }) => {
    await page.goto('/auth/change-password');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });
});

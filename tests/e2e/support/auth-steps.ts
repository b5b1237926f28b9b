import type { APIRequestContext } from '@playwright/test';
import { clientConfig, latestCode, totpCode, userPoolCall } from './auth-page';

/**
 * Fresh accounts for the spec §4 sign-in step tests, made through the identity stand-in's
 * user-pool API (and its /_dev hooks), so no demo account changes for other tests.
 */
export async function createConfirmedAccount(
  request: APIRequestContext,
  email: string,
  password: string,
) {
  await userPoolCall(request, 'SignUp', {
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Ravi Steps' },
    ],
  });
  await userPoolCall(request, 'ConfirmSignUp', {
    Username: email,
    ConfirmationCode: await latestCode(request, email),
  });
}

/** The account must set up MFA at its next sign-in, as in a pool where MFA is required. */
export async function requireMfaSetup(
  request: APIRequestContext,
  email: string,
  methods: ('SOFTWARE_TOKEN_MFA' | 'EMAIL_OTP')[],
) {
  const config = await clientConfig(request);
  const form = new URLSearchParams({ email });
  for (const method of methods) form.append('method', method);
  const res = await request.post(`${config.identity.userPoolEndpoint}/_dev/mfa-setup-required`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: form.toString(),
  });
  if (!res.ok()) throw new Error(`mfa-setup-required failed: ${res.status()} ${await res.text()}`);
}

/** A fresh account with both TOTP and email MFA on and no preferred method. */
export async function createAccountWithTwoMfaMethods(
  request: APIRequestContext,
  email: string,
  password: string,
) {
  await createConfirmedAccount(request, email, password);
  const auth = await userPoolCall<{ AuthenticationResult: { AccessToken: string } }>(
    request,
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } },
  );
  const AccessToken = auth.AuthenticationResult.AccessToken;
  const { SecretCode } = await userPoolCall<{ SecretCode: string }>(
    request,
    'AssociateSoftwareToken',
    { AccessToken },
  );
  await userPoolCall(request, 'VerifySoftwareToken', {
    AccessToken,
    UserCode: totpCode(SecretCode),
  });
  await userPoolCall(request, 'SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true },
    EmailMfaSettings: { Enabled: true },
  });
}

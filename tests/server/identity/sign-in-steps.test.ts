/**
 * The spec §4 sign-in steps the stand-in answers itself (server/identity/sign-in-steps.ts),
 * driven by the real aws-amplify v6 client in Node exactly as the app drives it: MFA set-up at
 * sign-in (TOTP and email), MFA selection, the built-in custom challenge, first-factor selection
 * (USER_AUTH) with a password or an email code, and password change with Cognito's errors.
 * Every test works on its own fresh account, so no demo account changes.
 */
import {
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  setUpTOTP,
  signIn,
  signOut,
  signUp,
  updateMFAPreference,
  updatePassword,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../e2e/support/auth-page';
import { configureAmplify } from './amplify-client';
import { lastCode, startStandinFixture, type StandinFixture } from './standin-fixture';

const PASSWORD = 'Str0ng!Passw0rd';
let fixture: StandinFixture;
let client: ReturnType<typeof configureAmplify>;
let accounts = 0;

beforeAll(async () => {
  fixture = await startStandinFixture();
  client = configureAmplify(fixture.standin);
});

afterEach(async () => {
  await signOut();
});

afterAll(async () => {
  client.destroy();
  await fixture.stop();
});

/** A fresh confirmed account (sign-up and the emailed code), signed out. */
async function newAccount(): Promise<string> {
  const email = `steps-${++accounts}@example.com`;
  await signUp({ username: email, password: PASSWORD, options: { userAttributes: { email } } });
  await confirmSignUp({
    username: email,
    confirmationCode: await lastCode(fixture.standin, email),
  });
  return email;
}

async function requireMfaSetup(email: string, methods: string[]) {
  const form = new URLSearchParams({ email });
  for (const method of methods) form.append('method', method);
  const res = await fetch(`${fixture.standin.endpoint}/_dev/mfa-setup-required`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(res.status).toBe(200);
}

async function signedInEmail() {
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.payload.email;
}

/** An account with both TOTP and email MFA on and no preferred method: returns the secret. */
async function accountWithTwoMfaMethods(): Promise<{ email: string; secret: string }> {
  const email = await newAccount();
  await signIn({ username: email, password: PASSWORD });
  const setup = await setUpTOTP();
  await verifyTOTPSetup({ code: totpCode(setup.sharedSecret) });
  await updateMFAPreference({ totp: 'ENABLED', email: 'ENABLED' });
  await signOut();
  return { email, secret: setup.sharedSecret };
}

describe('MFA set-up at sign-in (MFA_SETUP)', () => {
  it('offers TOTP or email, sets up TOTP with the shown secret, then asks for it next time', async () => {
    const email = await newAccount();
    await requireMfaSetup(email, ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);

    const first = await signIn({ username: email, password: PASSWORD });
    expect(first.nextStep).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
      allowedMFATypes: ['TOTP', 'EMAIL'],
    });
    const totp = await confirmSignIn({ challengeResponse: 'TOTP' });
    if (totp.nextStep.signInStep !== 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP') {
      throw new Error(`unexpected step ${totp.nextStep.signInStep}`);
    }
    const { sharedSecret } = totp.nextStep.totpSetupDetails;
    expect(totp.nextStep.totpSetupDetails.getSetupUri('ReferralHub', email).toString()).toBe(
      `otpauth://totp/ReferralHub:${email}?secret=${sharedSecret}&issuer=ReferralHub`,
    );

    // A wrong code is refused and the same step can be answered again.
    await expect(
      confirmSignIn({ challengeResponse: totpCode(sharedSecret, Date.now() - 10 * 60_000) }),
    ).rejects.toMatchObject({ name: 'EnableSoftwareTokenMFAException' });
    const done = await confirmSignIn({ challengeResponse: totpCode(sharedSecret) });
    expect(done.nextStep.signInStep).toBe('DONE');
    expect(await signedInEmail()).toBe(email);
    // The session the set-up opened can be refreshed.
    expect(await client.refreshOutcome(client.storedRefreshToken())).toBe('valid');

    await signOut();
    const again = await signIn({ username: email, password: PASSWORD });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const secondDone = await confirmSignIn({ challengeResponse: totpCode(sharedSecret) });
    expect(secondDone.nextStep.signInStep).toBe('DONE');
  });

  it('goes straight to the TOTP set-up when TOTP is the only method', async () => {
    const email = await newAccount();
    await requireMfaSetup(email, ['SOFTWARE_TOKEN_MFA']);
    const first = await signIn({ username: email, password: PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_TOTP_SETUP');
  });

  it('sets up email MFA: the address, then the code sent to it', async () => {
    const email = await newAccount();
    await requireMfaSetup(email, ['EMAIL_OTP']);
    const first = await signIn({ username: email, password: PASSWORD });
    expect(first.nextStep.signInStep).toBe('CONTINUE_SIGN_IN_WITH_EMAIL_SETUP');
    const sent = await confirmSignIn({ challengeResponse: email });
    expect(sent.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
      codeDeliveryDetails: { deliveryMedium: 'EMAIL' },
    });
    await expect(confirmSignIn({ challengeResponse: '000000' })).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
    const done = await confirmSignIn({ challengeResponse: await lastCode(fixture.standin, email) });
    expect(done.nextStep.signInStep).toBe('DONE');

    await signOut();
    const again = await signIn({ username: email, password: PASSWORD });
    expect(again.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
  });

  it('the set-up hook refuses unknown users and methods', async () => {
    const res = await fetch(`${fixture.standin.endpoint}/_dev/mfa-setup-required`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=nobody%40example.com&method=SOFTWARE_TOKEN_MFA',
    });
    expect(res.status).toBe(400);
  });
});

describe('MFA selection (SELECT_MFA_TYPE)', () => {
  it('lets a user with TOTP and email MFA choose; each choice asks for its own code', async () => {
    const { email, secret } = await accountWithTwoMfaMethods();

    const viaTotp = await signIn({ username: email, password: PASSWORD });
    expect(viaTotp.nextStep).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
      allowedMFATypes: ['TOTP', 'EMAIL'],
    });
    const totpStep = await confirmSignIn({ challengeResponse: 'TOTP' });
    expect(totpStep.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    expect((await confirmSignIn({ challengeResponse: totpCode(secret) })).nextStep.signInStep).toBe(
      'DONE',
    );
    await signOut();

    await signIn({ username: email, password: PASSWORD });
    const emailStep = await confirmSignIn({ challengeResponse: 'EMAIL' });
    expect(emailStep.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    const done = await confirmSignIn({
      challengeResponse: await lastCode(fixture.standin, email),
    });
    expect(done.nextStep.signInStep).toBe('DONE');
    expect(await signedInEmail()).toBe(email);
  });

  it('a preferred method is asked for directly', async () => {
    const { email } = await accountWithTwoMfaMethods();
    await signIn({ username: email, password: PASSWORD });
    await confirmSignIn({ challengeResponse: 'EMAIL' });
    await confirmSignIn({ challengeResponse: await lastCode(fixture.standin, email) });
    await updateMFAPreference({ totp: 'PREFERRED' });
    await signOut();
    const next = await signIn({ username: email, password: PASSWORD });
    expect(next.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
  });
});

describe('custom challenge (CUSTOM_AUTH without SRP)', () => {
  it('shows the public question, asks again after a wrong answer, signs in on the right one', async () => {
    const email = await newAccount();
    const first = await signIn({
      username: email,
      options: { authFlowType: 'CUSTOM_WITHOUT_SRP' },
    });
    expect(first.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
      additionalInfo: { question: 'What is 6 × 7?', attemptsLeft: '3' },
    });
    const retry = await confirmSignIn({ challengeResponse: '41' });
    expect(retry.nextStep).toMatchObject({
      signInStep: 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE',
      additionalInfo: { attemptsLeft: '2' },
    });
    expect((await confirmSignIn({ challengeResponse: '42' })).nextStep.signInStep).toBe('DONE');
    expect(await signedInEmail()).toBe(email);
  });

  it('fails the sign-in after three wrong answers', async () => {
    const email = await newAccount();
    await signIn({ username: email, options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    await confirmSignIn({ challengeResponse: 'one' });
    await confirmSignIn({ challengeResponse: 'two' });
    await expect(confirmSignIn({ challengeResponse: 'three' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect(await signedInEmail()).toBeUndefined();
  });
});

describe('first-factor selection (USER_AUTH)', () => {
  it('offers password or email code; the password path asks for the password', async () => {
    const email = await newAccount();
    const first = await signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    expect(first.nextStep).toEqual({
      signInStep: 'CONTINUE_SIGN_IN_WITH_FIRST_FACTOR_SELECTION',
      availableChallenges: ['PASSWORD', 'EMAIL_OTP'],
    });
    const password = await confirmSignIn({ challengeResponse: 'PASSWORD' });
    expect(password.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_PASSWORD');
    await expect(confirmSignIn({ challengeResponse: 'wrong-Passw0rd!' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // The failed answer ended that sign-in: start again.
    await signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    await confirmSignIn({ challengeResponse: 'PASSWORD' });
    expect((await confirmSignIn({ challengeResponse: PASSWORD })).nextStep.signInStep).toBe('DONE');
    expect(await signedInEmail()).toBe(email);
  });

  it('signs in with an emailed code instead of the password', async () => {
    const email = await newAccount();
    await signIn({ username: email, options: { authFlowType: 'USER_AUTH' } });
    const code = await confirmSignIn({ challengeResponse: 'EMAIL_OTP' });
    expect(code.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_EMAIL_CODE');
    const done = await confirmSignIn({ challengeResponse: await lastCode(fixture.standin, email) });
    expect(done.nextStep.signInStep).toBe('DONE');
    expect(await signedInEmail()).toBe(email);
  });
});

describe('sign-up (SignUp) keeps to the pool password policy (issue 26 item 9)', () => {
  it('refuses a password without mixed case, a digit or a symbol; a strong one signs up', async () => {
    const email = `policy-${++accounts}@example.com`;
    const attempt = (password: string) =>
      signUp({ username: email, password, options: { userAttributes: { email } } });
    for (const [password, rule] of [
      ['password', 'uppercase'],
      ['PASSWORD1!', 'lowercase'],
      ['Password!', 'numeric'],
      ['Password1', 'symbol'],
      ['Pa1!', 'long enough'],
    ] as const) {
      await expect(attempt(password), password).rejects.toMatchObject({
        name: 'InvalidPasswordException',
        message: expect.stringContaining(rule) as unknown,
      });
    }
    // Nothing was created by the refused attempts: the strong password signs up this email.
    expect((await attempt(PASSWORD)).nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');
  });
});

describe('password change (ChangePassword)', () => {
  it('refuses a wrong old password and a weak new one, then changes it', async () => {
    const email = await newAccount();
    await signIn({ username: email, password: PASSWORD });
    await expect(
      updatePassword({ oldPassword: 'Wr0ng!Password', newPassword: 'N3w!Passw0rd' }),
    ).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    await expect(
      updatePassword({ oldPassword: PASSWORD, newPassword: 'weakpassword' }),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await updatePassword({ oldPassword: PASSWORD, newPassword: 'N3w!Passw0rd' });
    await signOut();

    await expect(signIn({ username: email, password: PASSWORD })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    expect((await signIn({ username: email, password: 'N3w!Passw0rd' })).isSignedIn).toBe(true);
  });

  it('refuses an access token revoked by a global sign-out', async () => {
    const email = await newAccount();
    await signIn({ username: email, password: PASSWORD });
    const { tokens } = await fetchAuthSession();
    await signOut({ global: true });
    const res = await fetch(fixture.standin.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ChangePassword',
      },
      body: JSON.stringify({
        AccessToken: tokens!.accessToken.toString(),
        PreviousPassword: PASSWORD,
        ProposedPassword: 'N3w!Passw0rd',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
  });

  it('needs a signed-in user', async () => {
    await expect(
      updatePassword({ oldPassword: PASSWORD, newPassword: 'N3w!Passw0rd' }),
    ).rejects.toMatchObject({ name: 'UserUnAuthenticatedException' });
  });
});

describe('the raw user-pool API answers bad requests as Cognito does (400, never 500)', () => {
  async function call(target: string, body: Record<string, unknown>) {
    const res = await fetch(fixture.standin.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { __type?: string } };
  }

  it('refuses a forged or malformed access token', async () => {
    expect(
      await call('ChangePassword', {
        AccessToken: 'not-a-jwt',
        PreviousPassword: PASSWORD,
        ProposedPassword: 'N3w!Passw0rd',
      }),
    ).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect(
      await call('SetUserMFAPreference', {
        AccessToken: 'not-a-jwt',
        EmailMfaSettings: { Enabled: true },
      }),
    ).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
  });

  it('refuses bodies of the wrong shape', async () => {
    expect(await call('ChangePassword', { AccessToken: 42 })).toMatchObject({
      status: 400,
      body: { __type: 'InvalidParameterException' },
    });
    expect(
      await call('RespondToAuthChallenge', {
        ClientId: fixture.standin.clientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        ChallengeResponses: 'nope',
      }),
    ).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
  });

  it('refuses an answer to a session it never opened, and CUSTOM_AUTH with SRP', async () => {
    expect(
      await call('RespondToAuthChallenge', {
        ClientId: fixture.standin.clientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: 'made-up',
        ChallengeResponses: { USERNAME: 'candidate@example.com', ANSWER: '42' },
      }),
    ).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect(
      await call('InitiateAuth', {
        ClientId: fixture.standin.clientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: 'candidate@example.com', SRP_A: 'abc' },
      }),
    ).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
  });

  it('will not finish MFA_SETUP before the software token is verified', async () => {
    const email = await newAccount();
    await requireMfaSetup(email, ['SOFTWARE_TOKEN_MFA']);
    const started = (await call('InitiateAuth', {
      ClientId: fixture.standin.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    })) as { body: { ChallengeName?: string; Session?: string } };
    expect(started.body.ChallengeName).toBe('MFA_SETUP');
    expect(
      await call('RespondToAuthChallenge', {
        ClientId: fixture.standin.clientId,
        ChallengeName: 'MFA_SETUP',
        Session: started.body.Session,
        ChallengeResponses: { USERNAME: email },
      }),
    ).toMatchObject({ status: 400, body: { __type: 'InvalidParameterException' } });
  });
});

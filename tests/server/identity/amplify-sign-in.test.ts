/**
 * The app's sign-in journeys with the real aws-amplify v6 client against the stand-in: what
 * plain cognito-local cannot do (SRP, resend, refresh, revocation, global sign-out) included.
 */
import {
  autoSignIn,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/identity/demo-accounts';
import { configureAmplify } from './amplify-client';
import { lastCode, startStandinFixture, type StandinFixture } from './standin-fixture';

let fixture: StandinFixture;
let client: ReturnType<typeof configureAmplify>;
let signUps = 0;
/** A new address per sign-up, so tests never depend on each other's users. */
const newEmail = () => `new-user-${++signUps}@example.com`;

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

async function tokens() {
  const session = await fetchAuthSession();
  if (!session.tokens?.idToken) throw new Error('not signed in');
  return { access: session.tokens.accessToken, id: session.tokens.idToken };
}

describe('sign-up and sign-in with Amplify', () => {
  it('signs up, confirms with the emailed code and signs in with SRP', async () => {
    const email = newEmail();
    const result = await signUp({
      username: email,
      password: DEMO_PASSWORD,
      options: { userAttributes: { email } },
    });
    expect(result.nextStep.signUpStep).toBe('CONFIRM_SIGN_UP');

    const confirmed = await confirmSignUp({
      username: email,
      confirmationCode: await lastCode(fixture.standin, email),
    });
    expect(confirmed.isSignUpComplete).toBe(true);

    // No authFlowType: Amplify's default, USER_SRP_AUTH.
    const signedIn = await signIn({ username: email, password: DEMO_PASSWORD });
    expect(signedIn).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const { id } = await tokens();
    expect(id.payload.email).toBe(email);
    // A new sign-up belongs to no group; the server maps that to general-user.
    expect(id.payload['cognito:groups']).toBeUndefined();
  });

  it('signs in automatically after the confirmation (spec §4)', async () => {
    const email = newEmail();
    await signUp({
      username: email,
      password: DEMO_PASSWORD,
      options: { userAttributes: { email }, autoSignIn: true },
    });
    const confirmed = await confirmSignUp({
      username: email,
      confirmationCode: await lastCode(fixture.standin, email),
    });
    expect(confirmed.nextStep.signUpStep).toBe('COMPLETE_AUTO_SIGN_IN');
    expect(await autoSignIn()).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect((await tokens()).id.payload.email).toBe(email);
  });

  it("puts a demo account's group in both tokens", async () => {
    await signIn({ username: 'recruiter@example.com', password: DEMO_PASSWORD });
    const { access, id } = await tokens();
    expect(access.payload['cognito:groups']).toEqual(['corporate-recruiter']);
    expect(id.payload['cognito:groups']).toEqual(['corporate-recruiter']);
    expect(access.payload.origin_jti).toEqual(expect.any(String));
  });

  it('resends the confirmation code, and only the newest code confirms', async () => {
    const email = newEmail();
    await signUp({
      username: email,
      password: DEMO_PASSWORD,
      options: { userAttributes: { email } },
    });
    const first = await lastCode(fixture.standin, email);
    const resent = await resendSignUpCode({ username: email });
    expect(resent.destination).toBe(email);
    const second = await lastCode(fixture.standin, email);

    if (second !== first) {
      await expect(confirmSignUp({ username: email, confirmationCode: first })).rejects.toThrow(
        expect.objectContaining({ name: 'CodeMismatchException' }) as Error,
      );
    }
    const confirmed = await confirmSignUp({ username: email, confirmationCode: second });
    expect(confirmed.isSignUpComplete).toBe(true);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const refused = expect.objectContaining({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    }) as Error;
    await expect(signIn({ username: 'admin@example.com', password: 'Wr0ngPass!' })).rejects.toThrow(
      refused,
    );
    await expect(
      signIn({ username: 'nobody@example.com', password: DEMO_PASSWORD }),
    ).rejects.toThrow(refused);
  });

  it('tells an unconfirmed user to confirm the sign-up first', async () => {
    const email = newEmail();
    await signUp({
      username: email,
      password: DEMO_PASSWORD,
      options: { userAttributes: { email } },
    });
    const result = await signIn({ username: email, password: DEMO_PASSWORD });
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_UP');
  });
});

describe('sessions', () => {
  it('refreshes the tokens, keeping the sign-in they belong to', async () => {
    await signIn({ username: 'candidate@example.com', password: DEMO_PASSWORD });
    const before = await tokens();
    const refreshed = await fetchAuthSession({ forceRefresh: true });
    const after = refreshed.tokens?.accessToken;
    expect(after?.toString()).not.toBe(before.access.toString());
    expect(after?.payload.origin_jti).toBe(before.access.payload.origin_jti);
    expect(after?.payload['cognito:groups']).toEqual(['general-user']);
  });

  it('signOut revokes the refresh token', async () => {
    await signIn({ username: 'candidate@example.com', password: DEMO_PASSWORD });
    const refreshToken = client.storedRefreshToken();
    expect(await client.refreshOutcome(refreshToken)).toBe('valid');

    await signOut();
    expect(await client.refreshOutcome(refreshToken)).toBe('NotAuthorizedException');
  });

  it('global sign-out ends the sessions on every device', async () => {
    await signIn({ username: 'evaluator@example.com', password: DEMO_PASSWORD });
    const here = client.storedRefreshToken();
    const elsewhere = await client.signInElsewhere('evaluator@example.com', DEMO_PASSWORD);

    await signOut({ global: true });
    expect(await client.refreshOutcome(here)).toBe('NotAuthorizedException');
    expect(await client.refreshOutcome(elsewhere)).toBe('NotAuthorizedException');
  });
});

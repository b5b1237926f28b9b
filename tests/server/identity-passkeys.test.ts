/**
 * Passkeys in the identity stand-in (issue 27): Cognito's WebAuthn operations, as the app's
 * Amplify client sends them, with real attestation and assertion checks. A software
 * authenticator (tests/server/support/soft-authenticator.ts) plays the phone.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/identity/demo-accounts';
import { startStandinFixture, type StandinFixture } from './identity/standin-fixture';
import { SoftAuthenticator } from './support/soft-authenticator';

const APP_ORIGIN = 'http://localhost:5173';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let fixture: StandinFixture;

beforeAll(async () => {
  fixture = await startStandinFixture({ appOrigins: [APP_ORIGIN] });
});

afterAll(async () => {
  await fixture.stop();
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { __type?: string };
}

/** One user-pool API call, as Amplify's fetch sends it. */
async function call(target: string, body: unknown, userAgent?: string): Promise<Answer> {
  const res = await fetch(fixture.standin.endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function passwordTokens(email: string) {
  const answer = await call('InitiateAuth', {
    ClientId: fixture.standin.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
  });
  const result = answer.body.AuthenticationResult as { AccessToken: string; IdToken: string };
  return result;
}

interface CreationOptionsJson {
  challenge: string;
  rp: { id: string; name: string };
  user: { id: string; name: string };
  excludeCredentials: { id: string }[];
}

async function startRegistration(accessToken: string) {
  const answer = await call('StartWebAuthnRegistration', { AccessToken: accessToken });
  expect(answer.status).toBe(200);
  return answer.body.CredentialCreationOptions as CreationOptionsJson;
}

async function registerPasskey(email: string, authenticator: SoftAuthenticator) {
  const { AccessToken } = await passwordTokens(email);
  const options = await startRegistration(AccessToken);
  const complete = await call(
    'CompleteWebAuthnRegistration',
    { AccessToken, Credential: authenticator.create(options) },
    ANDROID_CHROME,
  );
  expect(complete.status).toBe(200);
  return { accessToken: AccessToken, options };
}

async function listPasskeys(accessToken: string) {
  const answer = await call('ListWebAuthnCredentials', { AccessToken: accessToken });
  expect(answer.status).toBe(200);
  return answer.body.Credentials as {
    CredentialId: string;
    FriendlyCredentialName: string;
    RelyingPartyId: string;
    AuthenticatorAttachment?: string;
    CreatedAt: number;
  }[];
}

/** USER_AUTH asking for the passkey first factor (Amplify's preferredChallenge WEB_AUTHN). */
async function startPasskeySignIn(email: string) {
  return call('InitiateAuth', {
    ClientId: fixture.standin.clientId,
    AuthFlow: 'USER_AUTH',
    AuthParameters: { USERNAME: email, PREFERRED_CHALLENGE: 'WEB_AUTHN' },
  });
}

async function answerPasskey(email: string, session: string, credential: unknown) {
  return call('RespondToAuthChallenge', {
    ClientId: fixture.standin.clientId,
    ChallengeName: 'WEB_AUTHN',
    Session: session,
    ChallengeResponses: { USERNAME: email, CREDENTIAL: JSON.stringify(credential) },
  });
}

describe('adding a passkey', () => {
  it('registers a verified passkey named by the device, for the app host as relying party', async () => {
    const authenticator = new SoftAuthenticator(APP_ORIGIN);
    const { accessToken, options } = await registerPasskey('candidate@example.com', authenticator);
    expect(options.rp.id).toBe('localhost');
    // The user handle stored on the phone is the user's id, not the email.
    const sub = decodeJwt(accessToken).sub ?? '';
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(sub);
    const keys = await listPasskeys(accessToken);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      FriendlyCredentialName: 'Chrome on Android',
      RelyingPartyId: 'localhost',
      AuthenticatorAttachment: 'platform',
    });
    expect(Math.abs(keys[0]!.CreatedAt - Date.now() / 1000)).toBeLessThan(60);
  });

  it('lists the user’s passkeys for the authenticator to refuse a second one ("already exists")', async () => {
    const authenticator = new SoftAuthenticator(APP_ORIGIN);
    const { accessToken } = await registerPasskey('referee@example.com', authenticator);
    const again = await startRegistration(accessToken);
    const [key] = await listPasskeys(accessToken);
    expect(again.excludeCredentials.map((c) => c.id)).toEqual([key?.CredentialId]);
    expect(() => authenticator.create(again)).toThrow(
      expect.objectContaining({ name: 'InvalidStateError' }),
    );
  });

  it('refuses a passkey made for another origin or relying party, and keeps none of them', async () => {
    const { AccessToken } = await passwordTokens('recruiter@example.com');
    const authenticator = new SoftAuthenticator(APP_ORIGIN);

    const elsewhere = await call('CompleteWebAuthnRegistration', {
      AccessToken,
      Credential: authenticator.create(await startRegistration(AccessToken), {
        origin: 'https://evil.example',
      }),
    });
    expect(elsewhere).toMatchObject({
      status: 400,
      body: { __type: 'WebAuthnOriginNotAllowedException' },
    });

    const otherParty = await call('CompleteWebAuthnRegistration', {
      AccessToken,
      Credential: authenticator.create(await startRegistration(AccessToken), {
        rpId: 'evil.example',
      }),
    });
    expect(otherParty).toMatchObject({
      status: 400,
      body: { __type: 'WebAuthnRelyingPartyMismatchException' },
    });

    // A completion with no registration started (or one already used) is refused too.
    const unasked = await call('CompleteWebAuthnRegistration', {
      AccessToken,
      Credential: authenticator.create({
        challenge: 'bm90LWFza2Vk',
        rp: { id: 'localhost' },
        user: { id: 'eA' },
      }),
    });
    expect(unasked.body.__type).toBe('WebAuthnChallengeNotFoundException');
    expect(await listPasskeys(AccessToken)).toEqual([]);
  });

  it('needs a valid access token and answers bad input with a 400', async () => {
    const forged = await call('StartWebAuthnRegistration', { AccessToken: 'not-a-token' });
    expect(forged).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    const { AccessToken } = await passwordTokens('admin@example.com');
    for (const body of [
      '{"AccessToken":',
      { AccessToken },
      { AccessToken, Credential: { id: 1 } },
      { AccessToken, Credential: 'x' },
    ]) {
      const answer = await call('CompleteWebAuthnRegistration', body);
      expect(answer.status).toBe(400);
      expect(answer.body.__type).toMatch(/Exception$/);
    }
  });
});

describe('signing in with a passkey', () => {
  it('signs in without a password, as the passkey’s owner, and skips nothing it should not', async () => {
    const email = 'evaluator@example.com';
    const authenticator = new SoftAuthenticator(APP_ORIGIN);
    const { accessToken } = await registerPasskey(email, authenticator);

    const started = await startPasskeySignIn(email);
    expect(started.body.ChallengeName).toBe('WEB_AUTHN');
    const parameters = started.body.ChallengeParameters as Record<string, string>;
    const requestOptions = JSON.parse(parameters.CREDENTIAL_REQUEST_OPTIONS ?? '{}') as {
      challenge: string;
      rpId: string;
      allowCredentials: { id: string }[];
    };
    expect(requestOptions.rpId).toBe('localhost');

    const answer = await answerPasskey(
      email,
      String(started.body.Session),
      authenticator.get(requestOptions),
    );
    expect(answer.status).toBe(200);
    const result = answer.body.AuthenticationResult as { IdToken: string };
    expect(decodeJwt(result.IdToken)).toMatchObject({
      email,
      sub: decodeJwt(accessToken).sub,
    });
  });

  it('refuses a forged signature, another origin and a replayed answer', async () => {
    const email = 'corp-admin@example.com';
    const authenticator = new SoftAuthenticator(APP_ORIGIN);
    await registerPasskey(email, authenticator);
    const optionsOf = (started: Answer) =>
      JSON.parse(
        (started.body.ChallengeParameters as Record<string, string>).CREDENTIAL_REQUEST_OPTIONS ??
          '',
      ) as { challenge: string; allowCredentials: { id: string }[] };

    const first = await startPasskeySignIn(email);
    const forged = await answerPasskey(
      email,
      String(first.body.Session),
      authenticator.get(optionsOf(first), { forgeSignature: true }),
    );
    expect(forged.body.__type).toBe('NotAuthorizedException');
    expect(forged.body.AuthenticationResult).toBeUndefined();

    const second = await startPasskeySignIn(email);
    const phished = await answerPasskey(
      email,
      String(second.body.Session),
      authenticator.get(optionsOf(second), { origin: 'https://evil.example' }),
    );
    expect(phished.body.__type).toBe('WebAuthnOriginNotAllowedException');

    const third = await startPasskeySignIn(email);
    const good = authenticator.get(optionsOf(third));
    expect((await answerPasskey(email, String(third.body.Session), good)).status).toBe(200);
    const replay = await answerPasskey(email, String(third.body.Session), good);
    expect(replay.body.__type).toBe('NotAuthorizedException');
  });

  it('does not let one user sign in, list or remove with another user’s passkey', async () => {
    const ownerEmail = 'newcandidate@example.com';
    const authenticator = new SoftAuthenticator(APP_ORIGIN);
    const { accessToken: ownerToken } = await registerPasskey(ownerEmail, authenticator);
    const [ownerKey] = await listPasskeys(ownerToken);

    // The other user has a passkey of their own, on another phone.
    const otherEmail = 'candidate@example.com';
    const { AccessToken: otherToken } = await passwordTokens(otherEmail);
    const otherKeys = await listPasskeys(otherToken);
    expect(otherKeys.map((k) => k.CredentialId)).not.toContain(ownerKey?.CredentialId);

    const removal = await call('DeleteWebAuthnCredential', {
      AccessToken: otherToken,
      CredentialId: ownerKey?.CredentialId,
    });
    expect(removal.body.__type).toBe('ResourceNotFoundException');
    expect(await listPasskeys(ownerToken)).toHaveLength(1);

    // The owner's passkey answering the other user's sign-in: refused.
    const started = await startPasskeySignIn(otherEmail);
    const options = JSON.parse(
      (started.body.ChallengeParameters as Record<string, string>).CREDENTIAL_REQUEST_OPTIONS ?? '',
    ) as { challenge: string };
    const stolen = authenticator.get({
      challenge: options.challenge,
      allowCredentials: [{ id: ownerKey?.CredentialId ?? '' }],
    });
    const answer = await answerPasskey(otherEmail, String(started.body.Session), stolen);
    expect(answer.body.__type).toBe('NotAuthorizedException');
  });

  it('after the passkey is removed, offers the other first factors and no WEB_AUTHN', async () => {
    const email = 'recruiter@example.com';
    const authenticator = new SoftAuthenticator(APP_ORIGIN);
    const { accessToken } = await registerPasskey(email, authenticator);
    const offered = await call('InitiateAuth', {
      ClientId: fixture.standin.clientId,
      AuthFlow: 'USER_AUTH',
      AuthParameters: { USERNAME: email },
    });
    expect(offered.body.AvailableChallenges).toContain('WEB_AUTHN');

    const [key] = await listPasskeys(accessToken);
    const removed = await call('DeleteWebAuthnCredential', {
      AccessToken: accessToken,
      CredentialId: key?.CredentialId,
    });
    expect(removed.status).toBe(200);
    expect(await listPasskeys(accessToken)).toEqual([]);

    const after = await startPasskeySignIn(email);
    expect(after.body.ChallengeName).toBe('SELECT_CHALLENGE');
    expect(after.body.AvailableChallenges).not.toContain('WEB_AUTHN');
  });
});

/**
 * Email squatting (issue 23, item 2): POST /api/user/profile takes the email of the caller's ID
 * token, and only once the identity provider has verified it. Driven end to end: accounts signed
 * up and confirmed through the identity stand-in with the AWS SDK (the calls Amplify makes), its
 * tokens verified by the production verifier over the stand-in's JWKS, a real database.
 */
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { makeServer } from './helpers';
import {
  lastCode,
  startStandinFixture,
  verifierFor,
  type StandinFixture,
} from './identity/standin-fixture';
import { createTestAuth } from './support/test-auth';
import { openTestDatabase } from './support/test-database';

const PASSWORD = 'Sq4tting-Passw0rd!';

let fixture: StandinFixture;
let sdk: CognitoIdentityProviderClient;
let database: DatabaseHandle;
let app: FastifyInstance;

beforeAll(async () => {
  fixture = await startStandinFixture();
  const { standin } = fixture;
  sdk = new CognitoIdentityProviderClient({
    region: standin.region,
    endpoint: standin.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  database = await openTestDatabase();
  // As server/main.ts: ID tokens verified too (this route needs one).
  app = await makeServer(
    '/nonexistent',
    database.db,
    verifierFor(standin, { acceptIdTokens: true }),
  );
});

afterAll(async () => {
  await app.close();
  await database.close();
  sdk.destroy();
  await fixture.stop();
});

/** Sign-up and confirmation with the emailed code, as /sign-up does; then a password sign-in. */
async function signUpConfirmed(email: string) {
  const { clientId } = fixture.standin;
  await sdk.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  const code = await lastCode(fixture.standin, email);
  await sdk.send(
    new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: code }),
  );
  const signedIn = await sdk.send(
    new InitiateAuthCommand({
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  const result = signedIn.AuthenticationResult;
  if (!result?.AccessToken || !result.IdToken || !result.RefreshToken) {
    throw new Error('sign-in returned no tokens');
  }
  return { access: result.AccessToken, id: result.IdToken, refresh: result.RefreshToken };
}

async function refreshedIdToken(refreshToken: string): Promise<string> {
  const refreshed = await sdk.send(
    new InitiateAuthCommand({
      ClientId: fixture.standin.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );
  const id = refreshed.AuthenticationResult?.IdToken;
  if (!id) throw new Error('refresh returned no ID token');
  return id;
}

async function createProfile(idToken: string, email: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/user/profile',
    headers: { authorization: `Bearer ${idToken}` },
    payload: { email, fullName: 'Some One' },
  });
  return {
    status: res.statusCode,
    body: res.json<{ errorMsg?: string; data?: { email?: string } }>(),
  };
}

async function profilesWithEmail(email: string): Promise<number> {
  const rows = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows.length;
}

describe('POST /api/user/profile takes only a verified email', () => {
  it("takes a confirmed sign-up's own address, never one an account changed its email to", async () => {
    // The sign-up flow (code confirmation) verifies the address: that profile is created.
    const email = 'confirmed.newcomer@example.com';
    const { id } = await signUpConfirmed(email);
    expect(decodeJwt(id)).toMatchObject({ email, email_verified: true });
    const created = await createProfile(id, email);
    expect(created.status).toBe(201);
    expect(created.body.data?.email).toBe(email);

    // Another account sets its email attribute to someone else's address (any signed-in user
    // may): the address is now unverified, and must not become that account's profile.
    const victim = 'victim.not.yet.signed.up@example.com';
    const attacker = await signUpConfirmed('squatter@example.com');
    await sdk.send(
      new UpdateUserAttributesCommand({
        AccessToken: attacker.access,
        UserAttributes: [{ Name: 'email', Value: victim }],
      }),
    );
    const idToken = await refreshedIdToken(attacker.refresh);
    expect(decodeJwt(idToken)).toMatchObject({ email: victim, email_verified: false });

    const squat = await createProfile(idToken, victim);
    expect(squat.status).toBe(403);
    expect(squat.body.errorMsg).toBe(
      'Your email address is not verified yet. Confirm it with the code we sent, then sign in again.',
    );
    expect(await profilesWithEmail(victim)).toBe(0);
  });

  it('refuses any ID token whose email_verified is false', async () => {
    const auth = await createTestAuth();
    const server = await makeServer('/nonexistent', database.db, auth.verifier);
    try {
      const email = 'unverified.claim@example.com';
      const sub = '00000000-0000-4000-8000-0000000000f1';
      const unverified = await auth.idToken({ sub, email, emailVerified: false });
      const res = await server.inject({
        method: 'POST',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${unverified}` },
        payload: { email, fullName: 'Un Verified' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ errorMsg: string }>().errorMsg).toContain('not verified');
      expect(await profilesWithEmail(email)).toBe(0);
    } finally {
      await server.close();
    }
  });
});

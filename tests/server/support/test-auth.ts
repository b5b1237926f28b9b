/**
 * Real token verification against a key pair made for the test run: tokens are signed here with
 * the claims Cognito puts in access tokens, and the server verifies them with the production
 * verifier (signature, issuer, expiry, token use, client id) through a local JWKS.
 */
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { createTokenVerifier, type TokenVerifier } from '../../../server/auth/verify-token';

export const TEST_ISSUER = 'http://127.0.0.1:1/ap-south-1_TestPool1';
export const TEST_CLIENT_ID = 'testclient000000000000000000';

export interface TestAuth {
  verifier: TokenVerifier;
  accessToken: (
    who: { sub: string; groups?: string[] },
    options?: { expiresIn?: string | number; clientId?: string },
  ) => Promise<string>;
  /**
   * An ID token: it carries the email, which access tokens do not, verified unless
   * `emailVerified: false` (as Cognito marks a confirmed sign-up's address).
   */
  idToken: (who: {
    sub: string;
    email: string;
    groups?: string[];
    emailVerified?: boolean;
  }) => Promise<string>;
}

export async function createTestAuth(): Promise<TestAuth> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const verifier = createTokenVerifier(
    {
      mode: 'local',
      issuer: TEST_ISSUER,
      jwksUri: `${TEST_ISSUER}/.well-known/jwks.json`,
      clientId: TEST_CLIENT_ID,
      acceptIdTokens: true, // as server/main.ts
    },
    { getKey: createLocalJWKSet({ keys: [jwk] }) },
  );
  return {
    verifier,
    accessToken: (who, options = {}) =>
      new SignJWT({
        token_use: 'access',
        client_id: options.clientId ?? TEST_CLIENT_ID,
        username: who.sub,
        'cognito:groups': who.groups ?? ['general-user'],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(TEST_ISSUER)
        .setSubject(who.sub)
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '1h')
        .sign(privateKey),
    idToken: (who) =>
      new SignJWT({
        token_use: 'id',
        'cognito:username': who.sub,
        email: who.email,
        email_verified: who.emailVerified ?? true,
        'cognito:groups': who.groups ?? ['general-user'],
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(TEST_ISSUER)
        .setAudience(TEST_CLIENT_ID)
        .setSubject(who.sub)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey),
  };
}

/**
 * Server-side token verification against tokens the stand-in really issues, with its JWKS
 * fetched over http as in `npm start`, and against forged and altered tokens.
 */
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt, importJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TokenVerificationError,
  TokenVerifierConfigError,
  createTokenVerifier,
  type TokenRejectionReason,
  type TokenVerifier,
} from '../../../server/auth/verify-token';
import { signingKey } from '../../../server/identity/cognito-local-internals';
import { hasPermission, permissionRoles } from '../../../src/domain/roles';
import { DEMO_PASSWORD, demoAccount } from '../../../server/identity/demo-accounts';
import { startStandinFixture, verifierFor, type StandinFixture } from './standin-fixture';
import { resign, signWithOtherKey, tamper } from './token-forge';

let fixture: StandinFixture;
let sdk: CognitoIdentityProviderClient;
let verify: TokenVerifier;

beforeAll(async () => {
  fixture = await startStandinFixture();
  const { standin } = fixture;
  sdk = new CognitoIdentityProviderClient({
    region: standin.region,
    endpoint: standin.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  verify = verifierFor(standin);
});

afterAll(async () => {
  sdk.destroy();
  await fixture.stop();
});

/** Signs a demo account in (password flow: the tokens are the same as SRP's, and faster). */
async function tokensOf(email: string) {
  const result = await sdk.send(
    new InitiateAuthCommand({
      ClientId: fixture.standin.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
    }),
  );
  const access = result.AuthenticationResult?.AccessToken;
  const id = result.AuthenticationResult?.IdToken;
  if (!access || !id) throw new Error('sign-in returned no tokens');
  return { access, id };
}

async function rejection(promise: Promise<unknown>): Promise<TokenRejectionReason> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TokenVerificationError)) throw new Error(`expected a rejection`);
  return error.reason;
}

describe('a valid access token', () => {
  it.each([
    ['candidate@example.com', ['general-user'], undefined],
    ['corp-admin@example.com', ['corporate'], 'corporate-admin'],
    ['recruiter@example.com', ['corporate'], 'corporate-recruiter'],
    ['admin@example.com', ['admin'], undefined],
    ['evaluator@example.com', ['evaluator'], undefined],
  ])('verifies for %s with roles %j (%s)', async (email, roles, corporateSubType) => {
    const account = demoAccount(email);
    const principal = await verify((await tokensOf(email)).access);
    expect(principal).toEqual({
      sub: account.sub,
      tokenUse: 'access',
      username: account.sub,
      roles,
      groups: [account.group],
      ...(corporateSubType ? { corporateSubType } : {}),
    });
  });

  it("keeps the corporate sub-type, so a recruiter's token cannot delete jobs (spec §6)", async () => {
    const permissionsOf = async (email: string) => {
      const principal = await verify((await tokensOf(email)).access);
      const roles = permissionRoles({
        userType: [...principal.roles],
        corporateUserType: principal.corporateSubType ?? null,
      });
      return {
        create: hasPermission(roles, 'create_jobs'),
        del: hasPermission(roles, 'delete_jobs'),
      };
    };
    expect(await permissionsOf('recruiter@example.com')).toEqual({ create: true, del: false });
    expect(await permissionsOf('corp-admin@example.com')).toEqual({ create: true, del: true });
  });

  it('treats a token without groups as a general user', async () => {
    const { access } = await tokensOf('candidate@example.com');
    const principal = await verify(await resign(access, { 'cognito:groups': undefined }));
    expect(principal.roles).toEqual(['general-user']);
    expect(principal.groups).toEqual([]);
  });
});

describe('rejected tokens', () => {
  it('no token at all, and a string that is not a JWT', async () => {
    expect(await rejection(verify(undefined))).toBe('missing');
    expect(await rejection(verify(''))).toBe('missing');
    expect(await rejection(verify('not-a-token'))).toBe('malformed');
    expect(await rejection(verify('a.b.c'))).toBe('malformed');
  });

  it('an expired token', async () => {
    const { access } = await tokensOf('candidate@example.com');
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = await resign(access, { iat: hourAgo - 3600, exp: hourAgo });
    expect(await rejection(verify(expired))).toBe('expired');
  });

  it('claims changed after signing, and a token signed by another key', async () => {
    const { access } = await tokensOf('candidate@example.com');
    expect(await rejection(verify(tamper(access, { 'cognito:groups': ['admin'] })))).toBe(
      'signature',
    );
    expect(await rejection(verify(await signWithOtherKey(access)))).toBe('signature');
  });

  it('a token issued to another app client', async () => {
    const { access } = await tokensOf('candidate@example.com');
    const other = await resign(access, { client_id: 'someotherclient000000000000' });
    expect(await rejection(verify(other))).toBe('client');
  });

  it('an ID token where an access token is required', async () => {
    const { id } = await tokensOf('candidate@example.com');
    expect(await rejection(verify(id))).toBe('token_use');
  });

  it('a token from another issuer, even one signed with the same key', async () => {
    const { access } = await tokensOf('candidate@example.com');
    const foreign = await resign(access, { iss: 'http://127.0.0.1:1/ap-south-1_LocalDev1' });
    expect(await rejection(verify(foreign))).toBe('issuer');
  });

  it('reports unreachable signing keys as a server problem, not a bad token', async () => {
    const { access } = await tokensOf('candidate@example.com');
    const offline = createTokenVerifier({
      mode: 'local',
      issuer: fixture.standin.issuer,
      jwksUri: 'http://127.0.0.1:1/ap-south-1_LocalDev1/.well-known/jwks.json',
      clientId: fixture.standin.clientId,
    });
    expect(await rejection(offline(access))).toBe('keys_unavailable');
  });
});

describe('token lifetime', () => {
  // issue 23: the API verifies tokens offline, so a signed-out session's tokens work until they
  // expire: 15 minutes, not Cognito's default hour (docs/decisions.md).
  it('issues access and ID tokens that live 15 minutes', async () => {
    const { access, id } = await tokensOf('candidate@example.com');
    for (const token of [access, id]) {
      const { iat = 0, exp = 0 } = decodeJwt(token);
      expect(exp - iat).toBe(15 * 60);
    }
  });
});

describe('ID tokens, when a verifier accepts them', () => {
  it('checks the audience and gives the email', async () => {
    const verifyId = verifierFor(fixture.standin, { acceptIdTokens: true });
    const { id } = await tokensOf('recruiter@example.com');
    expect(await verifyId(id)).toMatchObject({
      tokenUse: 'id',
      email: 'recruiter@example.com',
      emailVerified: true,
      roles: ['corporate'],
      corporateSubType: 'corporate-recruiter',
    });
    const otherAudience = await resign(id, { aud: 'someotherclient000000000000' });
    expect(await rejection(verifyId(otherAudience))).toBe('client');
  });
});

describe('production (cognito) mode', () => {
  const production = {
    mode: 'cognito',
    region: 'ap-south-1',
    userPoolId: 'ap-south-1_AbC123xyz',
    clientId: 'localdevwebclient0000000000',
  } as const;
  const awsIssuer = 'https://cognito-idp.ap-south-1.amazonaws.com/ap-south-1_AbC123xyz';
  // Pretend the stand-in's key were in the AWS key set, to see the issuer check on its own.
  const standinKey = () => importJWK(signingKey.publicJwk, 'RS256');

  it('trusts only the Amazon Cognito issuer of the configured pool', async () => {
    const verifyProd = createTokenVerifier(production, { getKey: standinKey });
    const { access } = await tokensOf('admin@example.com');
    expect(await rejection(verifyProd(access))).toBe('issuer');
    const fromAws = await resign(access, { iss: awsIssuer });
    expect((await verifyProd(fromAws)).roles).toEqual(['admin']);
  });

  it('refuses settings that would build any other issuer', () => {
    expect(() => createTokenVerifier({ ...production, region: 'evil.example/x' })).toThrow(
      TokenVerifierConfigError,
    );
    expect(() => createTokenVerifier({ ...production, userPoolId: 'us-east-1_AbC123xyz' })).toThrow(
      TokenVerifierConfigError,
    );
    expect(() =>
      createTokenVerifier({ ...production, userPoolId: 'ap-south-1_x/../../evil' }),
    ).toThrow(TokenVerifierConfigError);
  });
});

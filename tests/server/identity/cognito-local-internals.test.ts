/**
 * The upgrade guard. The stand-in reaches into cognito-local's internal `lib/` modules
 * (server/identity/cognito-local-internals.ts); none of that is public API. Each test here pins
 * one assumption, so after an upgrade the failing test names what moved. When they all pass on a
 * new version, and only then, update VERIFIED_VERSION and the exact pin in package.json.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT, decodeJwt, importJWK, jwtVerify } from 'jose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as internals from '../../../server/identity/cognito-local-internals';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/identity/demo-accounts';
import { LOCAL_USER_POOL_ID, LOCAL_WEB_CLIENT_ID } from '../../../server/identity/local-ids';
import { noTriggers } from '../../../server/identity/no-triggers';
import { identityDbDir, writeSeedData } from '../../../server/identity/seed';
import { totpCode } from '../../e2e/support/auth-page';

const VERIFIED_VERSION = '5.3.0';

const ctx = { logger: pino({ level: 'silent' }) };
let dataDir: string;
let cognito: internals.CognitoService;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'rh-identity-internals-'));
  writeSeedData(dataDir);
  const clock = new internals.DateClock();
  const stores = new internals.StormDBDataStoreFactory(identityDbDir(dataDir));
  cognito = await new internals.CognitoServiceFactoryImpl(
    identityDbDir(dataDir),
    stores,
    new internals.UserPoolServiceFactoryImpl(clock, stores),
  ).create(ctx, { UsernameAttributes: ['email'] });
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe(`cognito-local internals (verified with ${VERIFIED_VERSION})`, () => {
  it('is the version the stand-in was verified with', () => {
    const installed = (
      JSON.parse(
        readFileSync(path.join('node_modules', 'cognito-local', 'package.json'), 'utf8'),
      ) as { version: string }
    ).version;
    expect(
      installed,
      `cognito-local is ${installed}, the stand-in was verified with ${VERIFIED_VERSION}: ` +
        'run these tests, fix cognito-local-internals.ts, then update VERIFIED_VERSION',
    ).toBe(VERIFIED_VERSION);
  });

  it('still exports every internal the stand-in imports', () => {
    const expected = {
      AuthorizationCodeStore: 'function',
      CodeMismatchError: 'function',
      CognitoError: 'function',
      CognitoServiceFactoryImpl: 'function',
      DateClock: 'function',
      DefaultConfig: 'object',
      InvalidParameterError: 'function',
      JwtTokenGenerator: 'function',
      MessageDeliveryService: 'function',
      MessagesService: 'function',
      NotAuthorizedError: 'function',
      Router: 'function',
      StormDBDataStoreFactory: 'function',
      USER_POOL_AWS_DEFAULTS: 'object',
      UserNotFoundError: 'function',
      UserPoolServiceFactoryImpl: 'function',
      attachOAuth2Routes: 'function',
      attributeValue: 'function',
      createApiApp: 'function',
      generateTotpSecret: 'function',
      otp: 'function',
      selectAppropriateDeliveryMethod: 'function',
      verifyS256: 'function',
      verifyTotp: 'function',
    };
    const actual = Object.fromEntries(
      Object.keys(expected).map((name) => [name, typeof internals[name as keyof typeof internals]]),
    );
    expect(actual).toEqual(expected);
  });

  it('reads the seeded pool files: users by email, groups, the web client', async () => {
    const client = await cognito.getAppClient(ctx, LOCAL_WEB_CLIENT_ID);
    expect(client?.UserPoolId).toBe(LOCAL_USER_POOL_ID);
    const pool = await cognito.getUserPoolForClientId(ctx, LOCAL_WEB_CLIENT_ID);
    for (const account of DEMO_ACCOUNTS) {
      const user = await pool.getUserByUsername(ctx, account.email);
      expect(user?.Username, account.email).toBe(account.sub);
      expect(user?.UserCreateDate, 'dates revived from ISO strings').toBeInstanceOf(Date);
      expect(await pool.listUserGroupMembership(ctx, user!)).toEqual([account.group]);
    }
  });

  it('runs the password flow through its router, storing the refresh token on the user', async () => {
    const services = servicesFor(cognito);
    const result = (await internals.Router(services)('InitiateAuth')(ctx, {
      ClientId: LOCAL_WEB_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'admin@example.com', PASSWORD: DEMO_PASSWORD },
    })) as { AuthenticationResult: internals.Tokens };
    const pool = await cognito.getUserPoolForClientId(ctx, LOCAL_WEB_CLIENT_ID);
    const user = await pool.getUserByRefreshToken(ctx, result.AuthenticationResult.RefreshToken);
    expect(user?.Username).toBe(DEMO_ACCOUNTS.find((a) => a.email === 'admin@example.com')?.sub);

    const revoke = internals.Router(services)('RevokeToken');
    await revoke(ctx, {
      ClientId: LOCAL_WEB_CLIENT_ID,
      Token: result.AuthenticationResult.RefreshToken,
    });
    expect(
      await pool.getUserByRefreshToken(ctx, result.AuthenticationResult.RefreshToken),
    ).toBeNull();
  });

  it('shapes tokens as the verifier and the origin_jti wrapper expect', async () => {
    const client = await cognito.getAppClient(ctx, LOCAL_WEB_CLIENT_ID);
    const pool = await cognito.getUserPoolForClientId(ctx, LOCAL_WEB_CLIENT_ID);
    const user = await pool.getUserByUsername(ctx, 'recruiter@example.com');
    const generator = new internals.JwtTokenGenerator(new internals.DateClock(), noTriggers, {
      IssuerDomain: 'http://issuer.test',
    });
    const tokens = await generator.generate(
      ctx,
      user!,
      ['corporate-recruiter'],
      client!,
      undefined,
      'Authentication',
    );
    const issuer = `http://issuer.test/${LOCAL_USER_POOL_ID}`;
    expect(decodeJwt(tokens.AccessToken)).toMatchObject({
      iss: issuer,
      token_use: 'access',
      client_id: LOCAL_WEB_CLIENT_ID,
      username: user!.Username,
      'cognito:groups': ['corporate-recruiter'],
    });
    expect(decodeJwt(tokens.IdToken)).toMatchObject({ aud: LOCAL_WEB_CLIENT_ID, token_use: 'id' });
    expect(decodeJwt(tokens.RefreshToken).jti).toEqual(expect.any(String));
    const publicKey = await importJWK(internals.signingKey.publicJwk, 'RS256');
    await expect(jwtVerify(tokens.AccessToken, publicKey, { issuer })).resolves.toBeDefined();
  });

  it('ships a key pair whose private half signs what its public half verifies', async () => {
    expect(internals.signingKey.publicJwk).toMatchObject({
      kid: internals.SIGNING_KEY_ID,
      alg: 'RS256',
    });
    const token = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'RS256' })
      .sign(await importJWK(internals.signingKey.privateJwk, 'RS256'));
    await expect(
      jwtVerify(token, await importJWK(internals.signingKey.publicJwk, 'RS256')),
    ).resolves.toBeDefined();
  });

  it('hands the bare one-time code to the message sender as __code', async () => {
    const sent: internals.Message[] = [];
    const sender: internals.MessageSender = {
      sendEmail: (_c, _u, _d, message) => Promise.resolve(void sent.push(message)),
      sendSms: () => Promise.resolve(),
    };
    const messages = new internals.MessagesService(
      noTriggers,
      new internals.MessageDeliveryService(sender),
    );
    const pool = await cognito.getUserPoolForClientId(ctx, LOCAL_WEB_CLIENT_ID);
    const user = await pool.getUserByUsername(ctx, 'candidate@example.com');
    const delivery = internals.selectAppropriateDeliveryMethod(['email'], user!);
    expect(delivery).toMatchObject({
      DeliveryMedium: 'EMAIL',
      Destination: 'candidate@example.com',
    });
    await messages.deliver(
      ctx,
      'ResendCode',
      LOCAL_WEB_CLIENT_ID,
      LOCAL_USER_POOL_ID,
      user!,
      '123456',
      undefined,
      delivery!,
    );
    expect(sent).toEqual([expect.objectContaining({ __code: '123456' })]);
  });

  it('makes base32 TOTP secrets and checks RFC 6238 codes within one step', () => {
    const secret = internals.generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(internals.verifyTotp(secret, totpCode(secret))).toBe(true);
    expect(internals.verifyTotp(secret, totpCode(secret, Date.now() - 10 * 60_000))).toBe(false);
  });

  it('keeps authorisation codes until consumed once, and checks S256 verifiers', () => {
    const store = new internals.AuthorizationCodeStore();
    const code = store.create({
      clientId: 'c',
      userPoolId: 'p',
      username: 'u',
      redirectUri: 'http://localhost/',
      codeChallenge: 'x',
      scope: '',
      state: undefined,
    });
    expect(store.consume(code)).toMatchObject({ clientId: 'c', username: 'u' });
    expect(store.consume(code)).toBeNull();
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    expect(internals.verifyS256(verifier, challenge)).toBe(true);
    expect(internals.verifyS256(`${verifier}x`, challenge)).toBe(false);
  });

  it('maps a thrown CognitoError to a 400 with Cognito’s __type on its express app', async () => {
    const app = internals.createApiApp(
      () => () => Promise.reject(new internals.NotAuthorizedError('nope')),
      pino({ level: 'silent' }),
    );
    const { createServer } = await import('node:http');
    const server = createServer(app.application as Parameters<typeof createServer>[1]);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        body: '{}',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ __type: 'NotAuthorizedException', message: 'nope' });
    } finally {
      server.close();
    }
  });
});

function servicesFor(service: internals.CognitoService): internals.Services {
  const clock = new internals.DateClock();
  const config: internals.Config = {
    ...internals.DefaultConfig,
    TokenConfig: { IssuerDomain: 'http://issuer.test' },
  };
  return {
    clock,
    cognito: service,
    config,
    messages: new internals.MessagesService(
      noTriggers,
      new internals.MessageDeliveryService({
        sendEmail: () => Promise.resolve(),
        sendSms: () => Promise.resolve(),
      }),
    ),
    otp: internals.otp,
    tokenGenerator: new internals.JwtTokenGenerator(clock, noTriggers, config.TokenConfig),
    triggers: noTriggers,
  };
}

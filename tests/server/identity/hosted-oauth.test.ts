/**
 * The hosted OAuth flow at the HTTP level, on the https hosted-UI domain, as the browser and
 * Amplify drive it (spec §7, §9): authorize page → form post → code → token exchange with the
 * PKCE verifier; the fake LinkedIn provider; and /logout. The self-signed certificate is
 * trusted explicitly, not by switching verification off.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccount } from '../../../server/identity/demo-accounts';
import { APP_URL, startStandinFixture, verifierFor, type StandinFixture } from './standin-fixture';

let fixture: StandinFixture;

beforeAll(async () => {
  fixture = await startStandinFixture();
});

afterAll(async () => {
  await fixture.stop();
});

interface Answer {
  status: number;
  location: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function hosted(path: string, form?: Record<string, string>): Promise<Answer> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `${fixture.standin.httpsEndpoint}${path}`,
      {
        method: body === undefined ? 'GET' : 'POST',
        ca: fixture.standin.tlsCertificate,
        headers: body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            headers: res.headers,
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** spec §9: a 128-character verifier, S256. */
function pkce() {
  const verifier = randomBytes(96).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function authorizeParams(challenge: string, extra: Record<string, string> = {}) {
  return {
    client_id: fixture.standin.clientId,
    redirect_uri: APP_URL,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'openid email profile phone aws.cognito.signin.user.admin',
    state: 'st4te',
    ...extra,
  };
}

function codeFrom(answer: Answer): string {
  expect(answer.status).toBe(302);
  const target = new URL(answer.location ?? '');
  expect(`${target.origin}${target.pathname}`).toBe(APP_URL);
  expect(target.searchParams.get('state')).toBe('st4te');
  return target.searchParams.get('code') ?? '';
}

function exchange(code: string, verifier: string) {
  return hosted('/oauth2/token', {
    grant_type: 'authorization_code',
    client_id: fixture.standin.clientId,
    redirect_uri: APP_URL,
    code,
    code_verifier: verifier,
  });
}

describe('hosted sign-in with PKCE', () => {
  it('shows the sign-in form, redirects with a code, and exchanges it for tokens', async () => {
    const { verifier, challenge } = pkce();
    const params = authorizeParams(challenge);
    const page = await hosted(`/oauth2/authorize?${new URLSearchParams(params).toString()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('name="username"');
    expect(page.body).toContain('name="password"');

    const signedIn = await hosted('/oauth2/authorize', {
      ...params,
      username: 'corp-admin@example.com',
      password: DEMO_PASSWORD,
    });
    const tokens = await exchange(codeFrom(signedIn), verifier);
    expect(tokens.status).toBe(200);
    // Amplify posts here from the app's origin.
    expect(tokens.headers['access-control-allow-origin']).toBe('*');
    const json = JSON.parse(tokens.body) as { access_token: string; refresh_token: string };
    expect(json.refresh_token).toEqual(expect.any(String));

    const verify = verifierFor(fixture.standin);
    expect(await verify(json.access_token)).toMatchObject({
      sub: demoAccount('corp-admin@example.com').sub,
      roles: ['corporate'],
      corporateSubType: 'corporate-admin',
    });
  });

  it('refuses a wrong code_verifier, and a code used twice', async () => {
    const { verifier, challenge } = pkce();
    const params = authorizeParams(challenge);
    const code = codeFrom(
      await hosted('/oauth2/authorize', {
        ...params,
        username: 'candidate@example.com',
        password: DEMO_PASSWORD,
      }),
    );
    const wrong = await exchange(code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body)).toMatchObject({ error: 'invalid_grant' });
    // The failed attempt used the code up, as an authorisation server should.
    expect((await exchange(code, verifier)).status).toBe(400);
  });

  it('shows the error on the form for a wrong password, without a code', async () => {
    const params = authorizeParams(pkce().challenge);
    const answer = await hosted('/oauth2/authorize', {
      ...params,
      username: 'candidate@example.com',
      password: 'Wr0ngPass!',
    });
    expect(answer.status).toBe(200);
    expect(answer.location).toBeUndefined();
    expect(answer.body).toContain('Incorrect username or password.');
  });

  it('refuses an unregistered redirect_uri and a request without S256 PKCE', async () => {
    const { challenge } = pkce();
    const unregistered = authorizeParams(challenge, { redirect_uri: 'https://evil.example/' });
    const plain = authorizeParams(challenge, { code_challenge_method: 'plain' });
    for (const params of [unregistered, plain]) {
      const answer = await hosted(`/oauth2/authorize?${new URLSearchParams(params).toString()}`);
      expect(answer.status).toBe(400);
    }
  });

  it('escapes what the request puts on the page', async () => {
    const params = authorizeParams(pkce().challenge, { state: '"><script>alert(1)</script>' });
    const page = await hosted(`/oauth2/authorize?${new URLSearchParams(params).toString()}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<script>');
  });
});

describe('the fake LinkedIn provider', () => {
  it('signs a new LinkedIn user in, in the linkedin group, and finds them again', async () => {
    const { verifier, challenge } = pkce();
    const params = authorizeParams(challenge, { identity_provider: 'LinkedIn' });
    const page = await hosted(`/oauth2/authorize?${new URLSearchParams(params).toString()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Fake LinkedIn');

    const answer = { ...params, email: 'li.user@example.com', name: 'Lin Kedin' };
    const tokens = await exchange(codeFrom(await hosted('/oauth2/fake-idp', answer)), verifier);
    const json = JSON.parse(tokens.body) as { access_token: string; id_token: string };
    const verify = verifierFor(fixture.standin, { acceptIdTokens: true });
    const first = await verify(json.id_token);
    // The provider vouches for the address: verified, as Cognito marks federated users.
    expect(first).toMatchObject({
      roles: ['linkedin'],
      email: 'li.user@example.com',
      emailVerified: true,
    });
    expect(first.username).toMatch(/^LinkedIn_/);
    const idClaims = JSON.parse(
      Buffer.from(json.id_token.split('.')[1] ?? '', 'base64url').toString(),
    ) as { identities: { providerName: string }[] };
    expect(idClaims.identities[0]?.providerName).toBe('LinkedIn');

    const again = pkce();
    const secondParams = authorizeParams(again.challenge, { identity_provider: 'LinkedIn' });
    const second = await exchange(
      codeFrom(await hosted('/oauth2/fake-idp', { ...secondParams, email: answer.email })),
      again.verifier,
    );
    const secondJson = JSON.parse(second.body) as { access_token: string };
    expect((await verify(secondJson.access_token)).sub).toBe(first.sub);
  });
});

describe('/logout', () => {
  it('redirects to a registered logout_uri and refuses any other', async () => {
    const query = (uri: string) =>
      `/logout?${new URLSearchParams({ client_id: fixture.standin.clientId, logout_uri: uri }).toString()}`;
    const ok = await hosted(query(APP_URL));
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(APP_URL);
    expect((await hosted(query('https://evil.example/'))).status).toBe(400);
  });

  it('follows redirect URLs registered after start (an app on a port chosen at run time)', async () => {
    const query = `/logout?${new URLSearchParams({ client_id: fixture.standin.clientId, logout_uri: 'http://localhost:4321/' }).toString()}`;
    expect((await hosted(query)).status).toBe(400);
    await fixture.standin.setRedirectUrls([APP_URL, 'http://localhost:4321/']);
    try {
      expect((await hosted(query)).location).toBe('http://localhost:4321/');
    } finally {
      await fixture.standin.setRedirectUrls([APP_URL]);
    }
  });
});

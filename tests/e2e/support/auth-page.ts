import { createHmac } from 'node:crypto';
import type {
  APIRequestContext,
  APIResponse,
  Browser,
  BrowserContext,
  Page,
} from '@playwright/test';
import { patient } from './fixtures';

export const DEMO_PASSWORD = 'Passw0rd!';

/** The sign-in and sign-up screens as a user drives them. */
export class AuthPage {
  constructor(readonly page: Page) {}

  async signIn(email: string, password = DEMO_PASSWORD, path = '/auth/login') {
    await this.page.goto(path);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  /**
   * Ends the browser's session the blunt way, as clearing site data does: Amplify keeps its
   * tokens in localStorage. The app is unloaded first, so nothing it still has in flight (the
   * end of a sign-in, a token store) writes them back between the clear and the next page.
   */
  async forgetStoredSession() {
    const origin = new URL(this.page.url()).origin;
    await this.page.goto('about:blank');
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage' });
    await cdp.detach();
  }

  storedSession() {
    return this.page.evaluate(() => window.localStorage.getItem('referralhub.session'));
  }
}

/** What the server tells the app about identity (server/http/client-config.ts), for the stand-in. */
interface ClientConfig {
  /** The origin that answered: the app's, as this browser context reaches it. */
  origin: string;
  identity: { userPoolId: string; userPoolClientId: string; userPoolEndpoint: string };
}

/**
 * GET /api/client-config as the app reads it, patient with a shedding server as the journeys'
 * own calls are (`patient`: `page.context().request` is not the wrapped fixture); any other
 * answer is an error that says what came back.
 */
export async function clientConfig(request: APIRequestContext): Promise<ClientConfig> {
  const response = await patient(request).get('/api/client-config');
  if (!response.ok()) throw new Error(`GET /api/client-config answered ${response.status()}`);
  const { identity } = (await response.json()) as Pick<ClientConfig, 'identity'>;
  return { origin: new URL(response.url()).origin, identity };
}

/**
 * Signs `email` in for a journey that is not about signing in: the password is checked through
 * the identity stand-in's user-pool API (as the AWS SDK asks it), Amplify's tokens are written
 * where Amplify keeps them, and the app finishes the sign-in itself at /auth/checkRedirection
 * (the return point of the hosted sign-in: the session mirror, then the user's dashboard, as
 * after the sign-in screen). The screens are the subject of auth*.spec.ts and passkeys.spec.ts;
 * driving them in every journey cost ~2 s each (measured: 3.4-4.3 s against 1.9-2.3 s), and most
 * of that is the password proof computed in the page.
 * Replaces the context's storage: call it first in a new context. Resolves on the dashboard.
 */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  const request = page.context().request;
  const config = await clientConfig(request);
  const { AuthenticationResult: tokens } = await userPoolCall<{
    AuthenticationResult: { AccessToken: string; IdToken: string; RefreshToken: string };
  }>(
    request,
    'InitiateAuth',
    { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } },
    config,
  );
  const claims = JSON.parse(
    Buffer.from(tokens.IdToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as Record<string, unknown>;
  const username = String(claims['cognito:username']);
  // Amplify's own localStorage layout (the keys a sign-in through the screens leaves).
  const prefix = `CognitoIdentityServiceProvider.${config.identity.userPoolClientId}`;
  const stored = {
    [`${prefix}.LastAuthUser`]: username,
    [`${prefix}.${username}.accessToken`]: tokens.AccessToken,
    [`${prefix}.${username}.idToken`]: tokens.IdToken,
    [`${prefix}.${username}.refreshToken`]: tokens.RefreshToken,
    [`${prefix}.${username}.clockDrift`]: '0',
    [`${prefix}.${username}.signInDetails`]: JSON.stringify({
      loginId: email,
      authFlowType: 'USER_PASSWORD_AUTH',
    }),
  };
  await page.context().setStorageState({
    cookies: [],
    origins: [
      {
        origin: config.origin,
        localStorage: Object.entries(stored).map(([name, value]) => ({ name, value })),
      },
    ],
  });
  await page.goto('/auth/checkRedirection');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/**
 * Reads the newest one-time code the local identity stand-in "emailed". With `since` (a
 * `Date.now()` taken before the action that sends it), waits for a code sent at or after it, so
 * a test never reads an older code (e.g. the sign-up confirmation) before the new one is out.
 */
export async function latestCode(
  request: APIRequestContext,
  email: string,
  { since }: { since?: number } = {},
): Promise<string> {
  const config = await clientConfig(request);
  const url = `${config.identity.userPoolEndpoint}/_dev/codes?email=${encodeURIComponent(email)}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = (await (await request.get(url)).json()) as { code: string; sentAt: string }[];
    const newest = codes[0];
    if (newest && (since === undefined || Date.parse(newest.sentAt) >= since)) return newest.code;
    if (Date.now() > deadline) throw new Error(`No new code was sent to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The avatar dropdown of the signed-in header (spec §2). */
export class AccountMenuPage {
  constructor(readonly page: Page) {}

  trigger() {
    return this.page.getByRole('banner').getByRole('button', { name: /^Account menu for / });
  }

  async open() {
    await this.trigger().click();
    await this.page.getByRole('menu').waitFor();
  }

  roleLine() {
    return this.page.getByRole('banner').getByTestId('role-line');
  }

  /** Logs out and waits until the header shows nobody signed in: a page opened right after
   * (say /auth/login) must not still find the session and redirect to a dashboard. */
  async logout() {
    await this.open();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
    await this.trigger().waitFor({ state: 'detached' });
  }
}

/** The refresh token Amplify stored for the signed-in user (its own localStorage format). */
export function storedRefreshToken(page: Page) {
  return page.evaluate(() => {
    const prefix = 'CognitoIdentityServiceProvider.';
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith(prefix) && key.endsWith('.refreshToken')) return localStorage.getItem(key);
    }
    return null;
  });
}

/** Posts one user-pool API call to the identity stand-in as an AWS SDK would; the raw answer. */
async function postToUserPool(
  request: APIRequestContext,
  target: string,
  body: Record<string, unknown>,
  config?: ClientConfig,
): Promise<APIResponse> {
  config ??= await clientConfig(request);
  return request.post(config.identity.userPoolEndpoint, {
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
    },
    data: JSON.stringify({ ClientId: config.identity.userPoolClientId, ...body }),
  });
}

/**
 * Asks the identity stand-in, as the AWS SDK would, to refresh with this token: 'valid', or the
 * error type it answers (NotAuthorizedException for a revoked token).
 */
export async function refreshOutcome(request: APIRequestContext, refreshToken: string) {
  const res = await postToUserPool(request, 'InitiateAuth', {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: refreshToken },
  });
  if (res.ok()) return 'valid';
  const body = (await res.json()) as { __type?: string; code?: string };
  return (body.__type ?? body.code ?? String(res.status())).split('#').pop();
}

/**
 * Calls the identity stand-in's user-pool API as an AWS SDK would; throws on an error answer.
 * `config`: the client config the caller has read already (read here otherwise).
 */
export async function userPoolCall<T>(
  request: APIRequestContext,
  target: string,
  body: Record<string, unknown>,
  config?: ClientConfig,
): Promise<T> {
  const res = await postToUserPool(request, target, body, config);
  const text = await res.text();
  if (!res.ok()) throw new Error(`${target} failed: ${res.status()} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) for a base32 secret, as authenticator apps compute it. */
export function totpCode(secretBase32: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/**
 * A fresh confirmed account with TOTP MFA turned on (sign-up, code, authenticator set-up through
 * the user-pool API): returns its TOTP secret. Fresh, so no demo account changes for other tests.
 */
export async function createTotpAccount(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<string> {
  await userPoolCall(request, 'SignUp', {
    Username: email,
    Password: password,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'name', Value: 'Mira Totp' },
    ],
  });
  await userPoolCall(request, 'ConfirmSignUp', {
    Username: email,
    ConfirmationCode: await latestCode(request, email),
  });
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
    FriendlyDeviceName: 'test phone',
  });
  await userPoolCall(request, 'SetUserMFAPreference', {
    AccessToken,
    SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true },
  });
  return SecretCode;
}

/**
 * An account an administrator created with a temporary password (status FORCE_CHANGE_PASSWORD):
 * its first sign-in must set a new password (spec §4 "new password required").
 */
export async function createAccountWithTemporaryPassword(
  request: APIRequestContext,
  email: string,
  temporaryPassword: string,
) {
  const config = await clientConfig(request);
  await userPoolCall(request, 'AdminCreateUser', {
    UserPoolId: config.identity.userPoolId,
    Username: email,
    TemporaryPassword: temporaryPassword,
    MessageAction: 'SUPPRESS',
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  });
}

/**
 * The test server picks its port at run time: tell the identity stand-in that the hosted sign-in
 * may send the browser back to this app (its /auth/checkRedirection and its home).
 */
export async function registerAppWithHostedSignIn(request: APIRequestContext, appOrigin: string) {
  const config = await clientConfig(request);
  const form = new URLSearchParams();
  form.append('url', `${appOrigin}/auth/checkRedirection`);
  form.append('url', `${appOrigin}/`);
  const res = await request.post(`${config.identity.userPoolEndpoint}/_dev/redirect-urls`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: form.toString(),
  });
  if (!res.ok()) throw new Error(`Could not register the app: ${res.status()} ${await res.text()}`);
}

/** Signs this browser's session out "from another device": GlobalSignOut with its access token. */
export async function signOutElsewhere(page: Page, request: APIRequestContext) {
  const accessToken = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.accessToken')) {
        return localStorage.getItem(key);
      }
    }
    return null;
  });
  if (!accessToken) throw new Error('No stored access token');
  await userPoolCall(request, 'GlobalSignOut', { AccessToken: accessToken });
}

/**
 * A fresh browser context on another server (a spec's own, or a proxy in front of it), signed in
 * as `email`, with the service worker in control: ready for offline and outbox tests.
 */
export async function signedInOn(
  browser: Browser,
  baseURL: string,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signInAs(page, email);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  return { context, page };
}

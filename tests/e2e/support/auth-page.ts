import type { APIRequestContext, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Passw0rd!';

/** The sign-in and sign-up screens as a user drives them. */
export class AuthPage {
  constructor(readonly page: Page) {}

  async signIn(email: string, password = DEMO_PASSWORD, path = '/auth/login') {
    await this.page.goto(path);
    await this.page.getByLabel('Email').fill(email);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  storedSession() {
    return this.page.evaluate(() => window.localStorage.getItem('referralhub.session'));
  }
}

/** Reads the newest confirmation code the local identity stand-in "emailed". */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  const config = (await (await request.get('/api/client-config')).json()) as {
    identity: { userPoolEndpoint: string };
  };
  const codes = (await (
    await request.get(
      `${config.identity.userPoolEndpoint}/_dev/codes?email=${encodeURIComponent(email)}`,
    )
  ).json()) as { code: string }[];
  const code = codes[0]?.code;
  if (!code) throw new Error(`No code was sent to ${email}`);
  return code;
}

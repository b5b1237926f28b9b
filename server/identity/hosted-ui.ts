/**
 * The hosted UI's browser-facing pages, served on the https listener Amplify requires for
 * `oauth.domain` (and on plain http too):
 * - `GET/POST /oauth2/authorize`: the sign-in page of the authorisation-code flow with PKCE S256
 *   (spec §7, §9). With `identity_provider=LinkedIn` it shows the fake provider page instead.
 * - `POST /oauth2/fake-idp`: the fake provider's answer. It creates (once per email) a federated
 *   user `LinkedIn_<id>` in the `linkedin` group, as the product's post-confirmation rule does
 *   in AWS, then continues the code flow.
 * - `GET /logout?client_id=&logout_uri=`: back to a registered sign-out URL (spec §7).
 * Codes go into cognito-local's authorisation-code store, so its `POST /oauth2/token` (code +
 * `code_verifier`, and refresh) finishes the flow unchanged.
 *
 * Unlike Cognito, the stand-in keeps no hosted-UI session cookie: every authorize shows the form.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type {
  AppClient,
  AuthorizationCodeStore,
  CognitoService,
  Context,
  User,
  UserPoolService,
} from './cognito-local-internals';
import { errorPage, providerPage, signInPage } from './hosted-ui-pages';
import { formFields, readForm, redirect, sendHtml } from './http-io';
import { LINKEDIN_GROUP, LINKEDIN_PROVIDER } from './local-ids';

const AuthorizeParams = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  response_type: z.literal('code', { error: 'response_type must be code' }),
  // RFC 7636 §4.2: an S256 challenge is the base64url SHA-256 of the verifier, 43 characters.
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be S256'),
  code_challenge_method: z.literal('S256', { error: 'code_challenge_method must be S256' }),
  scope: z.string().max(1024).optional(),
  state: z.string().max(2048).optional(),
  identity_provider: z.string().max(64).optional(),
});
type AuthorizeParams = z.infer<typeof AuthorizeParams>;

const Credentials = z.object({ username: z.string().trim().min(1), password: z.string().min(1) });
const ProviderAnswer = z.object({
  email: z.email().transform((email) => email.toLowerCase()),
  name: z.string().trim().max(256).optional(),
});
const LogoutParams = z.object({ client_id: z.string().min(1), logout_uri: z.url() });

export interface HostedUiDeps {
  cognito: CognitoService;
  codes: AuthorizationCodeStore;
  ctx: Context;
}

type Checked = { params: AuthorizeParams; client: AppClient } | { error: string };

export function createHostedUi({ cognito, codes, ctx }: HostedUiDeps) {
  async function checkAuthorize(fields: Record<string, string>): Promise<Checked> {
    const parsed = AuthorizeParams.safeParse(fields);
    if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid request' };
    const params = parsed.data;
    const client = await cognito.getAppClient(ctx, params.client_id);
    if (!client) return { error: 'Invalid client_id' };
    if (!(client.CallbackURLs ?? []).includes(params.redirect_uri)) {
      return { error: 'redirect_uri is not registered for this client' };
    }
    const provider = params.identity_provider ?? 'COGNITO';
    if (!(client.SupportedIdentityProviders ?? ['COGNITO']).includes(provider)) {
      return { error: `identity_provider ${provider} is not enabled for this client` };
    }
    return { params, client };
  }

  function finish(res: ServerResponse, params: AuthorizeParams, pool: UserPoolService, user: User) {
    const code = codes.create({
      clientId: params.client_id,
      userPoolId: pool.options.Id,
      username: user.Username,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      scope: params.scope ?? '',
      state: params.state,
    });
    const target = new URL(params.redirect_uri);
    target.searchParams.set('code', code);
    if (params.state) target.searchParams.set('state', params.state);
    redirect(res, target.toString());
  }

  async function showAuthorize(res: ServerResponse, url: URL) {
    const checked = await checkAuthorize(Object.fromEntries(url.searchParams));
    if ('error' in checked) return sendHtml(res, 400, errorPage(checked.error));
    const provider = checked.params.identity_provider;
    if (provider && provider !== 'COGNITO') {
      return sendHtml(res, 200, providerPage(provider, checked.params));
    }
    sendHtml(res, 200, signInPage(checked.params));
  }

  async function signIn(req: IncomingMessage, res: ServerResponse) {
    const fields = formFields(await readForm(req));
    const checked = await checkAuthorize(fields);
    if ('error' in checked) return sendHtml(res, 400, errorPage(checked.error));
    const { params } = checked;
    const credentials = Credentials.safeParse(fields);
    const pool = await cognito.getUserPoolForClientId(ctx, params.client_id);
    const user = credentials.success
      ? await pool.getUserByUsername(ctx, credentials.data.username)
      : null;
    const problem = signInProblem(user, credentials.data?.password);
    if (problem || !user) {
      const form = {
        username: fields.username,
        error: problem ?? 'Incorrect username or password.',
      };
      return sendHtml(res, 200, signInPage(params, form));
    }
    finish(res, params, pool, user);
  }

  async function providerSignIn(req: IncomingMessage, res: ServerResponse) {
    const fields = formFields(await readForm(req));
    const checked = await checkAuthorize(fields);
    if ('error' in checked) return sendHtml(res, 400, errorPage(checked.error));
    const { params } = checked;
    const provider = params.identity_provider;
    if (provider !== LINKEDIN_PROVIDER) {
      return sendHtml(res, 400, errorPage(`Unknown identity provider ${provider ?? ''}`));
    }
    const answer = ProviderAnswer.safeParse(fields);
    if (!answer.success) {
      const form = { email: fields.email, name: fields.name, error: 'Enter a valid email.' };
      return sendHtml(res, 200, providerPage(provider, params, form));
    }
    const pool = await cognito.getUserPoolForClientId(ctx, params.client_id);
    const user = await federatedUser(pool, provider, answer.data);
    finish(res, params, pool, user);
  }

  async function federatedUser(
    pool: UserPoolService,
    provider: string,
    answer: { email: string; name?: string | undefined },
  ): Promise<User> {
    // The provider's user id: stable per email, so signing in again finds the same user.
    const providerUserId = createHash('sha256').update(answer.email).digest('hex').slice(0, 20);
    const username = `${provider}_${providerUserId}`;
    const existing = await pool.getUserByUsername(ctx, username);
    if (existing) return existing;
    const now = new Date();
    const user: User = {
      Username: username,
      UserStatus: 'EXTERNAL_PROVIDER',
      Enabled: true,
      // Federated users have no password; a random one nobody knows keeps the password flows shut.
      Password: randomBytes(32).toString('base64url'),
      RefreshTokens: [],
      UserCreateDate: now,
      UserLastModifiedDate: now,
      Attributes: [
        { Name: 'sub', Value: randomUUID() },
        { Name: 'email', Value: answer.email },
        { Name: 'email_verified', Value: 'true' },
        ...(answer.name ? [{ Name: 'name', Value: answer.name }] : []),
        {
          Name: 'identities',
          Value: JSON.stringify([
            {
              userId: providerUserId,
              providerName: provider,
              providerType: 'OIDC',
              issuer: null,
              primary: 'true',
              dateCreated: String(now.getTime()),
            },
          ]),
        },
      ],
    };
    await pool.saveUser(ctx, user);
    const group = await pool.getGroupByGroupName(ctx, LINKEDIN_GROUP);
    if (group) await pool.addUserToGroup(ctx, group, user);
    return user;
  }

  async function logout(res: ServerResponse, url: URL) {
    const parsed = LogoutParams.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success)
      return sendHtml(res, 400, errorPage('client_id and logout_uri are required'));
    const client = await cognito.getAppClient(ctx, parsed.data.client_id);
    if (!client || !(client.LogoutURLs ?? []).includes(parsed.data.logout_uri)) {
      return sendHtml(res, 400, errorPage('logout_uri is not registered for this client'));
    }
    redirect(res, parsed.data.logout_uri);
  }

  /** Answers the hosted-UI routes; returns false for anything else. */
  return async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    const route = `${req.method ?? 'GET'} ${url.pathname}`;
    switch (route) {
      case 'GET /oauth2/authorize':
        await showAuthorize(res, url);
        return true;
      case 'POST /oauth2/authorize':
        await signIn(req, res);
        return true;
      case 'POST /oauth2/fake-idp':
        await providerSignIn(req, res);
        return true;
      case 'GET /logout':
        await logout(res, url);
        return true;
      default:
        return false;
    }
  };
}

/** Why this user may not sign in with this password on the hosted page, if they may not. */
function signInProblem(user: User | null, password: string | undefined): string | undefined {
  if (!user || user.UserStatus === 'EXTERNAL_PROVIDER' || user.Password !== password) {
    return 'Incorrect username or password.';
  }
  if (!user.Enabled) return 'User is disabled.';
  if (user.UserStatus === 'UNCONFIRMED') return 'User is not confirmed.';
  if (user.UserStatus !== 'CONFIRMED') {
    return 'This account needs a new password: sign in from the app to set one.';
  }
  if ((user.UserMFASettingList ?? []).length > 0) {
    return 'This account uses MFA, which the local hosted page does not ask for: sign in from the app.';
  }
  return undefined;
}

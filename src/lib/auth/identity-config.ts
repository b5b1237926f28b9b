/**
 * Where identity lives, asked of the server at run time (GET /api/client-config), so one build of
 * the app works against the local stand-in and against Amazon Cognito. Cached for the page's
 * life; a failed request is retried on the next call.
 */
import * as z from 'zod/mini';
import { api } from '@/lib/api';

const IdentityConfigSchema = z.object({
  identity: z.object({
    region: z.string(),
    userPoolId: z.string().check(z.minLength(1)),
    userPoolClientId: z.string().check(z.minLength(1)),
    userPoolEndpoint: z.optional(z.string()),
    oauth: z.optional(
      z.object({
        domain: z.string(),
        scopes: z.array(z.string()),
        redirectSignIn: z.array(z.string()),
        redirectSignOut: z.array(z.string()),
        responseType: z.literal('code'),
      }),
    ),
  }),
});

export type IdentityConfig = z.infer<typeof IdentityConfigSchema>['identity'];

let pending: Promise<IdentityConfig> | undefined;

/** Without a configured public origin the server names return URLs by path: they are on
 * whatever origin this page was opened on (localhost, 127.0.0.1, a LAN address). Amplify needs
 * absolute URLs and picks the one on the page's origin. */
function withAbsoluteRedirects(identity: IdentityConfig): IdentityConfig {
  if (!identity.oauth) return identity;
  const absolute = (urls: string[]) => urls.map((url) => new URL(url, location.origin).href);
  return {
    ...identity,
    oauth: {
      ...identity.oauth,
      redirectSignIn: absolute(identity.oauth.redirectSignIn),
      redirectSignOut: absolute(identity.oauth.redirectSignOut),
    },
  };
}

export function loadIdentityConfig(): Promise<IdentityConfig> {
  pending ??= api
    // Public, and asked before any token exists: a token would wait for this very call.
    .get('/client-config', { schema: IdentityConfigSchema, auth: false })
    .then((body) => withAbsoluteRedirects(body.identity))
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

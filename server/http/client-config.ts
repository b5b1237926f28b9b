/**
 * GET /api/client-config: what the browser app needs to reach identity, decided by the server at
 * run time, so one build of the app works against the local stand-in (whose ports can change)
 * and against Amazon Cognito. Values are public by nature (pool id, app client id, hosted
 * domain); nothing secret is here. Redirects are on the configured PUBLIC_ORIGIN, else paths the
 * app resolves against its own origin (http/public-origin.ts), never on the request's Host (spec §2: /auth/checkRedirection; sign-out has no redirect target, so it returns
 * home).
 */
import type { FastifyInstance } from 'fastify';
import { linkOrigin } from './public-origin';

export interface IdentityClientSettings {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only for the local stand-in: Amplify's `userPoolEndpoint` override. */
  userPoolEndpoint?: string;
  /** Host of the hosted sign-in page (Amplify's `oauth.domain`), when hosted OAuth is set up. */
  oauthDomain?: string;
}

// spec §9: OAuth scopes email, openid, profile, phone; response type code.
const OAUTH_SCOPES = ['email', 'openid', 'profile', 'phone'] as const;

export function registerClientConfig(
  app: FastifyInstance,
  { identity, publicOrigin }: { identity: IdentityClientSettings; publicOrigin: string },
) {
  app.get('/api/client-config', (_request, reply) => {
    // Never the request's Host: a forged one would send the sign-in back to another site. Without
    // PUBLIC_ORIGIN the URLs are paths the app resolves against its own origin.
    const origin = linkOrigin(publicOrigin);
    void reply.header('cache-control', 'no-cache');
    return {
      identity: {
        region: identity.region,
        userPoolId: identity.userPoolId,
        userPoolClientId: identity.userPoolClientId,
        ...(identity.userPoolEndpoint ? { userPoolEndpoint: identity.userPoolEndpoint } : {}),
        ...(identity.oauthDomain
          ? {
              oauth: {
                domain: identity.oauthDomain,
                scopes: OAUTH_SCOPES,
                redirectSignIn: [`${origin}/auth/checkRedirection`],
                redirectSignOut: [`${origin}/`],
                responseType: 'code',
              },
            }
          : {}),
      },
    };
  });
}

/**
 * Tokens as Amazon Cognito shapes them, on top of cognito-local's generator.
 *
 * cognito-local builds the claims (sub, groups, client_id, token_use, expiry from the client's
 * validity settings); this wrapper adds what it leaves out and re-signs with the same key:
 * - `origin_jti` on access and ID tokens. Amplify's `signOut()` calls RevokeToken only when the
 *   access token carries it, so without it a signed-out refresh token would stay usable. It is
 *   the `jti` of the refresh token the tokens came with, as in Cognito, so tokens from one
 *   sign-in (and their refreshes through the user-pool API) share it. The hosted UI's own
 *   refresh grant (cognito-local's `/oauth2/token`) gets a fresh one; Amplify does not use it.
 * - `identities` on the ID token of a federated (LinkedIn) user, as Cognito sends it.
 * - `name` on the ID token when the user has one, as Cognito sends standard attributes.
 * - `email_verified` as the user's attribute says: cognito-local 5.3.0 computes
 *   `Boolean("false")`, so an unverified (or just changed) address would read as verified, and
 *   the product API trusts that claim to create a profile under the address (issue 23).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, importJWK, type JWTPayload, type CryptoKey } from 'jose';
import {
  SIGNING_KEY_ID,
  attributeValue,
  signingKey,
  type AppClient,
  type Context,
  type TokenGenerator,
  type Tokens,
  type User,
} from './cognito-local-internals';

type TokenSource = Parameters<TokenGenerator['generate']>[5];

export class StandinTokenGenerator implements TokenGenerator {
  private key: Promise<CryptoKey | Uint8Array> | undefined;

  constructor(private readonly base: TokenGenerator) {}

  generate(
    ctx: Context,
    user: User,
    userGroups: readonly string[],
    userPoolClient: AppClient,
    clientMetadata: Record<string, string> | undefined,
    source: TokenSource,
  ): Promise<Tokens> {
    return this.generateWithOrigin(
      { ctx, user, userGroups, userPoolClient, clientMetadata, source },
      undefined,
    );
  }

  /** Tokens for a refresh: they keep the `origin_jti` of the refresh token presented. */
  refresh(
    ctx: Context,
    user: User,
    userGroups: readonly string[],
    userPoolClient: AppClient,
    refreshToken: string,
  ): Promise<Tokens> {
    const origin = decodeJwt(refreshToken).jti;
    return this.generateWithOrigin(
      {
        ctx,
        user,
        userGroups,
        userPoolClient,
        clientMetadata: undefined,
        source: 'RefreshTokens',
      },
      origin,
    );
  }

  private async generateWithOrigin(
    args: {
      ctx: Context;
      user: User;
      userGroups: readonly string[];
      userPoolClient: AppClient;
      clientMetadata: Record<string, string> | undefined;
      source: TokenSource;
    },
    origin: string | undefined,
  ): Promise<Tokens> {
    const tokens = await this.base.generate(
      args.ctx,
      args.user,
      args.userGroups,
      args.userPoolClient,
      args.clientMetadata,
      args.source,
    );
    const originJti = origin ?? decodeJwt(tokens.RefreshToken).jti ?? randomUUID();
    const identities = attributeValue('identities', args.user.Attributes);
    // Cognito puts the standard `name` attribute in the ID token; cognito-local leaves it out,
    // and the app pre-fills the new user's profile with it (issue 26 item 1).
    const name = attributeValue('name', args.user.Attributes);
    return {
      AccessToken: await this.resign(tokens.AccessToken, { origin_jti: originJti }),
      IdToken: await this.resign(tokens.IdToken, {
        origin_jti: originJti,
        email_verified: attributeValue('email_verified', args.user.Attributes) === 'true',
        ...(identities ? { identities: JSON.parse(identities) as unknown } : {}),
        ...(name ? { name } : {}),
      }),
      RefreshToken: tokens.RefreshToken,
    };
  }

  private async resign(token: string, extraClaims: JWTPayload): Promise<string> {
    this.key ??= importJWK(signingKey.privateJwk, 'RS256');
    return new SignJWT({ ...decodeJwt(token), ...extraClaims })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: SIGNING_KEY_ID })
      .sign(await this.key);
  }
}

/**
 * User-pool API calls Amplify makes that cognito-local 5.3.0 does not answer (or answers too
 * loosely): ResendConfirmationCode, token refresh (GetTokensFromRefreshToken, which Amplify 6.1x
 * uses, and InitiateAuth REFRESH_TOKEN_AUTH, which the AWS SDK uses) and GlobalSignOut.
 *
 * Refresh checks what Cognito checks: the token is one this stand-in signed, not expired, still
 * on the user's list (RevokeToken and GlobalSignOut take it off), and the user is enabled.
 */
import { decodeJwt } from 'jose';
import { z } from 'zod';
import {
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
  otp,
  selectAppropriateDeliveryMethod,
  type CognitoService,
  type Context,
  type Messages,
} from './cognito-local-internals';
import { verifyLocalJwt } from './local-jwt';
import { parseTargetRequest } from './target-request';
import type { StandinTokenGenerator } from './token-generator';

const ResendRequest = z.object({
  ClientId: z.string().min(1),
  Username: z.string().min(1),
  ClientMetadata: z.record(z.string(), z.string()).optional(),
});

const GetTokensRequest = z.object({
  ClientId: z.string().min(1),
  RefreshToken: z.string().min(1),
});

const RefreshAuthRequest = z.object({
  ClientId: z.string().min(1),
  AuthParameters: z.object({ REFRESH_TOKEN: z.string().min(1) }),
});

const GlobalSignOutRequest = z.object({ AccessToken: z.string().min(1) });

const ChallengeAnswer = z.object({
  ClientId: z.string().min(1),
  ChallengeResponses: z.object({ USERNAME: z.string().min(1) }),
});
const IssuedTokens = z.object({
  AuthenticationResult: z.object({ RefreshToken: z.string().min(1) }),
});

const AccessClaims = z.object({
  token_use: z.literal('access'),
  client_id: z.string(),
  username: z.string(),
});

export interface SessionTargetDeps {
  cognito: CognitoService;
  messages: Messages;
  tokenGenerator: StandinTokenGenerator;
  /** This stand-in's issuer: tokens from anywhere else are refused. */
  issuer: string;
}

export function createSessionTargets({
  cognito,
  messages,
  tokenGenerator,
  issuer,
}: SessionTargetDeps) {
  async function resendConfirmationCode(ctx: Context, body: unknown) {
    const req = parseTargetRequest(ResendRequest, body);
    const pool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('Username/client id combination not found.');
    if (user.UserStatus !== 'UNCONFIRMED') {
      throw new InvalidParameterError('User is already confirmed.');
    }
    const delivery = selectAppropriateDeliveryMethod(
      pool.options.AutoVerifiedAttributes ?? ['email'],
      user,
    );
    if (!delivery) throw new InvalidParameterError('User has no email or phone number.');
    const code = otp();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      pool.options.Id,
      user,
      code,
      req.ClientMetadata,
      delivery,
    );
    await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
    return { CodeDeliveryDetails: delivery };
  }

  async function refresh(ctx: Context, clientId: string, refreshToken: string) {
    const client = await cognito.getAppClient(ctx, clientId);
    if (!client) throw new NotAuthorizedError('Invalid client id');
    try {
      await verifyLocalJwt(refreshToken, issuer);
    } catch {
      throw new NotAuthorizedError('Invalid Refresh Token');
    }
    const pool = await cognito.getUserPoolForClientId(ctx, clientId);
    const user = await pool.getUserByRefreshToken(ctx, refreshToken);
    if (!user) throw new NotAuthorizedError('Refresh Token has been revoked');
    if (!user.Enabled) throw new NotAuthorizedError('User is disabled.');
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await tokenGenerator.refresh(ctx, user, groups, client, refreshToken);
    return {
      AccessToken: tokens.AccessToken,
      IdToken: tokens.IdToken,
      TokenType: 'Bearer',
      ExpiresIn: secondsToExpiry(tokens.AccessToken),
    };
  }

  async function getTokensFromRefreshToken(ctx: Context, body: unknown) {
    const req = parseTargetRequest(GetTokensRequest, body);
    return { AuthenticationResult: await refresh(ctx, req.ClientId, req.RefreshToken) };
  }

  async function refreshTokenAuth(ctx: Context, body: unknown) {
    const req = parseTargetRequest(RefreshAuthRequest, body);
    return {
      ChallengeParameters: {},
      AuthenticationResult: await refresh(ctx, req.ClientId, req.AuthParameters.REFRESH_TOKEN),
    };
  }

  async function globalSignOut(ctx: Context, body: unknown) {
    const req = parseTargetRequest(GlobalSignOutRequest, body);
    let claims: z.infer<typeof AccessClaims>;
    try {
      claims = AccessClaims.parse(await verifyLocalJwt(req.AccessToken, issuer));
    } catch {
      throw new NotAuthorizedError('Invalid Access Token');
    }
    const pool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
    const user = await pool.getUserByUsername(ctx, claims.username);
    if (!user) throw new NotAuthorizedError('Invalid Access Token');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  }

  /**
   * cognito-local 5.3.0 issues tokens after an MFA or new-password challenge without putting the
   * refresh token on the user's list, so the first refresh of such a session fails as "revoked"
   * (and Amplify signs the user out). Cognito keeps it: so does the stand-in, after the fact.
   */
  async function keepChallengeRefreshToken(ctx: Context, body: unknown, result: unknown) {
    const issued = IssuedTokens.safeParse(result);
    const answer = ChallengeAnswer.safeParse(body);
    if (!issued.success || !answer.success) return;
    const pool = await cognito.getUserPoolForClientId(ctx, answer.data.ClientId);
    const user = await pool.getUserByUsername(ctx, answer.data.ChallengeResponses.USERNAME);
    const token = issued.data.AuthenticationResult.RefreshToken;
    if (user && !(user.RefreshTokens ?? []).includes(token)) {
      await pool.storeRefreshToken(ctx, token, user);
    }
  }

  return {
    resendConfirmationCode,
    getTokensFromRefreshToken,
    refreshTokenAuth,
    globalSignOut,
    keepChallengeRefreshToken,
  };
}

function secondsToExpiry(jwt: string): number {
  return Math.max(0, (decodeJwt(jwt).exp ?? 0) - Math.floor(Date.now() / 1000));
}

/**
 * Verifies the bearer token of an API request: the server's only source of who is calling
 * (design/architecture.md, Auth: the front end's checks are for UX only).
 *
 * Checks, in order: a compact JWS of sane size; RS256 signature by a key from the pool's JWKS
 * (fetched once and cached by jose, refetched when an unknown `kid` appears, e.g. after key
 * rotation); `iss` equal to the configured issuer; not expired (`exp`, with a small clock
 * tolerance); `token_use`; and that the token was issued to our app client (`client_id` on
 * access tokens, `aud` on ID tokens). Then `cognito:groups` becomes product roles with the
 * shared mapping of `src/domain/roles.ts` (spec §4), the same one the app uses.
 *
 * Access tokens only, by default: spec §7 sends the access token on every call, and an ID token
 * is meant for the client, not as an API credential. `acceptIdTokens` exists for a caller that
 * really needs one (creating a profile needs the verified email); the verified principal says
 * which kind it came from (`tokenUse`), and the authentication layer (authenticate.ts) lets an
 * ID token through only on the routes that ask for one. Access tokens carry no email, so
 * `principal.email` (and `emailVerified`) is set only for ID tokens; look the user up by `sub`.
 *
 * With `mode: 'cognito'` (production) the issuer and JWKS address are built from the region and
 * pool id, which must have Cognito's shapes, so nothing but
 * `https://cognito-idp.<region>.amazonaws.com/<poolId>` can ever be trusted there.
 *
 * Tokens are never logged or put in error messages.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { mapIdentityGroups, type CorporateUserType, type Role } from '../../src/domain/roles';

export type TokenRejectionReason =
  | 'missing'
  | 'malformed'
  | 'signature'
  | 'expired'
  | 'issuer'
  | 'token_use'
  | 'client'
  | 'claims'
  /** The JWKS could not be fetched: a server-side problem (answer 503), not the caller's. */
  | 'keys_unavailable';

export class TokenVerificationError extends Error {
  override readonly name = 'TokenVerificationError';
  constructor(
    readonly reason: TokenRejectionReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Thrown at start-up for settings that must never be trusted (a configuration mistake). */
export class TokenVerifierConfigError extends Error {
  override readonly name = 'TokenVerifierConfigError';
}

export interface Principal {
  readonly sub: string;
  /** Which token this came from: only a few routes take an ID token (authenticate.ts). */
  readonly tokenUse: 'access' | 'id';
  /** Cognito's username: the sub for email sign-ups, `LinkedIn_<id>` for LinkedIn users. */
  readonly username: string;
  /** Only from ID tokens (access tokens carry no email). */
  readonly email?: string;
  /** Only from ID tokens: true when the identity provider has verified `email` (a code sent to
   * it, or a federated provider's verified address). Anything else is false. */
  readonly emailVerified?: boolean;
  /** spec §4 mapping (src/domain/roles.ts); check permissions with `permissionRoles`. */
  readonly roles: readonly Role[];
  /** Set for corporate users: a recruiter has fewer permissions than the corporate role. */
  readonly corporateSubType?: CorporateUserType;
  /** The raw `cognito:groups`, for logs and for rules the role mapping does not cover. */
  readonly groups: readonly string[];
}

interface CommonSettings {
  /** The app client tokens must be issued to. */
  clientId: string;
  /** Default false: see the header comment. */
  acceptIdTokens?: boolean;
  /** Default 5 s: tolerated clock difference with the identity provider. */
  clockToleranceSeconds?: number;
}

export type TokenVerifierSettings =
  | (CommonSettings & { mode: 'cognito'; region: string; userPoolId: string })
  | (CommonSettings & { mode: 'local'; issuer: string; jwksUri: string });

export type TokenVerifier = (token: string | undefined) => Promise<Principal>;

const REGION = /^[a-z]{2}(-[a-z]+)+-\d$/;
const USER_POOL_ID = /^([a-z]{2}(?:-[a-z]+)+-\d)_[0-9A-Za-z]+$/;
/** Cognito tokens are 1–2 KB; far larger input is not a token worth parsing. */
const MAX_TOKEN_LENGTH = 16_384;

export function cognitoIssuer(region: string, userPoolId: string): string {
  if (!REGION.test(region)) throw new TokenVerifierConfigError(`Not an AWS region: ${region}`);
  const poolRegion = USER_POOL_ID.exec(userPoolId)?.[1];
  if (poolRegion !== region) {
    throw new TokenVerifierConfigError(`Not a user pool id of ${region}: ${userPoolId}`);
  }
  return `https://cognito-idp.${region}.amazonaws.com/${userPoolId}`;
}

const GroupsClaim = z.array(z.string()).optional();
const AccessClaims = z.object({
  token_use: z.literal('access'),
  sub: z.string().min(1),
  client_id: z.string(),
  username: z.string().min(1),
  'cognito:groups': GroupsClaim,
});
const IdClaims = z.object({
  token_use: z.literal('id'),
  sub: z.string().min(1),
  aud: z.string(),
  'cognito:username': z.string().min(1),
  email: z.string().optional(),
  // Cognito sends a boolean; for federated users' mapped attributes it can be the string "true".
  email_verified: z.union([z.boolean(), z.string()]).optional(),
  'cognito:groups': GroupsClaim,
});

/**
 * `getKey` replaces the JWKS fetch (tests; a pre-loaded key set). By default the keys come from
 * the issuer's JWKS address with jose's cache (10 minutes, 30 s cool-down between refetches).
 */
export function createTokenVerifier(
  settings: TokenVerifierSettings,
  options: { getKey?: JWTVerifyGetKey } = {},
): TokenVerifier {
  const issuer =
    settings.mode === 'cognito'
      ? cognitoIssuer(settings.region, settings.userPoolId)
      : settings.issuer;
  const jwksUri =
    settings.mode === 'cognito' ? `${issuer}/.well-known/jwks.json` : settings.jwksUri;
  const getKey = options.getKey ?? remoteKeys(jwksUri);
  const clockTolerance = settings.clockToleranceSeconds ?? 5;

  return async function verifyToken(token) {
    if (!token) throw new TokenVerificationError('missing', 'No bearer token');
    if (token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) {
      throw new TokenVerificationError('malformed', 'Not a JWT');
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        issuer,
        algorithms: ['RS256'],
        clockTolerance,
        requiredClaims: ['exp', 'sub', 'token_use'],
      }));
    } catch (error) {
      throw asVerificationError(error);
    }

    const use = payload.token_use;
    if (use === 'access') {
      const claims = parseClaims(AccessClaims, payload);
      if (claims.client_id !== settings.clientId) {
        throw new TokenVerificationError('client', 'Token was issued to another app client');
      }
      return principal('access', claims.sub, claims.username, {}, claims['cognito:groups']);
    }
    if (use === 'id' && settings.acceptIdTokens) {
      const claims = parseClaims(IdClaims, payload);
      if (claims.aud !== settings.clientId) {
        throw new TokenVerificationError('client', 'Token was issued to another app client');
      }
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return principal(
        'id',
        claims.sub,
        claims['cognito:username'],
        claims.email ? { email: claims.email, emailVerified: verified } : {},
        claims['cognito:groups'],
      );
    }
    throw new TokenVerificationError('token_use', 'Not a token this API accepts (token_use)');
  };
}

function principal(
  tokenUse: Principal['tokenUse'],
  sub: string,
  username: string,
  email: Pick<Principal, 'email' | 'emailVerified'>,
  groups: readonly string[] = [],
): Principal {
  const { userType, corporateUserType } = mapIdentityGroups(groups);
  return {
    sub,
    tokenUse,
    username,
    ...email,
    groups,
    roles: userType,
    ...(corporateUserType ? { corporateSubType: corporateUserType } : {}),
  };
}

function parseClaims<Schema extends z.ZodType>(schema: Schema, payload: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const claim = parsed.error.issues[0]?.path.join('.') ?? 'token';
    throw new TokenVerificationError('claims', `Invalid claim: ${claim}`);
  }
  return parsed.data;
}

class KeysUnavailable extends Error {}

function remoteKeys(jwksUri: string): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(new URL(jwksUri), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      // An unknown key id is the token's problem; anything else (network, bad JSON, timeout)
      // means we could not load the keys.
      if (
        error instanceof errors.JWKSNoMatchingKey ||
        error instanceof errors.JWKSMultipleMatchingKeys
      ) {
        throw error;
      }
      throw new KeysUnavailable('Could not load the signing keys', { cause: error });
    }
  };
}

function asVerificationError(error: unknown): TokenVerificationError {
  if (error instanceof KeysUnavailable) {
    return new TokenVerificationError('keys_unavailable', error.message, { cause: error.cause });
  }
  if (error instanceof errors.JWTExpired) {
    return new TokenVerificationError('expired', 'Token has expired');
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return error.claim === 'iss'
      ? new TokenVerificationError('issuer', 'Token is from another issuer')
      : new TokenVerificationError('claims', `Invalid claim: ${error.claim}`);
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return new TokenVerificationError('signature', 'Token signature is not valid');
  }
  // JOSE errors here mean a token jose could not parse; anything else is unexpected, so keep it
  // as the cause for the route's log (JOSE errors carry claims at most, never the token).
  return new TokenVerificationError(
    'malformed',
    'Token could not be read',
    error instanceof errors.JOSEError ? undefined : { cause: error },
  );
}

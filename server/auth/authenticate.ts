/**
 * Who is calling: every request's bearer token is verified (signature, issuer, expiry, token use,
 * client) before any handler runs. Public reads (spec §6: logged-out visitors can browse) work
 * without a token, and also with an invalid one, which counts as no token there; protected routes
 * call `requirePrincipal`, which answers 401 (no or invalid token) before the handler does
 * anything. A JWKS outage is a 503, not the caller's fault.
 *
 * Two more checks live here, once, rather than in each route (issue 23):
 * - Token kind: spec §7 sends the access token on every call. An ID token is a credential only
 *   where a route asks for one (`idToken: 'allowed'`: creating a profile needs its verified
 *   email); everywhere else it is refused with 401.
 * - Deactivated accounts: the caller's product record is read once per request, right after the
 *   token is verified (account-status.ts), so a user deactivated a moment ago is refused on the
 *   next request, whatever their token's expiry. The one route that still answers them is the
 *   read of their own corporate record: its `isDeleted` flag is how the app learns it must show
 *   the spec §8 message and sign out (spec §4).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { loadAccountStatus, type AccountStatus } from './account-status';
import { TokenVerificationError, type Principal, type TokenVerifier } from './verify-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** From a verified access token. */
    principal?: Principal;
    /** From a verified ID token: used only by routes that ask for it (`requirePrincipal`). */
    idTokenPrincipal?: Principal;
    authFailure?: TokenVerificationError['reason'];
    /** The product's record of the verified caller, read once for this request. */
    account?: AccountStatus;
  }
}

// spec §8: the deactivated-account text.
export const DEACTIVATED_MESSAGE =
  'Your account has been deactivated. Please contact support for assistance.';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuthentication(
  app: FastifyInstance,
  { verifier, db }: { verifier: TokenVerifier; db?: Database },
) {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    // The app sends a placeholder when signed out (spec §7); it is not a JWT: anonymous.
    if (!token || token.split('.').length !== 3) return;
    let principal: Principal;
    try {
      principal = await verifier(token);
    } catch (error) {
      if (!(error instanceof TokenVerificationError)) throw error;
      request.authFailure = error.reason;
      return;
    }
    if (db) {
      request.account = await loadAccountStatus(db, principal.sub);
      principal = withRecordedRole(principal, request.account);
    }
    if (principal.tokenUse === 'access') request.principal = principal;
    else request.idTokenPrincipal = principal;
    request.principalId = principal.sub;
  });
}

/**
 * A corporate caller's role is the one in their product record (issue 20): a company admin who
 * changes a user's role changes the record, and the token's group (fixed until it expires) must
 * not keep a demoted admin's rights for the rest of the hour. Someone who accepted an invite has a
 * record (and a company) before the identity pool puts them in a corporate group.
 */
function withRecordedRole(principal: Principal, account: AccountStatus): Principal {
  const recorded = account.corporateUserType;
  if (recorded !== 'corporate-admin' && recorded !== 'corporate-recruiter') return principal;
  if (!account.companyId || account.deactivated) return principal;
  if (principal.roles.includes('corporate') && principal.corporateSubType === recorded) {
    return principal;
  }
  const roles = principal.roles.includes('corporate')
    ? principal.roles
    : [...principal.roles, 'corporate' as const];
  return { ...principal, roles, corporateSubType: recorded };
}

export interface PrincipalOptions {
  /** This route also takes an ID token (it needs the verified email). */
  idToken?: 'allowed';
  /** Only for the caller's own account status, which a deactivated user must still read. */
  deactivated?: 'allowed';
}

export function requirePrincipal(
  request: FastifyRequest,
  options: PrincipalOptions = {},
): Principal {
  const principal =
    request.principal ?? (options.idToken === 'allowed' ? request.idTokenPrincipal : undefined);
  if (principal) {
    if (request.account?.deactivated && options.deactivated !== 'allowed') {
      throw new HttpError(403, DEACTIVATED_MESSAGE);
    }
    return principal;
  }
  if (request.idTokenPrincipal) {
    // spec §7: API calls carry the access token; an ID token is for the app itself.
    throw new HttpError(401, 'Invalid access token: send the access token, not the ID token');
  }
  if (request.authFailure === 'keys_unavailable') {
    throw new HttpError(503, 'Sign-in could not be checked right now. Please try again shortly.');
  }
  if (request.authFailure === 'expired') {
    throw new HttpError(
      401,
      'Access Denied: Your session has expired. Please log in again to continue.',
    );
  }
  throw new HttpError(401, request.authFailure ? 'Invalid access token' : 'Login required');
}

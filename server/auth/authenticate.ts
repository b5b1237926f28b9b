/**
 * Who is calling: every request's bearer token is verified (signature, issuer, expiry, token use,
 * client) before any handler runs. Public reads (spec §6: logged-out visitors can browse) work
 * without a token, and also with an invalid one, which counts as no token there; protected routes
 * call `requirePrincipal`, which answers 401 (no or invalid token) before the handler does
 * anything. A JWKS outage is a 503, not the caller's fault.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { TokenVerificationError, type Principal, type TokenVerifier } from './verify-token';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    authFailure?: TokenVerificationError['reason'];
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuthentication(
  app: FastifyInstance,
  { verifier }: { verifier: TokenVerifier },
) {
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    // The app sends a placeholder when signed out (spec §7); it is not a JWT: anonymous.
    if (!token || token.split('.').length !== 3) return;
    try {
      request.principal = await verifier(token);
      request.principalId = request.principal.sub;
    } catch (error) {
      if (!(error instanceof TokenVerificationError)) throw error;
      request.authFailure = error.reason;
    }
  });
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (request.principal) return request.principal;
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

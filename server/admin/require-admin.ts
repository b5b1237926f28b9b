/**
 * The one guard of the admin console's routes: the caller must be a site admin, checked before
 * any input is read, so a refused caller learns nothing. Each area answers a refusal in its own
 * words (the contract's `adminsOnly` text), with the same 403 (401 without a valid token).
 */
import type { FastifyRequest } from 'fastify';
import { AdminUserErrors } from '../../src/domain/contract/admin-users';
import { requirePrincipal } from '../auth/authenticate';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { findGeneralUser } from '../users/current-user';
import type { AdminActor } from './users-service';

/** The site admin making this call, or 403 with `refusal`. */
export function requireAdmin(request: FastifyRequest, refusal: string): Principal {
  const principal = requirePrincipal(request);
  // Not `manage_users`: corporate admins have it for their own company only (spec §6); an
  // evaluator is no admin either.
  if (!principal.roles.includes('admin')) throw new HttpError(403, refusal);
  return principal;
}

/** requireAdmin, as the actor its audited changes name (with their profile id for the ledger). */
export async function requireSiteAdmin(
  db: Database,
  request: FastifyRequest,
  refusal: string = AdminUserErrors.adminsOnly,
): Promise<AdminActor> {
  const principal = requireAdmin(request, refusal);
  const profile = await findGeneralUser(db, principal);
  return { sub: principal.sub, userId: profile?.id ?? null };
}

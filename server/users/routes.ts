/**
 * Product API user calls of spec §7. Every one needs a verified token; a user reads their own
 * records, and only a role with `manage_users` (spec §6) reads someone else's.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { corporateUsers, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { requireGeneralUser } from './current-user';
import { registerProfileRoutes } from './profile-routes';
import {
  serializeBasicDetails,
  serializeCorporateUser,
  serializeGeneralUser,
} from './serialize-user';

const EmailParams = z.object({ email: z.email().max(254) });
const CognitoParams = z.object({ cognitoUserId: z.string().min(1).max(128) });

function canManageUsers(principal: Principal): boolean {
  return can(principal, 'manage_users');
}

function forbidden(): never {
  throw new HttpError(403, 'You do not have access to this user');
}

export function registerUserRoutes(
  app: FastifyInstance,
  { db, prefix }: { db: Database; prefix: string },
) {
  const principalOf = (request: FastifyRequest) => requirePrincipal(request);

  // spec §7: GET /user/basic-details (authenticated). Corporate users have none (spec §6).
  app.get(`${prefix}/user/basic-details`, async (request) => {
    const principal = principalOf(request);
    const user = await requireGeneralUser(db, principal);
    return { data: serializeBasicDetails(user) };
  });

  // spec §7: GET /user/{email}/details returns a list; the first item is the user.
  app.get(`${prefix}/user/:email/details`, async (request) => {
    const principal = principalOf(request);
    const { email } = parseOrThrow(EmailParams, request.params, 'email');
    const rows = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    const user = rows[0];
    if (user && user.cognitoSub !== principal.sub && !canManageUsers(principal)) forbidden();
    if (!user && !canManageUsers(principal)) forbidden();
    return rows.map(serializeGeneralUser);
  });

  // spec §7: GET /corporate-user/{cognitoUserId}/cognito returns a list; the first item is the
  // corporate user (its isDeleted flag is how the app refuses a deactivated account, spec §4).
  app.get(`${prefix}/corporate-user/:cognitoUserId/cognito`, async (request) => {
    const principal = principalOf(request);
    const { cognitoUserId } = parseOrThrow(CognitoParams, request.params, 'cognitoUserId');
    if (cognitoUserId !== principal.sub && !canManageUsers(principal)) forbidden();
    const rows = await db
      .select()
      .from(corporateUsers)
      .where(eq(corporateUsers.cognitoUserId, cognitoUserId))
      .limit(1);
    return rows.map(serializeCorporateUser);
  });

  // issue 10: the candidate edits their own profile; a new sign-up creates it.
  registerProfileRoutes(app, { db, prefix });
}

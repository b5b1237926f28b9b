/**
 * Product API user calls of spec §7. Every one needs a verified access token (authenticate.ts);
 * a user reads their own records, and others only within the reach of their role:
 * - the platform admin (role admin, spec §6) reads every record;
 * - a corporate admin (manage_users, spec §6) reads the corporate users of its own company and
 *   the general records of candidates who applied to its own company's jobs (issue 23);
 * - nobody else reads anyone else's.
 * A record the caller may not read gets exactly the answer of a record that does not exist
 * (403, same text), so these calls cannot tell whether an email or a user id is registered.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { corporateUsers, jobApplications, jobs, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { requireGeneralUser, type UserRecord } from './current-user';
import { registerProfileRoutes } from './profile-routes';
import {
  serializeBasicDetails,
  serializeCorporateUser,
  serializeGeneralUser,
} from './serialize-user';

const EmailParams = z.object({ email: z.email().max(254) });
const CognitoParams = z.object({ cognitoUserId: z.string().min(1).max(128) });

/** spec §6: the platform admin role keeps full access to user records. */
function isPlatformAdmin(principal: Principal): boolean {
  return principal.roles.includes('admin');
}

/**
 * The company whose users a corporate admin manages: the one of its own (live) corporate record.
 * Null for everyone else, and for a corporate admin without a company: they manage nobody.
 */
function managedCompany(request: FastifyRequest, principal: Principal): string | null {
  if (!can(principal, 'manage_users')) return null;
  return request.account?.companyId ?? null;
}

/** The same answer for "no such user" and "not yours to read" (no enumeration). */
function notVisible(): never {
  throw new HttpError(403, 'You do not have access to this user');
}

async function appliedToCompany(db: Database, user: UserRecord, companyId: string) {
  const [row] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .innerJoin(jobs, eq(jobs.id, jobApplications.jobId))
    .where(
      and(
        sql`lower(${jobApplications.userEmail}) = lower(${user.email})`,
        eq(jobs.companyId, companyId),
      ),
    )
    .limit(1);
  return row !== undefined;
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
    const [user] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (isPlatformAdmin(principal)) return user ? [serializeGeneralUser(user)] : [];
    if (!user) notVisible();
    if (user.cognitoSub === principal.sub) return [serializeGeneralUser(user)];
    const companyId = managedCompany(request, principal);
    if (companyId && (await appliedToCompany(db, user, companyId))) {
      return [serializeGeneralUser(user)];
    }
    return notVisible();
  });

  // spec §7: GET /corporate-user/{cognitoUserId}/cognito returns a list; the first item is the
  // corporate user (its isDeleted flag is how the app refuses a deactivated account, spec §4, so
  // a deactivated caller may still read their own).
  app.get(`${prefix}/corporate-user/:cognitoUserId/cognito`, async (request) => {
    const asked = (request.params as { cognitoUserId?: unknown }).cognitoUserId;
    const own = request.principal !== undefined && asked === request.principal.sub;
    const principal = requirePrincipal(request, own ? { deactivated: 'allowed' } : {});
    const { cognitoUserId } = parseOrThrow(CognitoParams, request.params, 'cognitoUserId');
    const rows = await db
      .select()
      .from(corporateUsers)
      .where(eq(corporateUsers.cognitoUserId, cognitoUserId))
      .limit(1);
    if (cognitoUserId === principal.sub || isPlatformAdmin(principal)) {
      return rows.map(serializeCorporateUser);
    }
    const companyId = managedCompany(request, principal);
    const record = rows[0];
    if (companyId && record && record.companyId === companyId) {
      return [serializeCorporateUser(record)];
    }
    return notVisible();
  });

  // issue 10: the candidate edits their own profile; a new sign-up creates it.
  registerProfileRoutes(app, { db, prefix });
}

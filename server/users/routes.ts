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
import { API_PREFIX, EmailParams } from '../../src/domain/contract/common';
import {
  BasicDetailsAnswerSchema,
  CognitoUserParams,
  CorporateUserListSchema,
  ProfileErrors,
  UserDetailsListSchema,
} from '../../src/domain/contract/profile';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { corporateUsers, jobApplications, jobs, users } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { requireGeneralUser, type UserRecord } from './current-user';
import { createProfileRoute, editProfileRoute, registerProfileRoutes } from './profile-routes';
import {
  serializeBasicDetails,
  serializeCorporateUser,
  serializeGeneralUser,
} from './serialize-user';

export const basicDetailsRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/user/basic-details`,
  summary: "The caller's basic details (spec §3)",
  auth: true,
  responses: { 200: { description: '`{ data }`', schema: BasicDetailsAnswerSchema } },
});

export const userDetailsRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/user/:email/details`,
  summary: 'A general user record, as a list',
  auth: true,
  params: EmailParams,
  responses: {
    200: { description: '`[User]`', schema: UserDetailsListSchema },
    403: { description: 'Not yours' },
  },
});

export const corporateUserRoute = defineRoute({
  method: 'GET',
  url: `${API_PREFIX}/corporate-user/:cognitoUserId/cognito`,
  summary: 'A corporate user record, as a list',
  auth: true,
  params: CognitoUserParams,
  responses: {
    200: { description: '`[CorporateUser]`', schema: CorporateUserListSchema },
    403: { description: 'Not yours' },
  },
});

/** spec §6: the platform admin role keeps full access to user records. */
export const USER_ROUTES = [
  basicDetailsRoute,
  userDetailsRoute,
  createProfileRoute,
  editProfileRoute,
  corporateUserRoute,
];

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
  throw new HttpError(403, ProfileErrors.userNotVisible);
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

export function registerUserRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const principalOf = (request: FastifyRequest) => requirePrincipal(request);

  // spec §7: GET /user/basic-details (authenticated). Corporate users have none (spec §6).
  registerRoute(app, basicDetailsRoute, async (request) => {
    const principal = principalOf(request);
    const user = await requireGeneralUser(db, principal);
    return { data: serializeBasicDetails(user) };
  });

  // spec §7: GET /user/{email}/details returns a list; the first item is the user.
  registerRoute(app, userDetailsRoute, async (request) => {
    const principal = principalOf(request);
    const { email } = parseOrThrow(userDetailsRoute.params, request.params, 'email');
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
  registerRoute(app, corporateUserRoute, async (request) => {
    const asked = (request.params as { cognitoUserId?: unknown }).cognitoUserId;
    const own = request.principal !== undefined && asked === request.principal.sub;
    const principal = requirePrincipal(request, own ? { deactivated: 'allowed' } : {});
    const { cognitoUserId } = parseOrThrow(
      corporateUserRoute.params,
      request.params,
      'cognitoUserId',
    );
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
  registerProfileRoutes(app, { db });
}

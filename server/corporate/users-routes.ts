/**
 * A company's users and invitations (issue 20 item 3; contract src/domain/contract/corporate-users
 * .ts). Spec §6: only corporate admins (manage_users) list, invite, change roles and deactivate,
 * and only within their own company; another company's user answers like a missing one (404).
 *
 * - Roles live in the product record (corporate_users.corporate_user_type): authentication reads
 *   it on every request (auth/account-status.ts), so a change counts on the caller's next call.
 * - Deactivating sets the record's isDeleted flag (spec §3/§4): the user is refused at sign-in
 *   and on every API call from then on. An admin cannot change themselves (so a company always
 *   keeps an active admin).
 * - An invite is a random token mailed as a link (server/mail); only its SHA-256 is stored. It
 *   lasts CorporateUserLimits.inviteDays, is used once, and a new invite to the same address
 *   replaces the open one. Opening an expired link answers 410 with spec §8's "Invite Expired"
 *   text. Accepting needs the invitee signed in with the invited, verified address (ID token),
 *   and creates their corporate record.
 * - The role reaches the identity pool's groups (group-sync.ts): accepted, changed or
 *   deactivated, the user's next token says so.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { API_PREFIX } from '../../src/domain/contract/common';
import {
  CompanyUserAnswerSchema,
  CompanyUsersAnswerSchema,
  CorporateUserErrors,
  CorporateUserIdParams,
  CorporateUserLimits,
  CorporateUserPatch,
  InviteAnswerSchema,
  InviteBody,
  InviteTokenParams,
  InviteViewSchema,
  type CorporateRole,
} from '../../src/domain/contract/corporate-users';
import { requirePrincipal } from '../auth/authenticate';
import { companies, corporateInvites, corporateUsers } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { linkOrigin } from '../http/public-origin';
import { parseOrThrow } from '../http/validation';
import { requireCompanyMember } from '../jobs/company-access';
import type { CorporateRouteOptions } from './options';

const U = `${API_PREFIX}/corporate`;
const adminsOnly = { description: CorporateUserErrors.adminsOnly };

export const companyUsersRoute = defineRoute({
  method: 'GET',
  url: `${U}/users`,
  summary: "The company's users and open invites (corporate admins)",
  auth: true,
  responses: {
    200: { description: '`{ data: { users, invites } }`', schema: CompanyUsersAnswerSchema },
    403: adminsOnly,
  },
});

export const inviteRoute = defineRoute({
  method: 'POST',
  url: `${U}/users/invites`,
  summary: 'Invite a recruiter or admin by email (corporate admins); the link is mailed',
  auth: true,
  body: InviteBody,
  responses: {
    201: { description: '`{ data: invite }`', schema: InviteAnswerSchema },
    403: adminsOnly,
    409: { description: CorporateUserErrors.alreadyMember },
  },
});

export const patchCompanyUserRoute = defineRoute({
  method: 'PATCH',
  url: `${U}/users/:userId`,
  summary: "Change a company user's role, deactivate or reactivate them (corporate admins)",
  auth: true,
  params: CorporateUserIdParams,
  body: CorporateUserPatch,
  responses: {
    200: { description: '`{ data: user }`', schema: CompanyUserAnswerSchema },
    403: adminsOnly,
    404: { description: CorporateUserErrors.userNotFound },
  },
});

export const inviteViewRoute = defineRoute({
  method: 'GET',
  url: `${U}/invites/:token`,
  summary: 'What an invite link is for (no sign-in needed)',
  params: InviteTokenParams,
  responses: {
    200: {
      description: '`{ data: { companyName, email, role, expiresAt } }`',
      schema: InviteViewSchema,
    },
    404: { description: CorporateUserErrors.inviteNotFound },
    410: {
      description: `${CorporateUserErrors.inviteExpired} / ${CorporateUserErrors.inviteUsed}`,
    },
  },
});

export const acceptInviteRoute = defineRoute({
  method: 'POST',
  url: `${U}/invites/:token/accept`,
  summary: 'The signed-in invitee joins the company (ID token: its verified email must match)',
  auth: true,
  params: InviteTokenParams,
  responses: {
    200: { description: '`{ data: user }`', schema: CompanyUserAnswerSchema },
    403: { description: CorporateUserErrors.wrongEmail },
    404: { description: CorporateUserErrors.inviteNotFound },
    409: { description: CorporateUserErrors.alreadyMember },
    410: { description: CorporateUserErrors.inviteExpired },
  },
});

export const CORPORATE_USER_ROUTES = [
  companyUsersRoute,
  inviteRoute,
  patchCompanyUserRoute,
  inviteViewRoute,
  acceptInviteRoute,
];

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;

type UserRow = typeof corporateUsers.$inferSelect;

/** A record of the plain corporate role counts as an admin (spec §6: the same permissions). */
function roleOf(type: string): CorporateRole {
  return type === 'corporate-recruiter' ? 'corporate-recruiter' : 'corporate-admin';
}

function userView(row: UserRow, callerId: string) {
  return {
    id: row.id,
    email: row.email,
    name: `${row.firstName} ${row.lastName}`.trim() || 'Corporate User',
    role: roleOf(row.corporateUserType),
    active: !row.isDeleted,
    isYou: row.id === callerId,
  };
}

function inviteView(row: typeof corporateInvites.$inferSelect, now: Date) {
  return {
    id: row.id,
    email: row.email,
    role: row.role as CorporateRole,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

export function registerCorporateUserRoutes(app: FastifyInstance, options: CorporateRouteOptions) {
  const { db, mail, config, clock, groupSync } = options;
  const write = { config: { rateLimit: WRITE_RATE_LIMIT } };

  registerRoute(app, companyUsersRoute, async (request) => {
    const member = await requireCompanyMember(db, request, 'manage_users');
    const rows = await db
      .select()
      .from(corporateUsers)
      .where(eq(corporateUsers.companyId, member.company.id))
      .orderBy(corporateUsers.email);
    const invites = await db
      .select()
      .from(corporateInvites)
      .where(
        and(
          eq(corporateInvites.companyId, member.company.id),
          isNull(corporateInvites.acceptedAt),
          isNull(corporateInvites.revokedAt),
        ),
      )
      .orderBy(corporateInvites.createdAt);
    const now = clock();
    return {
      data: {
        users: rows.map((r) => userView(r, member.corporateUserId)),
        invites: invites.map((i) => inviteView(i, now)),
      },
    };
  });

  registerRoute(
    app,
    inviteRoute,
    async (request, reply) => {
      const member = await requireCompanyMember(db, request, 'manage_users');
      const { email, role } = parseOrThrow(inviteRoute.body, request.body, 'invite');
      const [existing] = await db
        .select({ id: corporateUsers.id })
        .from(corporateUsers)
        .where(sql`lower(${corporateUsers.email}) = ${email}`)
        .limit(1);
      if (existing) throw new HttpError(409, CorporateUserErrors.alreadyMember);
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const invite = await db.transaction(async (tx) => {
        // One open invite per address: a new one replaces the old link.
        await tx
          .update(corporateInvites)
          .set({ revokedAt: now })
          .where(
            and(
              eq(corporateInvites.companyId, member.company.id),
              eq(corporateInvites.email, email),
              isNull(corporateInvites.acceptedAt),
              isNull(corporateInvites.revokedAt),
            ),
          );
        const [row] = await tx
          .insert(corporateInvites)
          .values({
            id: `invite-${randomUUID()}`,
            companyId: member.company.id,
            email,
            role,
            tokenHash: hashOf(token),
            invitedBy: member.corporateUserId,
            expiresAt: new Date(now.getTime() + CorporateUserLimits.inviteDays * DAY_MS),
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return row;
      });
      const link = `${linkOrigin(config.PUBLIC_ORIGIN)}/corporate/invite/${token}`;
      const what = role === 'corporate-admin' ? 'an admin' : 'a recruiter';
      await mail.send({
        to: email,
        subject: `Join ${member.company.name} on ReferralHub`,
        text: `You have been invited to join ${member.company.name} as ${what}.\n\nAccept the invite: ${link}\n\nThe link works for ${CorporateUserLimits.inviteDays} days.`,
        codeLine: `Invite link: ${link}`,
      });
      return reply.code(201).send({ data: inviteView(invite, now) });
    },
    write,
  );

  registerRoute(
    app,
    patchCompanyUserRoute,
    async (request) => {
      const member = await requireCompanyMember(db, request, 'manage_users');
      const { userId } = parseOrThrow(patchCompanyUserRoute.params, request.params, 'user');
      const patch = parseOrThrow(patchCompanyUserRoute.body, request.body, 'user');
      if (userId === member.corporateUserId) {
        throw new HttpError(403, CorporateUserErrors.notYourself);
      }
      // The caller is an active admin and never the target, so the company always keeps one.
      const [target] = await db
        .select()
        .from(corporateUsers)
        .where(and(eq(corporateUsers.id, userId), eq(corporateUsers.companyId, member.company.id)))
        .limit(1);
      if (!target) throw new HttpError(404, CorporateUserErrors.userNotFound);
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(corporateUsers)
          .set({
            corporateUserType: patch.role ?? target.corporateUserType,
            isDeleted: patch.active === undefined ? target.isDeleted : !patch.active,
            updatedAt: sql`now()`,
          })
          .where(eq(corporateUsers.id, target.id))
          .returning();
        if (!row) throw new Error('update returned no row');
        // The new role (or none, deactivated) reaches the identity groups, durably.
        await groupSync.queue(tx, row.cognitoUserId);
        return row;
      });
      await groupSync.now(updated.cognitoUserId);
      return { data: userView(updated, member.corporateUserId) };
    },
    write,
  );

  async function liveInvite(token: string) {
    const [row] = await db
      .select({ invite: corporateInvites, companyName: companies.name })
      .from(corporateInvites)
      .innerJoin(companies, eq(companies.id, corporateInvites.companyId))
      .where(eq(corporateInvites.tokenHash, hashOf(token)))
      .limit(1);
    if (!row || row.invite.revokedAt) throw new HttpError(404, CorporateUserErrors.inviteNotFound);
    if (row.invite.acceptedAt) throw new HttpError(410, CorporateUserErrors.inviteUsed);
    if (row.invite.expiresAt <= clock()) {
      throw new HttpError(410, CorporateUserErrors.inviteExpired);
    }
    return row;
  }

  registerRoute(app, inviteViewRoute, async (request) => {
    const { token } = parseOrThrow(inviteViewRoute.params, request.params, 'invite');
    const { invite, companyName } = await liveInvite(token);
    return {
      data: {
        companyName,
        email: invite.email,
        role: invite.role as CorporateRole,
        expiresAt: invite.expiresAt.toISOString(),
      },
    };
  });

  registerRoute(
    app,
    acceptInviteRoute,
    async (request) => {
      const principal = requirePrincipal(request, { idToken: 'allowed' });
      const { token } = parseOrThrow(acceptInviteRoute.params, request.params, 'invite');
      const { invite } = await liveInvite(token);
      if (!principal.email) throw new HttpError(401, 'Sign in again to accept the invite');
      if (principal.email.toLowerCase() !== invite.email.toLowerCase()) {
        throw new HttpError(403, CorporateUserErrors.wrongEmail);
      }
      if (principal.emailVerified !== true) {
        throw new HttpError(403, CorporateUserErrors.emailNotVerified);
      }
      const row = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(corporateInvites)
          .set({ acceptedAt: clock() })
          .where(
            and(
              eq(corporateInvites.id, invite.id),
              isNull(corporateInvites.acceptedAt),
              gt(corporateInvites.expiresAt, clock()),
            ),
          )
          .returning({ id: corporateInvites.id });
        if (!used) throw new HttpError(410, CorporateUserErrors.inviteUsed);
        const [taken] = await tx
          .select({ id: corporateUsers.id })
          .from(corporateUsers)
          .where(
            sql`${corporateUsers.cognitoUserId} = ${principal.sub} or lower(${corporateUsers.email}) = lower(${invite.email})`,
          )
          .limit(1);
        if (taken) throw new HttpError(409, CorporateUserErrors.alreadyMember);
        const [created] = await tx
          .insert(corporateUsers)
          .values({
            id: `corp-${randomUUID()}`,
            cognitoUserId: principal.sub,
            email: invite.email,
            corporateUserType: invite.role,
            companyId: invite.companyId,
          })
          .returning();
        if (!created) throw new Error('insert returned no row');
        // The invitee's next token carries the corporate group (the app's guards read it).
        await groupSync.queue(tx, principal.sub);
        return created;
      });
      await groupSync.now(principal.sub);
      return { data: userView(row, row.id) };
    },
    write,
  );
}

/**
 * The candidate's own profile (issue 10; not in spec §7, which shows no write call for it):
 * - PATCH /user/{email}/profile  edit the editable fields of the caller's own record. 403 for
 *   anyone else's email (even an admin's: this is self-service), 404 when the caller has no
 *   profile yet. The app's outbox sends it with an Idempotency-Key, so a repeated delivery
 *   replays the first answer (server/http/idempotency.ts).
 * - POST /user/profile  create the record of a signed-in general user who has none (right after
 *   sign-up, /post-signup-form). It takes the ID token (the only one carrying the email) and
 *   refuses an email the identity provider has not verified (403): otherwise a new account could
 *   set its email attribute to someone else's address and take that address's profile first
 *   (issue 23). 409 when it exists, or when the email belongs to another record.
 * Both answer `{ data }` in the basic-details shape of `GET /user/basic-details`.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { API_PREFIX, EmailParams } from '../../src/domain/contract/common';
import {
  BasicDetailsAnswerSchema,
  NewProfileBody,
  ProfileChangesBody,
  ProfileErrors,
} from '../../src/domain/contract/profile';
import { CANDIDATE_DASHBOARD } from '../../src/domain/roles';
import { requirePrincipal } from '../auth/authenticate';
import { canOpenRoute } from '../auth/permissions';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { grantSignupCredits } from '../referrals/service';
import { parseOrThrow } from '../http/validation';
import type { CvSourcedField } from '../cv/store-result';
import { findGeneralUser, requireGeneralUser, type UserRecord } from './current-user';
import { profileColumns } from './profile-fields';
import { serializeBasicDetails } from './serialize-user';

const basicDetails = { description: '`{ data }`: basic details', schema: BasicDetailsAnswerSchema };

export const editProfileRoute = defineRoute({
  method: 'PATCH',
  url: `${API_PREFIX}/user/:email/profile`,
  summary: "Edit the caller's own profile (any subset of the editable fields)",
  auth: true,
  params: EmailParams,
  body: ProfileChangesBody,
  responses: {
    200: basicDetails,
    403: { description: ProfileErrors.notYours },
    404: { description: ProfileErrors.noProfile },
  },
});

export const createProfileRoute = defineRoute({
  method: 'POST',
  url: `${API_PREFIX}/user/profile`,
  summary:
    "Create the caller's candidate profile (a new sign-up; send the ID token, whose email must match)",
  auth: true,
  body: NewProfileBody,
  responses: {
    201: basicDetails,
    409: { description: 'The profile (or one with this email) exists' },
  },
});

/**
 * The CV-sourced fields left once this edit is saved (issue 22 item 5): a field the candidate
 * changes by hand is theirs from now on, and a new CV will not replace it. A form that sends an
 * unchanged value back does not take the field from the CV.
 */
function typedOver(user: UserRecord, columns: ReturnType<typeof profileColumns>): string[] {
  return user.cvSourcedFields.filter((field) => {
    const value = columns[field as CvSourcedField];
    return (
      value === undefined || JSON.stringify(value) === JSON.stringify(user[field as CvSourcedField])
    );
  });
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export function registerProfileRoutes(app: FastifyInstance, { db }: { db: Database }) {
  const writes = { config: { rateLimit: WRITE_RATE_LIMIT } };

  registerRoute(
    app,
    editProfileRoute,
    async (request) => {
      const principal = requirePrincipal(request);
      const { email } = parseOrThrow(editProfileRoute.params, request.params, 'email');
      const user = await requireGeneralUser(db, principal);
      if (user.email.toLowerCase() !== email.toLowerCase()) {
        throw new HttpError(403, ProfileErrors.notYours);
      }
      const changes = parseOrThrow(editProfileRoute.body, request.body ?? {}, 'body');
      const columns = profileColumns(changes);
      const [updated] = await db
        .update(users)
        .set({ ...columns, cvSourcedFields: typedOver(user, columns), updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new HttpError(404, ProfileErrors.noProfile);
      return { data: serializeBasicDetails(updated) };
    },
    writes,
  );

  registerRoute(
    app,
    createProfileRoute,
    async (request, reply) => {
      const principal = requirePrincipal(request, { idToken: 'allowed' });
      // spec §2/§6: /post-signup-form is for the admin and general-user roles.
      if (!canOpenRoute(principal, '/post-signup-form')) {
        throw new HttpError(403, ProfileErrors.candidatesOnly);
      }
      const body = parseOrThrow(createProfileRoute.body, request.body ?? {}, 'body');
      // The email must be proven: access tokens carry none, so this call takes the ID token
      // (verified like any other), whose email must be the one asked for. Otherwise anyone could
      // claim someone else's address before they sign up.
      if (!principal.email) {
        throw new HttpError(401, ProfileErrors.needsIdToken);
      }
      if (principal.email.toLowerCase() !== body.email.toLowerCase()) {
        throw new HttpError(403, ProfileErrors.otherEmail);
      }
      // Cognito marks an address verified once a code sent to it was entered (sign-up
      // confirmation) or when a federated provider vouches for it; changing the attribute
      // unverifies it again.
      if (!principal.emailVerified) {
        throw new HttpError(403, ProfileErrors.emailNotVerified);
      }
      const { email, ...fields } = body;
      try {
        const created = await db.transaction(async (tx) => {
          // One profile per identity: two racing creates for the same sub (no unique index on
          // cognito_sub) wait for each other here, and the second sees the first's row.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${principal.sub}))`);
          if (await findGeneralUser(tx, principal)) return null;
          const [row] = await tx
            .insert(users)
            .values({
              id: `usr-${randomUUID()}`,
              email,
              cognitoSub: principal.sub,
              userType: principal.roles.filter((r) => r === 'general-user' || r === 'admin'),
              lastAccessedDash: CANDIDATE_DASHBOARD,
              ...profileColumns(fields),
              name: fields.fullName,
            })
            .returning();
          if (!row) return null;
          // issue 16: a new candidate starts with the sign-up referral credits (a ledger grant,
          // mirrored into referral_count, the header's Referrals Left).
          await grantSignupCredits(tx, row.id);
          const [withCredits] = await tx.select().from(users).where(eq(users.id, row.id));
          return withCredits ?? row;
        });
        if (!created) throw new HttpError(409, ProfileErrors.exists);
        return reply.code(201).send({ data: serializeBasicDetails(created) });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new HttpError(409, ProfileErrors.emailTaken);
        }
        throw error;
      }
    },
    writes,
  );
}

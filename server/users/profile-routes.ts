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
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate';
import { canOpenRoute } from '../auth/permissions';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { WRITE_RATE_LIMIT } from '../http/protection';
import { parseOrThrow } from '../http/validation';
import { findGeneralUser, requireGeneralUser } from './current-user';
import { NewProfileBody, ProfileChangesBody, profileColumns } from './profile-fields';
import { serializeBasicDetails } from './serialize-user';

const EmailParams = z.object({ email: z.email().max(254) });

// The dashboard a new candidate lands on (spec §2: CAND → the candidate profile).
const CANDIDATE_DASHBOARD = 'CAND';

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export function registerProfileRoutes(
  app: FastifyInstance,
  { db, prefix }: { db: Database; prefix: string },
) {
  app.patch(
    `${prefix}/user/:email/profile`,
    { config: { rateLimit: WRITE_RATE_LIMIT } },
    async (request) => {
      const principal = requirePrincipal(request);
      const { email } = parseOrThrow(EmailParams, request.params, 'email');
      const user = await requireGeneralUser(db, principal);
      if (user.email.toLowerCase() !== email.toLowerCase()) {
        throw new HttpError(403, 'You can only edit your own profile');
      }
      const changes = parseOrThrow(ProfileChangesBody, request.body ?? {}, 'body');
      const [updated] = await db
        .update(users)
        .set({ ...profileColumns(changes), updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      if (!updated) throw new HttpError(404, 'No profile found for this account');
      return { data: serializeBasicDetails(updated) };
    },
  );

  app.post(
    `${prefix}/user/profile`,
    { config: { rateLimit: WRITE_RATE_LIMIT } },
    async (request, reply) => {
      const principal = requirePrincipal(request, { idToken: 'allowed' });
      // spec §2/§6: /post-signup-form is for the admin and general-user roles.
      if (!canOpenRoute(principal, '/post-signup-form')) {
        throw new HttpError(403, 'Only candidate accounts have a candidate profile');
      }
      const body = parseOrThrow(NewProfileBody, request.body ?? {}, 'body');
      // The email must be proven: access tokens carry none, so this call takes the ID token
      // (verified like any other), whose email must be the one asked for. Otherwise anyone could
      // claim someone else's address before they sign up.
      if (!principal.email) {
        throw new HttpError(401, 'Sign in again to create your profile (an ID token is needed)');
      }
      if (principal.email.toLowerCase() !== body.email.toLowerCase()) {
        throw new HttpError(403, 'The email is not the one you signed in with');
      }
      // Cognito marks an address verified once a code sent to it was entered (sign-up
      // confirmation) or when a federated provider vouches for it; changing the attribute
      // unverifies it again.
      if (!principal.emailVerified) {
        throw new HttpError(
          403,
          'Your email address is not verified yet. Confirm it with the code we sent, then sign in again.',
        );
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
          return row ?? null;
        });
        if (!created) throw new HttpError(409, 'Your profile already exists');
        return reply.code(201).send({ data: serializeBasicDetails(created) });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new HttpError(409, 'A profile with this email already exists');
        }
        throw error;
      }
    },
  );
}

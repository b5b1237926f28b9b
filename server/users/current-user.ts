/**
 * The product records behind a verified principal: a general user (users) and/or a corporate
 * user (corporate_users), matched by the identity's `sub`.
 */
import { eq } from 'drizzle-orm';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { corporateUsers, users } from '../db/schema';
import { HttpError } from '../http/errors';

export type UserRecord = typeof users.$inferSelect;
export type CorporateUserRecord = typeof corporateUsers.$inferSelect;

export async function findGeneralUser(
  db: Database,
  principal: Principal,
): Promise<UserRecord | undefined> {
  const [row] = await db.select().from(users).where(eq(users.cognitoSub, principal.sub)).limit(1);
  return row;
}

export async function findCorporateUser(
  db: Database,
  principal: Principal,
): Promise<CorporateUserRecord | undefined> {
  const [row] = await db
    .select()
    .from(corporateUsers)
    .where(eq(corporateUsers.cognitoUserId, principal.sub))
    .limit(1);
  return row;
}

/** The caller's general-user record, or 404 when the product has no profile for them yet. */
export async function requireGeneralUser(db: Database, principal: Principal): Promise<UserRecord> {
  const user = await findGeneralUser(db, principal);
  if (!user) throw new HttpError(404, 'No profile found for this account');
  return user;
}

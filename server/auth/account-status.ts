/**
 * The product's own word on a verified caller, read once per request by the authentication
 * layer (authenticate.ts): the identity pool does not know that the product deactivated someone
 * (spec §4: a corporate record marked deleted), so a valid token alone is not enough. One indexed
 * lookup by `sub`; the record also gives the caller's company, which scopes what a corporate
 * admin may read (users/routes.ts).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { corporateUsers } from '../db/schema';

export interface AccountStatus {
  /** spec §4: a deleted corporate record means the account is deactivated. */
  readonly deactivated: boolean;
  /** The company of the caller's corporate record (null without one, or without a company). */
  readonly companyId: string | null;
}

export async function loadAccountStatus(db: Database, sub: string): Promise<AccountStatus> {
  const [row] = await db
    .select({ isDeleted: corporateUsers.isDeleted, companyId: corporateUsers.companyId })
    .from(corporateUsers)
    .where(eq(corporateUsers.cognitoUserId, sub))
    .limit(1);
  return { deactivated: row?.isDeleted ?? false, companyId: row?.companyId ?? null };
}

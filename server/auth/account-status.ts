/**
 * The product's own word on a verified caller, read once per request by the authentication
 * layer (authenticate.ts): the identity pool does not know that the product deactivated someone
 * (spec §4: a corporate record marked deleted), so a valid token alone is not enough. One indexed
 * lookup by `sub`; the record also gives the caller's company, which scopes what a corporate
 * admin may read (users/routes.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { corporateUsers, users } from '../db/schema';

export interface AccountStatus {
  /**
   * spec §4: a deleted corporate record means the account is deactivated; so does a general
   * user's record that a site admin deactivated (issue 21 item 2).
   */
  readonly deactivated: boolean;
  /** The company of the caller's corporate record (null without one, or without a company). */
  readonly companyId: string | null;
  /** The corporate record's role (issue 20: a company admin changes it; it counts at once). */
  readonly corporateUserType: string | null;
}

function prepareLookup(db: Database) {
  // One row whatever the caller has: a corporate record, a general one, both or neither.
  return db
    .select({
      isDeleted: corporateUsers.isDeleted,
      companyId: corporateUsers.companyId,
      corporateUserType: corporateUsers.corporateUserType,
      userDeactivated: users.isDeactivated,
    })
    .from(sql`(select 1) as caller`)
    .leftJoin(corporateUsers, eq(corporateUsers.cognitoUserId, sql.placeholder('sub')))
    .leftJoin(users, eq(users.cognitoSub, sql.placeholder('sub')))
    .limit(1)
    .prepare('account_status');
}

// Every authenticated request runs this: prepared once per database, it costs about half of a
// freshly built query on the embedded database (measured with PGlite, issue 23).
const lookups = new WeakMap<Database, ReturnType<typeof prepareLookup>>();

export async function loadAccountStatus(db: Database, sub: string): Promise<AccountStatus> {
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = prepareLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ sub });
  return {
    deactivated: (row?.isDeleted ?? false) || (row?.userDeactivated ?? false),
    companyId: row?.companyId ?? null,
    corporateUserType: row?.corporateUserType ?? null,
  };
}

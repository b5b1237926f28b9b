/**
 * The callers of the corporate permission tests (spec §6): the demo company's corporate admin and
 * recruiter, a candidate, and a corporate admin of another company (made here), each with an
 * access token from the test's own key pair. `other.companyName` names that other company (a
 * seeded one with jobs, when the test reads them); any other company otherwise.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { companies, corporateUsers } from '../../../server/db/schema';
import { demoAccount } from '../../../server/identity/demo-accounts';
import type { TestAuth } from './test-auth';

export type CorporateCaller = 'candidate' | 'corpAdmin' | 'recruiter' | 'other';

export async function corporateCallers(
  db: Database,
  auth: TestAuth,
  other: { id: string; sub: string; email: string; companyName?: string },
) {
  const corpAdmin = demoAccount('corp-admin@example.com');
  const [member] = await db
    .select()
    .from(corporateUsers)
    .where(eq(corporateUsers.cognitoUserId, corpAdmin.sub));
  const [ourCompany] = await db
    .select()
    .from(companies)
    .where(eq(companies.id, member!.companyId!));
  const [otherCompany] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        sql`${companies.id} <> ${ourCompany!.id}`,
        other.companyName ? eq(companies.name, other.companyName) : undefined,
      ),
    )
    .limit(1);
  if (!otherCompany) throw new Error(`need another seeded company ${other.companyName ?? ''}`);
  await db.insert(corporateUsers).values({
    id: other.id,
    cognitoUserId: other.sub,
    email: other.email,
    corporateUserType: 'corporate-admin',
    companyId: otherCompany.id,
  });
  const token = (sub: string, group: string) => auth.accessToken({ sub, groups: [group] });
  const account = (email: string) => {
    const { sub, group } = demoAccount(email);
    return token(sub, group);
  };
  const tokens: Record<CorporateCaller, string> = {
    candidate: await account('candidate@example.com'),
    corpAdmin: await account('corp-admin@example.com'),
    recruiter: await account('recruiter@example.com'),
    other: await token(other.sub, 'corporate-admin'),
  };
  return { ourCompany: ourCompany!, otherCompanyId: otherCompany.id, tokens };
}

/**
 * Who sees a hidden salary. spec §3: `displaySalaryRange: false` means the employer does not want
 * the salary shown, so its numbers go only to the job's own company (the users who posted and
 * edit it) and to platform admins; everyone else gets `salaryRange: { min: null, max: null }`,
 * which the app shows as "Not Disclosed" (src/domain/bands/format.ts). docs/decisions.md.
 */
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import type { jobs } from '../db/schema';
import { findCorporateUser } from '../users/current-user';

type SalaryJob = Pick<typeof jobs.$inferSelect, 'companyId' | 'displaySalaryRange'>;

/** Whether `principal` (or an anonymous caller) may read this job's salary numbers. */
export async function seesSalary(
  db: Database,
  principal: Principal | undefined,
  job: SalaryJob,
): Promise<boolean> {
  if (job.displaySalaryRange) return true;
  if (!principal) return false;
  if (principal.roles.includes('admin')) return true;
  const member = await findCorporateUser(db, principal);
  return Boolean(
    member && !member.isDeleted && member.companyId && member.companyId === job.companyId,
  );
}

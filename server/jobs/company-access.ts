/**
 * Who may write a company's jobs and applications: a corporate user (corporate_users, matched by
 * the token's `sub`, not deleted) of that company, whose role has the permission (spec §6:
 * corporate and corporate admins have create_jobs and delete_jobs, recruiters create_jobs only).
 * A platform admin has the permissions but belongs to no company, so cannot post for one.
 * Every refusal is a 403 `{ errorMsg }`; a missing job is the caller's 404 to answer.
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../src/domain/roles';
import { requirePrincipal } from '../auth/authenticate';
import { can } from '../auth/permissions';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { companies, type jobs } from '../db/schema';
import type { BackgroundTasks } from '../http/background-tasks';
import { HttpError } from '../http/errors';
import type { Notifications } from '../push/notifications';
import type { PushJobs } from '../push/push-jobs';
import { findCorporateUser } from '../users/current-user';

/** What the corporate write routes (jobs, application states) are registered with. */
export interface CorporateWriteOptions {
  db: Database;
  notifications: Notifications;
  /** Where their notifications run, after the response. */
  tasks: BackgroundTasks;
  /** Their notifications as durable jobs, written in the write's own transaction (issue 25). */
  push: PushJobs;
}

export interface CompanyMember {
  principal: Principal;
  corporateUserId: string;
  company: typeof companies.$inferSelect;
}

/** The caller as a user of their company, with `permission`; 401/403 otherwise. */
export async function requireCompanyMember(
  db: Database,
  request: FastifyRequest,
  permission: Permission,
): Promise<CompanyMember> {
  const principal = requirePrincipal(request);
  if (!can(principal, permission)) {
    throw new HttpError(403, 'Your role does not allow this');
  }
  const member = await findCorporateUser(db, principal);
  if (!member || member.isDeleted || !member.companyId) {
    throw new HttpError(403, "Only a company's own users can manage its jobs");
  }
  const [company] = await db
    .select()
    .from(companies)
    .where(eq(companies.id, member.companyId))
    .limit(1);
  if (!company) throw new HttpError(403, "Only a company's own users can manage its jobs");
  return { principal, corporateUserId: member.id, company };
}

/** 403 unless the job is the member's company's. */
export function assertOwnJob(
  member: CompanyMember,
  job: Pick<typeof jobs.$inferSelect, 'companyId'>,
) {
  if (job.companyId !== member.company.id) {
    throw new HttpError(403, 'This job belongs to another company');
  }
}

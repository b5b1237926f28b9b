/**
 * The admins' jobs console (issue 21 item 1): every job across companies and external portals,
 * searched and filtered, with the system's flags and users' open reports; and the moderators'
 * actions. Each action reads the job under a row lock, changes it, closes its open reports and
 * writes the audit row (before/after status) in one transaction, so the three agree.
 *
 * What each action means (docs/decisions.md "Moderation console"):
 * - approve: listed (PUBLISHED), the bad mark and the moderator's reason cleared, its flags
 *   seen (reviewed_at); from review, a rejection, or a listed job whose reports were unfounded;
 * - reject: a job in review goes to REJECTED with the reason the company reads;
 * - markBad (spec §3 badJob): off every public list and page, whatever its status, with a reason;
 * - unpublish: a listed job goes back to a draft, with a reason;
 * - delete: DELETED (kept for candidates' history, as a company's own delete).
 * A job a moderator held back asks for review again when its company republishes it
 * (jobs/moderation.ts).
 */
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  ACTIONS_NEEDING_REASON,
  ADMIN_JOBS_PAGE_SIZE,
  AdminJobErrors,
  type AdminJob,
  type AdminJobPage,
  type AdminJobsQuery,
  type JobReportReason,
  type ModerateJobInput,
} from '../../src/domain/contract/admin-jobs';
import { DELETED, PENDING_REVIEW, REJECTED } from '../../src/domain/contract/corporate-jobs';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Principal } from '../auth/verify-token';
import type { Database } from '../db/client';
import { jobReports, jobs } from '../db/schema';
import { HttpError } from '../http/errors';
import { jobsWritten } from '../jobs/kept-job-reads';
import type { PushJobs } from '../push/push-jobs';
import { recordAudit } from './audit';
import { flagJobs } from './flags';
import { scanFlags, type FlagScan } from './jobs-flags';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type JobRow = typeof jobs.$inferSelect;

/** The notes shown per job in the queue: the newest few are enough to judge. */
const NOTES_SHOWN = 3;

const columns = {
  id: jobs.id,
  jobTitle: jobs.jobTitle,
  jobDescription: jobs.jobDescription,
  companyId: jobs.companyId,
  companyName: jobs.companyName,
  city: jobs.city,
  status: jobs.status,
  badJob: jobs.badJob,
  moderationReason: jobs.moderationReason,
  isExternal: jobs.isExternal,
  jobUrl: jobs.jobUrl,
  salaryMin: jobs.salaryMin,
  salaryMax: jobs.salaryMax,
  createdAt: jobs.createdAt,
};
type ListedRow = Pick<JobRow, keyof typeof columns>;

const hasOpenReport = (db: Database) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(jobReports)
      .where(and(eq(jobReports.jobId, jobs.id), isNull(jobReports.resolvedAt))),
  );

/** `%words%` for ILIKE, with the pattern characters of the words taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtersOf(db: Database, query: AdminJobsQuery, scan: FlagScan): SQL[] {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    where.push(or(ilike(jobs.jobTitle, pattern), ilike(jobs.companyName, pattern))!);
  }
  if (query.status === 'bad') where.push(eq(jobs.badJob, true));
  else if (query.status) where.push(eq(jobs.status, query.status));
  if (query.companyId) where.push(eq(jobs.companyId, query.companyId));
  if (query.source) where.push(eq(jobs.isExternal, query.source === 'external'));
  switch (query.queue) {
    case 'pending':
      where.push(eq(jobs.status, PENDING_REVIEW));
      break;
    case 'reported':
      where.push(hasOpenReport(db), ne(jobs.status, DELETED));
      break;
    case 'flagged':
      where.push(scan.needsReview.length ? inArray(jobs.id, [...scan.needsReview]) : sql`false`);
      break;
    default:
  }
  return where;
}

async function queueCounts(db: Database, scan: FlagScan) {
  const [[pending], [reported]] = await Promise.all([
    db.select({ n: count() }).from(jobs).where(eq(jobs.status, PENDING_REVIEW)),
    db
      .select({ n: countDistinct(jobReports.jobId) })
      .from(jobReports)
      .innerJoin(jobs, eq(jobs.id, jobReports.jobId))
      .where(and(isNull(jobReports.resolvedAt), ne(jobs.status, DELETED))),
  ]);
  return { pending: pending?.n ?? 0, reported: reported?.n ?? 0, flagged: scan.needsReview.length };
}

/** Open reports of these jobs: counts by reason and the newest notes. */
async function openReports(db: Database, ids: string[]) {
  const byJob = new Map<string, AdminJob['reports']>();
  if (ids.length === 0) return byJob;
  const rows = await db
    .select({ jobId: jobReports.jobId, reason: jobReports.reason, note: jobReports.note })
    .from(jobReports)
    .where(and(inArray(jobReports.jobId, ids), isNull(jobReports.resolvedAt)))
    .orderBy(desc(jobReports.id));
  for (const row of rows) {
    const reports = byJob.get(row.jobId) ?? { open: 0, byReason: {}, notes: [] };
    const reason = row.reason as JobReportReason;
    reports.open += 1;
    reports.byReason[reason] = (reports.byReason[reason] ?? 0) + 1;
    if (row.note && reports.notes.length < NOTES_SHOWN) reports.notes.push(row.note);
    byJob.set(row.jobId, reports);
  }
  return byJob;
}

function toAdminJob(
  row: ListedRow,
  scan: FlagScan,
  reports: AdminJob['reports'] | undefined,
): AdminJob {
  // A job that is not live is not compared with others: its own text and salary are judged.
  const flagged = scan.byJob.get(row.id) ?? flagJobs([row]).get(row.id);
  return {
    id: row.id,
    jobTitle: row.jobTitle,
    companyId: row.companyId,
    companyName: row.companyName,
    city: row.city,
    status: row.status,
    badJob: row.badJob,
    moderationReason: row.moderationReason,
    isExternal: row.isExternal,
    jobUrl: row.jobUrl,
    salaryRange: { min: row.salaryMin, max: row.salaryMax },
    createdAt: row.createdAt.toISOString(),
    flags: flagged?.flags ?? [],
    duplicateOf: flagged?.duplicateOf ?? null,
    reports: reports ?? { open: 0, byReason: {}, notes: [] },
  };
}

export async function listAdminJobs(db: Database, query: AdminJobsQuery): Promise<AdminJobPage> {
  const scan = await scanFlags(db);
  const where = filtersOf(db, query, scan);
  const condition = where.length ? and(...where) : undefined;
  // A queue is worked oldest first (who waited longest); the whole list reads newest first.
  const order = query.queue
    ? [asc(jobs.createdAt), asc(jobs.id)]
    : [desc(jobs.createdAt), desc(jobs.id)];
  const [rows, [total], queues] = await Promise.all([
    db
      .select(columns)
      .from(jobs)
      .where(condition)
      .orderBy(...order)
      .limit(ADMIN_JOBS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_JOBS_PAGE_SIZE),
    db.select({ n: count() }).from(jobs).where(condition),
    queueCounts(db, scan),
  ]);
  const reports = await openReports(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toAdminJob(row, scan, reports.get(row.id))),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_JOBS_PAGE_SIZE,
    queues,
  };
}

async function adminJob(db: Database, id: string): Promise<AdminJob> {
  const [row] = await db.select(columns).from(jobs).where(eq(jobs.id, id));
  if (!row) throw new HttpError(404, AdminJobErrors.notFound);
  const [scan, reports] = await Promise.all([scanFlags(db), openReports(db, [id])]);
  return toAdminJob(row, scan, reports.get(id));
}

/** The change an action makes, or the refusal; `current` is the row under lock. */
function changeFor(
  current: JobRow,
  input: ModerateJobInput,
  reason: string | null,
): PgUpdateSetSource<typeof jobs> {
  switch (input.action) {
    case 'approve':
      if (![PENDING_REVIEW, REJECTED, 'PUBLISHED'].includes(current.status)) {
        throw new HttpError(409, AdminJobErrors.cannotApprove);
      }
      return { status: 'PUBLISHED', badJob: false, moderationReason: null, reviewedAt: sql`now()` };
    case 'reject':
      if (current.status !== PENDING_REVIEW) throw new HttpError(409, AdminJobErrors.notInReview);
      return { status: REJECTED, moderationReason: reason };
    case 'markBad':
      return { badJob: true, moderationReason: reason };
    case 'unpublish':
      if (current.status !== 'PUBLISHED') throw new HttpError(409, AdminJobErrors.notListed);
      return { status: 'DRAFT', moderationReason: reason };
  }
}

const stateOf = (row: JobRow) => ({ status: row.status, badJob: row.badJob });

async function lockJob(tx: Tx, id: string): Promise<JobRow> {
  const [current] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
  if (!current) throw new HttpError(404, AdminJobErrors.notFound);
  if (current.status === DELETED) throw new HttpError(409, AdminJobErrors.deleted);
  return current;
}

/** A moderator acted on the job: its open reports are answered. */
async function resolveReports(tx: Tx, id: string) {
  await tx
    .update(jobReports)
    .set({ resolvedAt: sql`now()` })
    .where(and(eq(jobReports.jobId, id), isNull(jobReports.resolvedAt)));
}

export interface ModerationDeps {
  readonly db: Database;
  readonly push: PushJobs;
}

/**
 * One moderator's change to a job, in one transaction with its consequences: the job's open
 * reports are closed, savers hear of it (push.jobChanged) and the audit log keeps it.
 */
async function changeJob(
  { db, push }: ModerationDeps,
  principal: Principal,
  id: string,
  change: {
    action: string;
    reason: string | null;
    set: (current: JobRow) => PgUpdateSetSource<typeof jobs>;
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockJob(tx, id);
    const [updated] = await tx
      .update(jobs)
      .set({ ...change.set(current), updatedAt: sql`now()` })
      .where(eq(jobs.id, id))
      .returning();
    if (!updated) throw new Error('update returned no row');
    await resolveReports(tx, id);
    // Savers hear of a job taken down; approving into the listing starts the match digest.
    await push.jobChanged(tx, current, updated);
    await recordAudit(tx, {
      actorId: principal.sub,
      actorRole: 'admin',
      action: `job.${change.action}`,
      subjectType: 'job',
      subjectId: id,
      before: stateOf(current),
      after: stateOf(updated),
      reason: change.reason,
    });
  });
  jobsWritten(db);
}

export async function moderateJob(
  deps: ModerationDeps,
  principal: Principal,
  id: string,
  input: ModerateJobInput,
): Promise<AdminJob> {
  const reason = input.reason?.trim() || null;
  if (ACTIONS_NEEDING_REASON.includes(input.action) && !reason) {
    throw new HttpError(400, AdminJobErrors.reasonRequired);
  }
  await changeJob(deps, principal, id, {
    action: input.action,
    reason,
    set: (current) => changeFor(current, input, reason),
  });
  return adminJob(deps.db, id);
}

export function deleteJobAsAdmin(
  deps: ModerationDeps,
  principal: Principal,
  id: string,
  reason: string | null,
): Promise<void> {
  return changeJob(deps, principal, id, {
    action: 'delete',
    reason,
    set: () => ({ status: DELETED }),
  });
}

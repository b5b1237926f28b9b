/**
 * "Report this job" (issue 21 item 1): a signed-in job seeker tells the moderators that a listed
 * job looks like a scam, misleads, repeats another post or has expired. One report per user and
 * job: a second one (another device, or the outbox's replay after the idempotency window) answers
 * with the first, which stands. The report waits in the moderators' queue until they act on the
 * job (server/admin/jobs.ts closes it then).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { JobReportAnswer, ReportJobInput } from '../../src/domain/contract/admin-jobs';
import { ReportErrors } from '../../src/domain/contract/admin-jobs';
import type { Database } from '../db/client';
import { jobReports, jobs } from '../db/schema';
import { HttpError } from '../http/errors';

/** What a candidate can see, and so report: listed, or closed after being listed. */
const REPORTABLE = ['PUBLISHED', 'CLOSED'];

export async function reportJob(
  db: Database,
  reporterId: string,
  jobId: string,
  input: ReportJobInput,
): Promise<{ created: boolean; answer: JobReportAnswer }> {
  const [job] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, REPORTABLE), eq(jobs.badJob, false)));
  if (!job) throw new HttpError(404, ReportErrors.notFound);
  const note = input.note?.trim() || null;
  const [inserted] = await db
    .insert(jobReports)
    .values({ jobId, reporterId, reason: input.reason, note })
    .onConflictDoNothing({ target: [jobReports.jobId, jobReports.reporterId] })
    .returning();
  const report =
    inserted ??
    (
      await db
        .select()
        .from(jobReports)
        .where(and(eq(jobReports.jobId, jobId), eq(jobReports.reporterId, reporterId)))
    )[0];
  if (!report) throw new Error('the report vanished between insert and read');
  return {
    created: inserted !== undefined,
    answer: {
      data: {
        jobId,
        reason: report.reason as ReportJobInput['reason'],
        createdAt: report.createdAt.toISOString(),
        alreadyReported: inserted === undefined,
      },
    },
  };
}

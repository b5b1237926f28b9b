/**
 * A company's own jobs as its users see them (issue 20 item 1; src/domain/contract/
 * corporate-jobs.ts): every status but deleted, hidden salaries included, each with its
 * applicants counted by application state. view_jobs, and only the company's own users
 * (company-access.ts): a candidate, an admin of the platform or another company's user gets 403.
 */
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
} from '../../src/domain/contract/applications';
import { JOBS_API_PREFIX } from '../../src/domain/contract/common';
import {
  CorporateJobDetailSchema,
  CorporateJobErrors,
  CorporateJobPageSchema,
  CorporateJobsQuerySchema,
  DELETED,
  type ApplicantCounts,
} from '../../src/domain/contract/corporate-jobs';
import { JobIdParams } from '../../src/domain/contract/jobs';
import type { Database } from '../db/client';
import { jobApplications, jobs } from '../db/schema';
import { defineRoute, registerRoute } from '../http/api-route';
import { HttpError } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import { assertOwnJob, requireCompanyMember } from './company-access';
import { jobListColumns } from './search-jobs';
import { serializeJob } from './serialize-job';

const companyOnly = {
  description:
    "The role lacks view_jobs, or the caller is no company's user, or another company's job",
};

export const corporateJobsRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/corporate/job/`,
  summary: "The caller's company's jobs, every status, with applicant counts (newest first)",
  auth: true,
  query: CorporateJobsQuerySchema,
  responses: {
    200: { description: '`{ data: CorporateJob[], pagination }`', schema: CorporateJobPageSchema },
    403: companyOnly,
  },
});

export const corporateJobRoute = defineRoute({
  method: 'GET',
  url: `${JOBS_API_PREFIX}/corporate/job/:id`,
  summary: "One of the caller's company's jobs, whatever its status",
  auth: true,
  params: JobIdParams,
  responses: {
    200: { description: '`{ data: CorporateJob }`', schema: CorporateJobDetailSchema },
    403: companyOnly,
    404: { description: CorporateJobErrors.notFound },
  },
});

export const CORPORATE_JOB_ROUTES = [corporateJobsRoute, corporateJobRoute];

function emptyCounts(): ApplicantCounts {
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<
    ApplicationStatus,
    number
  >;
  return { total: 0, byStatus };
}

async function applicantCounts(db: Database, jobIds: string[]) {
  const counts = new Map<string, ApplicantCounts>();
  for (const id of jobIds) counts.set(id, emptyCounts());
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select({ jobId: jobApplications.jobId, status: jobApplications.status, n: count() })
    .from(jobApplications)
    .where(inArray(jobApplications.jobId, jobIds))
    .groupBy(jobApplications.jobId, jobApplications.status);
  for (const row of rows) {
    const entry = counts.get(row.jobId);
    if (!entry) continue;
    entry.total += row.n;
    if ((APPLICATION_STATUSES as readonly string[]).includes(row.status)) {
      entry.byStatus[row.status as ApplicationStatus] += row.n;
    }
  }
  return counts;
}

/** Postgres' text of a timestamptz, as the previous page gave it (microseconds kept). */
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** `lastKey`: the last job's `created_at::text|id`, the keyset of the next page. */
function parseLastKey(lastKey: string | undefined): { c: string; id: string } | null {
  if (!lastKey) return null;
  const bar = lastKey.lastIndexOf('|');
  const c = lastKey.slice(0, bar);
  if (bar < 1 || !TIMESTAMP_TEXT.test(c)) {
    throw new HttpError(400, 'lastKey is not a key this list gave');
  }
  return { c, id: lastKey.slice(bar + 1) };
}

export function registerCorporateJobRoutes(app: FastifyInstance, { db }: { db: Database }) {
  registerRoute(app, corporateJobsRoute, async (request) => {
    const member = await requireCompanyMember(db, request, 'view_jobs');
    const query = parseOrThrow(corporateJobsRoute.query, request.query, 'query');
    const after = parseLastKey(query.lastKey);
    const rows = await db
      .select({ ...jobListColumns, createdAtText: sql<string>`${jobs.createdAt}::text` })
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, member.company.id),
          eq(jobs.isExternal, false),
          ne(jobs.status, DELETED),
          after
            ? sql`(${jobs.createdAt}, ${jobs.id}) < (${after.c}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(query.pageSize + 1);
    const page = rows.slice(0, query.pageSize);
    const counts = await applicantCounts(
      db,
      page.map((job) => job.id),
    );
    const { company } = member;
    const brief = { logo: company.logo, logoUrl: company.logoUrl };
    const last = page.at(-1);
    return {
      data: page.map(({ createdAtText: _c, ...job }) => ({
        ...serializeJob(job, brief, { showHiddenSalary: true }),
        // Why a moderator held it back (issue 21 item 1): the company's own eyes only.
        moderationReason: job.moderationReason,
        applicants: counts.get(job.id) ?? emptyCounts(),
      })),
      pagination: {
        lastKey: rows.length > query.pageSize && last ? `${last.createdAtText}|${last.id}` : null,
      },
    };
  });

  registerRoute(app, corporateJobRoute, async (request) => {
    const member = await requireCompanyMember(db, request, 'view_jobs');
    const { id } = parseOrThrow(corporateJobRoute.params, request.params, 'job id');
    const [job] = await db.select(jobListColumns).from(jobs).where(eq(jobs.id, id)).limit(1);
    if (!job || job.status === DELETED) throw new HttpError(404, CorporateJobErrors.notFound);
    assertOwnJob(member, job);
    const counts = await applicantCounts(db, [id]);
    const { company } = member;
    return {
      data: {
        ...serializeJob(
          job,
          { logo: company.logo, logoUrl: company.logoUrl },
          {
            showHiddenSalary: true,
          },
        ),
        moderationReason: job.moderationReason,
        applicants: counts.get(id) ?? emptyCounts(),
      },
    };
  });
}

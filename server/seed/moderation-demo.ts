/**
 * The moderation queue alive on a fresh start (issue 21 item 1): a post without a salary and a
 * post asking candidates for a registration fee, both waiting for review, and two candidates'
 * reports on one listed job. New rows only (their own ids, reports on a job no other demo
 * touches), inserted once: a database seeded earlier gets them on its next start.
 */
import { and, desc, eq, like } from 'drizzle-orm';
import { PENDING_REVIEW } from '../../src/domain/contract/corporate-jobs';
import type { Database } from '../db/client';
import { companies, jobReports, jobs } from '../db/schema';
import { demoAccount } from '../identity/demo-accounts';

const NO_SALARY_ID = 'job-moderation-no-salary';
const FEE_ID = 'job-moderation-fee';

export async function seedModerationDemo(db: Database): Promise<void> {
  const [company] = await db.select().from(companies).orderBy(companies.id).limit(1);
  if (!company) return;
  const base = {
    companyId: company.id,
    companyName: company.name,
    industry: company.industry,
    teamSize: company.teamSize,
    department: 'Sales',
    city: 'Lucknow',
    fullLocation: ['Lucknow', 'Uttar Pradesh', 'India'],
    typeOfEmployment: 'Full-time',
    workMode: 'Onsite',
    status: PENDING_REVIEW,
    coreSkills: ['Field Sales', 'Negotiation'],
  };
  await db
    .insert(jobs)
    .values([
      {
        ...base,
        id: NO_SALARY_ID,
        jobTitle: 'Field Sales Executive',
        jobDescription:
          '<p>Meet retailers across Lucknow, take orders and grow the territory. Salary as per industry standards.</p>',
      },
      {
        ...base,
        id: FEE_ID,
        jobTitle: 'Data Entry Operator (Work From Home)',
        department: 'Operations',
        salaryMin: 2,
        salaryMax: 4,
        jobDescription:
          '<p>Simple typing work from home, daily payout. A registration fee of Rs. 1,500 is payable before the interview; send the amount on WhatsApp to confirm your slot.</p>',
      },
    ])
    .onConflictDoNothing();
  // The last generated listed company post (generated ids are job-000001…; posts made in the
  // app are job-<uuid> and must not move the reports): far from the jobs other demos use.
  const [reported] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        like(jobs.id, 'job-0%'),
        eq(jobs.status, 'PUBLISHED'),
        eq(jobs.isExternal, false),
        eq(jobs.badJob, false),
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  if (!reported) return;
  await db
    .insert(jobReports)
    .values([
      {
        jobId: reported.id,
        reporterId: demoAccount('candidate@example.com').sub,
        reason: 'scam',
        note: 'The recruiter asked me to pay for a laptop before joining.',
      },
      {
        jobId: reported.id,
        reporterId: demoAccount('newcandidate@example.com').sub,
        reason: 'misleading',
      },
    ])
    .onConflictDoNothing();
}

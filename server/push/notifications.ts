/**
 * What is worth a notification (issue 8), and to whom:
 * - a saved job changed: closed or unpublished, its salary or its description updated → every
 *   user who saved it;
 * - an application changed state (e.g. APPLIED → SHORTLISTED) → the applicant;
 * - a job was published → candidates it matches (score ≥ 75), at most one a day (match-digest.ts).
 * Callers pass the job row before and after their update; nothing is sent when nothing that
 * matters changed. The corporate writes call these (jobs/manage-routes.ts,
 * applications/status-route.ts), after their response, through app.backgroundTasks.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { companies, savedJobs, users, type jobs } from '../db/schema';
import { sendMatchDigests } from './match-digest';
import type { PushMessage, PushSender } from './push-sender';

type JobRow = typeof jobs.$inferSelect;

export type JobChange = 'closed' | 'unpublished' | 'salary' | 'description';

/** The changes a saved job's followers care about, most important first. */
export function jobChangesOf(before: JobRow, after: JobRow): JobChange[] {
  const changes: JobChange[] = [];
  if (before.status !== after.status) {
    if (after.status === 'CLOSED') changes.push('closed');
    else if (after.status !== 'PUBLISHED') changes.push('unpublished');
  }
  if (before.salaryMin !== after.salaryMin || before.salaryMax !== after.salaryMax) {
    changes.push('salary');
  }
  if (before.jobDescription !== after.jobDescription) changes.push('description');
  return changes;
}

/** The in-app path of a job (the app's rule: spaces in the company name become underscores). */
export function jobPath(job: { id: string; companyName: string }): string {
  const company = job.companyName.trim().replace(/\s+/g, '_');
  return `/jobs/${encodeURIComponent(company)}/${encodeURIComponent(job.id)}`;
}

const CHANGE_TEXT: Record<JobChange, { title: string; body: (job: string) => string }> = {
  closed: { title: 'A saved job has closed', body: (job) => `${job} is no longer open.` },
  unpublished: {
    title: 'A saved job was taken down',
    body: (job) => `${job} is no longer listed.`,
  },
  salary: { title: 'Salary updated', body: (job) => `${job} has a new salary range.` },
  description: {
    title: 'Job description updated',
    body: (job) => `${job} has an updated description.`,
  },
};

async function logoOf(db: Database, job: JobRow): Promise<string | null> {
  if (job.companyLogoUrl) return job.companyLogoUrl;
  if (!job.companyId) return null;
  const [company] = await db
    .select({ logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, job.companyId))
    .limit(1);
  return company?.logoUrl ?? null;
}

export function createNotifications(db: Database, sender: PushSender) {
  return {
    /** Returns how many devices were reached. */
    async savedJobChanged(before: JobRow, after: JobRow): Promise<number> {
      const [change] = jobChangesOf(before, after);
      return change ? this.savedJobChangedAs(after, change) : 0;
    },

    /** Tells `job`'s followers about `change` (the push job carries the change, not the rows). */
    async savedJobChangedAs(after: JobRow, change: JobChange): Promise<number> {
      const followers = await db
        .select({ userId: savedJobs.userId })
        .from(savedJobs)
        .where(eq(savedJobs.jobId, after.id));
      if (followers.length === 0) return 0;
      const text = CHANGE_TEXT[change];
      const message: PushMessage = {
        title: text.title,
        body: text.body(`${after.jobTitle} at ${after.companyName}`),
        url: jobPath(after),
        jobId: after.id,
        icon: await logoOf(db, after),
        tag: `job-${after.id}`,
      };
      return sender.sendToUsers(
        followers.map((f) => f.userId),
        message,
      );
    },

    /** A job became PUBLISHED: the daily digest to candidates it matches. Devices reached. */
    async jobPublished(job: JobRow): Promise<number> {
      return sendMatchDigests(db, sender, job, { url: jobPath(job), icon: await logoOf(db, job) });
    },

    /** An application's state changed; `userEmail` is the applicant (applications' key). */
    async applicationStateChanged(application: {
      job: JobRow;
      userEmail: string;
      status: string;
    }): Promise<number> {
      const [user] = await db
        .select({ id: users.id, sub: users.cognitoSub })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${application.userEmail})`)
        .limit(1);
      if (!user) return 0;
      const { job } = application;
      const state = application.status.toLowerCase().replace(/_/g, ' ');
      return sender.sendToUsers([user.sub ?? user.id], {
        title: 'Application update',
        body: `Your application for ${job.jobTitle} at ${job.companyName} is now ${state}.`,
        url: jobPath(job),
        jobId: job.id,
        icon: await logoOf(db, job),
        tag: `application-${job.id}`,
      });
    },

    /** A message another feature wrote (referrals: server/referrals/notify.ts) to these
     * users (identity subs). Devices reached. */
    async toUsers(userIds: readonly string[], message: PushMessage): Promise<number> {
      return sender.sendToUsers(userIds, message);
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;

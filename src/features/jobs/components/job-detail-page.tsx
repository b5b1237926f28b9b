import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { formatExperienceRange, formatSalaryRange } from '@/domain/bands';
import { ApiError, useConnectivity } from '@/lib/api';
import type { CachedJob } from '@/lib/db';
import { useDeviceQuery } from '@/lib/db/device';
import { useDeferredRender } from '@/lib/first-screen-shown';
import { LinkButton } from '@/lib/ui/link-button';
import { jobQueries } from '../api/job-queries';
import { postedText } from '@/domain/posted-text';
import classes from './job-detail.module.css';
import { jobLogo } from '@/domain/job-logo';
import { JobDescription } from './job-description';
import { ReportJob } from './report-job';

export type DetailJob = CachedJob | NonNullable<ReturnType<typeof useJobDetail>['data']>;

function useJobDetail(jobId: string) {
  return useQuery(jobQueries.detail(jobId));
}

export interface JobDetailPageProps {
  readonly jobId: string;
  /** The match gauge (spec §9), from the route that composes the page. */
  readonly match?: (job: DetailJob) => ReactNode;
  /** Apply, save and share (spec §2), from the route: the jobs feature imports none of them. */
  readonly actions?: (job: DetailJob) => ReactNode;
}

/** A load failure in words: the job is gone (404), or spec §8's "Something went wrong". */
function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) {
    return 'This job is no longer available. It may have been filled or taken down.';
  }
  return 'Something went wrong. Please try again in a moment.';
}

/** A job that was never opened on this device, asked for offline. */
function OfflineJobPage() {
  return (
    <section className={classes.page} aria-labelledby="offline-job-title">
      <h1 id="offline-job-title" className={classes.title}>
        You&apos;re offline
      </h1>
      <p className={classes.offlineText}>
        This job is not saved on this device yet, so it cannot open without a connection. It will
        open when you are back online.
      </p>
      <p className={classes.offlineText}>Meanwhile, the jobs you have browsed are still here.</p>
      <div className={classes.offlineActions}>
        <LinkButton to="/jobs">See jobs on this device</LinkButton>
        <LinkButton to="/saved-jobs" variant="outline">
          Saved jobs
        </LinkButton>
      </div>
    </section>
  );
}

/**
 * spec §2 "Job detail screen": the cached row shows at once (any job seen in a list opens
 * offline), the server's copy replaces it when it arrives. "Error loading job" (spec §8) only
 * when neither is there.
 */
export function JobDetailPage({ jobId, match, actions }: JobDetailPageProps) {
  const query = useJobDetail(jobId);
  // null once the device has answered without the job (undefined while it is being read); a
  // device that never saved anything answers null without loading the database (issue 24).
  const cached = useDeviceQuery(
    async (db) => (await db.getCachedJob(jobId)) ?? null,
    [jobId],
    null,
  );
  const connectivity = useConnectivity();
  const fresh = query.data ?? cached;
  // The job renders in a deferred pass, in slices (issue 24: its answer is a store update, which
  // React renders at once, description sanitizing included: a long task on a slow phone). The
  // synchronous pass keeps what was shown; another job's page is never what is kept.
  const deferred = useDeferredValue(fresh);
  const job = !deferred || deferred.id === fresh?.id ? deferred : fresh;
  useDeferredRender(job !== fresh);
  if (!job) {
    // Offline with nothing on this device: say so in plain words and lead back to what is here,
    // instead of "HTTP error! status: 0" (issue 26 item 4). Not while the cache is still being
    // read (`cached` undefined): a saved job opens offline.
    const offline =
      !fresh &&
      cached === null &&
      (connectivity === 'offline' || (query.error instanceof ApiError && query.error.network));
    if (offline) return <OfflineJobPage />;
    const failed = query.isError && !fresh;
    return (
      // While the job loads the section is a screen tall (global.css), so the footer does not
      // show and then jump away when the job arrives (Lighthouse CLS 0.19, issue 24).
      <section className={failed ? classes.page : `${classes.page} fills-screen`}>
        <h1 className={classes.title}>Job details</h1>
        {failed ? (
          <div role="alert" className={classes.error}>
            {/* spec §8 "Error loading job" with a message a user can read. */}
            <h2>Error loading job</h2>
            <p>{loadErrorText(query.error)}</p>
          </div>
        ) : (
          <p aria-busy="true">Loading the job…</p>
        )}
      </section>
    );
  }
  const logo = jobLogo(job as Parameters<typeof jobLogo>[0]);
  const skills = [...(job.coreSkills ?? []), ...(job.technicalSkills ?? [])];
  return (
    <article className={classes.page}>
      <header className={classes.header}>
        {logo && <img className={classes.logo} src={logo} alt="" width={56} height={56} />}
        <div>
          <h1 className={classes.title}>{job.jobTitle}</h1>
          <p className={classes.company}>{job.companyName}</p>
        </div>
      </header>
      <dl className={classes.facts}>
        <dt>Location</dt>
        <dd>{job.location?.fullLocation?.join(', ') || job.location?.city || 'Not specified'}</dd>
        <dt>Salary</dt>
        <dd>{formatSalaryRange(job.salaryRange, job.displaySalaryRange !== false)}</dd>
        <dt>Experience</dt>
        <dd>{formatExperienceRange(job.experienceRange)}</dd>
        {job.workMode && (
          <>
            <dt>Work mode</dt>
            <dd>{job.workMode}</dd>
          </>
        )}
        {job.typeofEmployment && (
          <>
            <dt>Job type</dt>
            <dd>{job.typeofEmployment}</dd>
          </>
        )}
      </dl>
      {match?.(job)}
      <p className={classes.posted}>
        {postedText((job.jobPostedDate as string | null | undefined) ?? job.createdAt)}
        {job.isExternal && ' · from another job portal'}
      </p>
      {actions && (
        // Issue 26 item 7: Apply first and full width on a phone, Save and Share sharing the
        // row below (Apply was a small button above two full-width ones).
        <div className={classes.actions}>{actions(job)}</div>
      )}
      {skills.length > 0 && (
        <section>
          <h2 className={classes.subtitle}>Skills</h2>
          <ul className={classes.skills}>
            {skills.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        </section>
      )}
      {(job.softSkills ?? []).length > 0 && (
        <section>
          <h2 className={classes.subtitle}>Soft skills</h2>
          <ul className={classes.skills}>
            {job.softSkills?.map((skill) => (
              <li key={skill}>{skill}</li>
            ))}
          </ul>
        </section>
      )}
      <JobDescription html={job.jobDescription as string | null | undefined} />
      {/* Issue 21 item 1: after the description, where a reader decides it looks wrong. */}
      <ReportJob job={job} />
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatExperienceRange, formatSalaryRange } from '@/domain/bands';
import { getCachedJob, useDbQuery, type CachedJob } from '@/lib/db';
import { jobQueries } from '../api/job-queries';
import { postedText } from '../format';
import classes from './job-detail.module.css';
import { jobLogo } from './job-card';
import { JobDescription } from './job-description';

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

/**
 * spec §2 "Job detail screen": the cached row shows at once (any job seen in a list opens
 * offline), the server's copy replaces it when it arrives. "Error loading job" (spec §8) only
 * when neither is there.
 */
export function JobDetailPage({ jobId, match, actions }: JobDetailPageProps) {
  const query = useJobDetail(jobId);
  const cached = useDbQuery(() => getCachedJob(jobId), [jobId]);
  const job = query.data ?? cached;
  if (!job) {
    return (
      <section className={classes.page}>
        <h1 className={classes.title}>Job details</h1>
        {query.isError ? (
          <div role="alert" className={classes.error}>
            <h2>Error loading job</h2>
            <p>{query.error instanceof Error ? query.error.message : 'Something went wrong'}</p>
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
      {actions?.(job)}
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
    </article>
  );
}

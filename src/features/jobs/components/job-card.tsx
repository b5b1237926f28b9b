import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { formatExperienceRange, formatSalaryRange } from '@/domain/bands';
import type { JobRecord } from '@/lib/db';
import { MatchBadge } from '@/features/match';
import { SaveJobButton } from '@/features/saved-jobs';
import { companySlug } from '@/domain/company-slug';
import { jobLogo, type LogoSource } from '@/domain/job-logo';
import { postedText } from '@/domain/posted-text';
import classes from './job-card.module.css';

/**
 * A job in the listing (spec §2 job mode, display rules of spec §5). Memoised: the listing renders
 * again with the rows it shows while the next ones render in a deferred pass.
 */
export const JobCard = memo(function JobCard({ job }: { job: JobRecord & LogoSource }) {
  const logo = jobLogo(job);
  const displaySalary = job.displaySalaryRange !== false;
  return (
    <article className={classes.card} data-testid="job-card">
      <div className={classes.head}>
        {logo ? (
          <img className={classes.logo} src={logo} alt="" width={44} height={44} loading="lazy" />
        ) : (
          <span className={classes.logo} aria-hidden="true">
            {job.companyName.charAt(0).toUpperCase()}
          </span>
        )}
        <div className={classes.titles}>
          <h2 className={classes.title}>
            <Link
              to="/jobs/$companyName/$jobId"
              params={{ companyName: companySlug(job.companyName), jobId: job.id }}
            >
              {job.jobTitle}
            </Link>
          </h2>
          <p className={classes.company}>
            {job.companyName}
            {/* Issue 26 item 7: on the company line, not beside the title (it overlapped the
                title at 390 px). The space keeps "External" a word of its own in the text. */}
            {job.isExternal && (
              <>
                {' '}
                <span className={classes.badge}>External</span>
              </>
            )}
          </p>
        </div>
      </div>
      <ul className={classes.facts}>
        {job.location?.city && <li>{job.location.city}</li>}
        <li>{formatSalaryRange(job.salaryRange, displaySalary)}</li>
        <li>{formatExperienceRange(job.experienceRange)}</li>
        {job.workMode && <li>{job.workMode}</li>}
      </ul>
      <MatchBadge jobId={job.id} />
      {/* Save sits in the card's last row, so the title and company get the head's whole width
          (they were squeezed into about 110 px beside the badge and the button). */}
      <div className={classes.foot}>
        <p className={classes.posted}>
          {postedText((job.jobPostedDate as string | null) ?? job.createdAt)}
        </p>{' '}
        <SaveJobButton job={job} />
      </div>
    </article>
  );
});

export function JobCardSkeleton() {
  return (
    <div
      className={`${classes.card} ${classes.skeleton}`}
      aria-hidden="true"
      data-testid="job-card-skeleton"
    >
      <div className={classes.bar} style={{ width: '60%' }} />
      <div className={classes.bar} style={{ width: '40%' }} />
      <div className={classes.bar} style={{ width: '80%' }} />
    </div>
  );
}

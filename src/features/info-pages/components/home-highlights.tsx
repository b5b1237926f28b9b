/**
 * The home page's live part (issue 26 item 10): the newest jobs and the companies hiring most,
 * with their logos, instead of a search box alone. Loaded after the page has painted (its own
 * chunk) and fetched directly: no query cache or local database on the first load of `/`
 * (120 KB budget). Offline or on an error the section stays out of the way: the rest of the
 * page works without it.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { TopCompaniesSchema, type TopCompany } from '@/domain/contract/companies';
import { JobPageSchema, type Job } from '@/domain/contract/jobs';
import { companySlug } from '@/domain/company-slug';
import { api } from '@/lib/api';
import classes from './home-highlights.module.css';

const FEATURED_JOBS = 4;
const TOP_COMPANIES = 6;

interface Highlights {
  jobs: Job[];
  companies: TopCompany[];
}

function useHighlights(): Highlights | null {
  const [data, setData] = useState<Highlights | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    void Promise.all([
      api.get('/job/', {
        base: 'jobs',
        schema: JobPageSchema,
        query: { pageSize: FEATURED_JOBS, includeCompanyDetails: true },
        signal,
      }),
      api.get('/companies/top', {
        schema: TopCompaniesSchema,
        query: { limit: TOP_COMPANIES },
        signal,
      }),
    ])
      .then(([jobs, companies]) => setData({ jobs: jobs.data, companies: companies.data }))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return data;
}

/** The logo, or the initial on a tint when it is missing or fails (spec §2 fallback). */
function Logo({ src, name }: { src: string | null | undefined; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={classes.logo} aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className={classes.logo}
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

export default function HomeHighlights() {
  const data = useHighlights();
  if (!data || (data.jobs.length === 0 && data.companies.length === 0)) return null;
  return (
    <>
      {data.jobs.length > 0 && (
        <section className={classes.section} aria-labelledby="featured-title">
          <div className={classes.heading}>
            <h2 id="featured-title" className={classes.title}>
              New jobs
            </h2>
            <Link to="/jobs" className={classes.more}>
              See all jobs
            </Link>
          </div>
          <ul className={classes.jobs}>
            {data.jobs.map((job) => (
              <li key={job.id} className={classes.job}>
                <Logo
                  src={job.companyDetails?.logoUrl ?? job.companyLogoUrl}
                  name={job.companyName}
                />
                <div className={classes.jobText}>
                  <Link
                    to="/jobs/$companyName/$jobId"
                    params={{ companyName: companySlug(job.companyName), jobId: job.id }}
                    className={classes.jobTitle}
                  >
                    {job.jobTitle}
                  </Link>
                  <span className={classes.jobMeta}>
                    {job.companyName}
                    {job.location?.city ? ` · ${job.location.city}` : ''}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.companies.length > 0 && (
        <section className={classes.section} aria-labelledby="companies-title">
          <div className={classes.heading}>
            <h2 id="companies-title" className={classes.title}>
              Top companies hiring
            </h2>
            <Link to="/referrals" className={classes.more}>
              All companies
            </Link>
          </div>
          <ul className={classes.companies}>
            {data.companies.map((company) => (
              <li key={company.SK}>
                <Link
                  to="/jobs"
                  search={{ companyName: [company.name] }}
                  className={classes.company}
                >
                  <Logo src={company.logoUrl} name={company.name} />
                  <span className={classes.companyName}>{company.name}</span>
                  <span className={classes.companyJobs}>
                    {company.openJobs} open {company.openJobs === 1 ? 'job' : 'jobs'}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

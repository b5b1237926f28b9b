/**
 * The home page's new jobs and top companies (issue 26 item 10), as the app draws them: from the
 * server's first screen of `/` (src/domain/home-highlights.ts: the same section is in its HTML,
 * server/http/first-screen.ts mirrors this markup) or from the API (home-highlights.tsx). In the
 * home page's chunk: on a first load it renders with the page, so nothing moves when the app
 * takes over from the server's screen.
 */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { companySlug } from '@/domain/company-slug';
import { HOME_HIGHLIGHTS } from '@/domain/home-copy';
import { hasHighlights, type HomeHighlights } from '@/domain/home-highlights';
import { ImageWithFallback } from '@/lib/ui/image-with-fallback';
import classes from './home-highlights.module.css';

/** The logo, or the initial on a tint when it is missing or fails (spec §2 fallback). */
function Logo({ src, name }: { src: string | null | undefined; name: string }) {
  return (
    <ImageWithFallback
      className={classes.logo}
      src={src}
      width={40}
      height={40}
      loading="lazy"
      fallback={
        <span className={classes.logo} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      }
    />
  );
}

/** A section with its title and a link to all of its kind (the server's `heading()`). */
function HighlightsSection({
  id,
  title,
  link,
  children,
}: {
  id: string;
  title: string;
  link: { to: '/jobs' | '/referrals'; label: string };
  children: ReactNode;
}) {
  return (
    <section className={classes.section} aria-labelledby={id}>
      <div className={classes.heading}>
        <h2 id={id} className={classes.title}>
          {title}
        </h2>
        <Link to={link.to} className={classes.more}>
          {link.label}
        </Link>
      </div>
      {children}
    </section>
  );
}

export function HighlightsView({ highlights: data }: { highlights: HomeHighlights }) {
  if (!hasHighlights(data)) return null;
  return (
    <>
      {data.jobs.length > 0 && (
        <HighlightsSection
          id="featured-title"
          title={HOME_HIGHLIGHTS.jobsTitle}
          link={HOME_HIGHLIGHTS.jobsLink}
        >
          <ul className={classes.jobs}>
            {data.jobs.map((job) => (
              <li key={job.id} className={classes.job}>
                <Logo src={job.logoUrl} name={job.companyName} />
                <div className={classes.jobText}>
                  <Link
                    to="/jobs/$companyName/$jobId"
                    params={{ companyName: companySlug(job.companyName), jobId: job.id }}
                    className={classes.jobTitle}
                  >
                    {job.title}
                  </Link>
                  <span className={classes.jobMeta}>
                    {job.companyName}
                    {job.city ? ` · ${job.city}` : ''}
                  </span>
                </div>
              </li>
            ))}
          </ul>
        </HighlightsSection>
      )}
      {data.companies.length > 0 && (
        <HighlightsSection
          id="companies-title"
          title={HOME_HIGHLIGHTS.companiesTitle}
          link={HOME_HIGHLIGHTS.companiesLink}
        >
          <ul className={classes.companies}>
            {data.companies.map((company) => (
              <li key={company.name}>
                <Link
                  to="/jobs"
                  search={{ companyName: [company.name] }}
                  className={classes.company}
                >
                  <Logo src={company.logoUrl} name={company.name} />
                  <span className={classes.companyName}>{company.name}</span>
                  <span className={classes.companyJobs}>
                    {HOME_HIGHLIGHTS.openJobs(company.openJobs)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </HighlightsSection>
      )}
    </>
  );
}

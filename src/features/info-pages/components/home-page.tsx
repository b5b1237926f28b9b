import { lazy, Suspense, useState } from 'react';
import { HOME_AUDIENCES, HOME_HERO, HOME_OFFLINE, HOME_STEPS } from '@/domain/home-copy';
import {
  HIGHLIGHTS_DATA_ID,
  highlightsFromJson,
  type HomeHighlights,
} from '@/domain/home-highlights';
import { LinkButton } from '@/lib/ui/link-button';
import { HighlightsView } from './home-highlights-view';
import { JobSearchForm } from './job-search-form';
import classes from './home-page.module.css';

// Issue 26 item 10: new jobs and top companies, fetched in their own chunk after the first paint
// when the server's first screen did not bring them.
const FetchedHighlights = lazy(() => import('./home-highlights'));

/** The section the server's first screen of `/` carries, while it is in the document. */
function highlightsFromFirstScreen(): HomeHighlights | null {
  const text = document.getElementById(HIGHLIGHTS_DATA_ID)?.textContent;
  return text ? highlightsFromJson(text) : null;
}

/** `/`: the landing page for candidates, referees and employers (spec §1, §2). Plain React and
 * CSS modules only: it is the first load on a phone (120 KB gzip JS budget). */
export function HomePage() {
  const [served] = useState(highlightsFromFirstScreen);
  return (
    <div className={classes.home}>
      <section className={classes.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={classes.title}>
          {HOME_HERO.title}
        </h1>
        <p className={classes.lead}>{HOME_HERO.lead}</p>
        <JobSearchForm />
        <p className={classes.quickLinks}>
          Or{' '}
          {HOME_HERO.quickLinks.map((link) => (
            <LinkButton key={link.to} to={link.to} variant={link.variant} size="sm">
              {link.label}
            </LinkButton>
          ))}
        </p>
      </section>

      <section className={classes.section} aria-labelledby="how-title">
        <h2 id="how-title" className={classes.sectionTitle}>
          {HOME_STEPS.title}
        </h2>
        <ol className={classes.steps}>
          {HOME_STEPS.steps.map((step, index) => (
            <li key={step.title} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className={classes.note}>{HOME_STEPS.note}</p>
      </section>

      {/* After "How referrals work", not above it: rendered above, the highlights arrive ~1 s in
          and push the steps out of the first screen (Lighthouse CLS 0.325, issue 24). */}
      {served ? (
        <HighlightsView highlights={served} />
      ) : (
        <Suspense fallback={null}>
          <FetchedHighlights />
        </Suspense>
      )}

      <section className={classes.section} aria-labelledby="who-title">
        <h2 id="who-title" className={classes.sectionTitle}>
          {HOME_AUDIENCES.title}
        </h2>
        <ul className={classes.audiences}>
          {HOME_AUDIENCES.audiences.map((audience) => (
            <li key={audience.title} className={classes.audience}>
              <h3>{audience.title}</h3>
              <p>{audience.text}</p>
              <LinkButton to={audience.link.to} variant={audience.link.variant}>
                {audience.link.label}
              </LinkButton>
            </li>
          ))}
        </ul>
      </section>

      <section className={classes.section} aria-labelledby="offline-title">
        <h2 id="offline-title" className={classes.sectionTitle}>
          {HOME_OFFLINE.title}
        </h2>
        <p>{HOME_OFFLINE.text}</p>
        <div className={classes.actions}>
          {HOME_OFFLINE.links.map((link) => (
            <LinkButton key={link.to} to={link.to} variant={link.variant}>
              {link.label}
            </LinkButton>
          ))}
        </div>
      </section>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { LinkButton } from '@/lib/ui/link-button';
import { JobSearchForm } from './job-search-form';
import classes from './home-page.module.css';

// Issue 26 item 10: new jobs and top companies, in their own chunk after the first paint.
const HomeHighlights = lazy(() => import('./home-highlights'));

const steps = [
  {
    title: 'Upload your CV',
    text: 'Add a text PDF under 2 MB. We read your skills, experience and roles from it.',
  },
  {
    title: 'See your match',
    text: 'Every job shows a match score, from core skills, soft skills, experience and responsibilities.',
  },
  {
    title: 'Request a referral',
    text: 'We check the fit and send your CV to a verified employee close to the hiring team.',
  },
  {
    title: 'Get referred',
    text: 'Your referee puts you forward through their company’s own process. Follow the status in your dashboard.',
  },
];

/** `/`: the landing page for candidates, referees and employers (spec §1, §2). Plain React and
 * CSS modules only: it is the first load on a phone (120 KB gzip JS budget). */
export function HomePage() {
  return (
    <div className={classes.home}>
      <section className={classes.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={classes.title}>
          Get referred to the job you want
        </h1>
        <p className={classes.lead}>
          Browse jobs, see how well your CV matches each one, and ask verified employees to refer
          you. Works on a patchy connection too.
        </p>
        <JobSearchForm />
        <p className={classes.quickLinks}>
          Or{' '}
          <LinkButton to="/referrals" variant="subtle" size="sm">
            request a referral
          </LinkButton>
          <LinkButton to="/guidance" variant="subtle" size="sm">
            get guidance from an employee
          </LinkButton>
        </p>
      </section>

      <section className={classes.section} aria-labelledby="how-title">
        <h2 id="how-title" className={classes.sectionTitle}>
          How referrals work
        </h2>
        <ol className={classes.steps}>
          {steps.map((step, index) => (
            <li key={step.title} className={classes.step}>
              <span className={classes.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className={classes.note}>
          A nominal platform fee on each request keeps spam away from referees, so they keep
          answering.
        </p>
      </section>

      {/* After "How referrals work", not above it: rendered above, the highlights arrive ~1 s in
          and push the steps out of the first screen (Lighthouse CLS 0.325, issue 24). */}
      <Suspense fallback={null}>
        <HomeHighlights />
      </Suspense>

      <section className={classes.section} aria-labelledby="who-title">
        <h2 id="who-title" className={classes.sectionTitle}>
          One place for everyone in hiring
        </h2>
        <ul className={classes.audiences}>
          <li className={classes.audience}>
            <h3>Candidates</h3>
            <p>
              Find jobs and companies, apply in a tap, save jobs for later (even offline), and
              request referrals or guidance.
            </p>
            <LinkButton to="/auth/signup">Sign-up for free</LinkButton>
          </li>
          <li className={classes.audience}>
            <h3>Employees</h3>
            <p>
              With 2+ years of experience and a work email, refer strong candidates and offer paid
              resume reviews, guidance and mock interviews.
            </p>
            <LinkButton to="/for-employee" variant="outline">
              Become a referee
            </LinkButton>
          </li>
          <li className={classes.audience}>
            <h3>Employers</h3>
            <p>
              Post jobs, see a match score for every applicant, and hire people referred by
              employees who know the work.
            </p>
            <LinkButton to="/corporate" variant="outline">
              Hire with ReferralHub
            </LinkButton>
          </li>
        </ul>
      </section>

      <section className={classes.section} aria-labelledby="offline-title">
        <h2 id="offline-title" className={classes.sectionTitle}>
          Made for your phone, online or not
        </h2>
        <p>
          Install ReferralHub to your home screen. Jobs you have browsed stay available offline, and
          an application or CV upload made without a signal is sent once you are back online,
          exactly once.
        </p>
        <div className={classes.actions}>
          <LinkButton to="/jobs">Browse jobs</LinkButton>
          <LinkButton to="/faq" variant="outline">
            Read the FAQ
          </LinkButton>
        </div>
      </section>
    </div>
  );
}

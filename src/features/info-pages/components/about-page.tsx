import { LinkButton } from '@/lib/ui/link-button';
import { InfoLayout, InfoSection } from './info-layout';
import classes from './info-layout.module.css';

/** /about: who we are and what the product stands for. */
export function AboutPage() {
  return (
    <InfoLayout
      title="About ReferralHub"
      lead="We connect job seekers with employees who can refer them, so good candidates get seen by the teams that are hiring."
    >
      <InfoSection title="Why we built it">
        <p>
          A referral is still the surest way into a company, but it depends on who you know. We
          built ReferralHub so that a strong candidate without the right network can reach a
          verified employee, and so that employees can refer people they have never met with
          confidence, because every request arrives with a match score against the job.
        </p>
      </InfoSection>
      <InfoSection title="What we believe">
        <ul>
          <li>
            <strong>Fair matching.</strong> Your CV is read, not just keyword-scanned: core skills,
            soft skills, experience and responsibilities all count towards your match score.
          </li>
          <li>
            <strong>Respect for referees.</strong> Employees see only requests that fit, and a
            nominal platform fee keeps spam out.
          </li>
          <li>
            <strong>Works where you are.</strong> ReferralHub installs to your phone’s home screen
            and keeps working on a patchy connection: jobs you have seen stay available offline, and
            an application made offline is sent once you are back online, never twice.
          </li>
          <li>
            <strong>Privacy by default.</strong> Referees stay anonymous to candidates, and work
            emails are used only for verification.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="Who uses ReferralHub">
        <p>
          Candidates looking for their next role, employees who refer and mentor, and companies
          whose recruiters post jobs and hire. Each has a home here.
        </p>
        <div className={classes.actions}>
          <LinkButton to="/jobs">Browse jobs</LinkButton>
          <LinkButton to="/for-employee" variant="outline">
            For employees
          </LinkButton>
          <LinkButton to="/corporate" variant="outline">
            For companies
          </LinkButton>
        </div>
      </InfoSection>
    </InfoLayout>
  );
}

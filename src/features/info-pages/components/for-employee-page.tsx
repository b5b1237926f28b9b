import { LinkButton } from '@/lib/ui/link-button';
import { InfoLayout, InfoSection } from './info-layout';
import classes from './info-layout.module.css';

const services = [
  ['Resume writing', 'Rewrite a candidate’s CV so it reads well to recruiters in your field.'],
  [
    'Career guidance',
    'A conversation about roles, teams and growth paths at companies like yours.',
  ],
  ['Interview handholding', 'Help a candidate prepare for each round of a live hiring process.'],
  ['Mock interviews', 'Run the interview you would run at work, then give honest feedback.'],
] as const;

/** /for-employee: why and how employees become referees and offer services (spec §1). */
export function ForEmployeePage() {
  return (
    <InfoLayout
      title="Refer great people. Get paid for your know-how."
      lead="ReferralHub sends you referral requests from candidates who already match your company’s jobs, and lets you offer paid career services at a fee you set."
    >
      <InfoSection title="Who can join">
        <ul>
          <li>At least 2 years of overall work experience, read from the CV you upload.</li>
          <li>
            A work email at your current company, verified once with a one-time code. It is never
            shown to candidates.
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="How referrals reach you">
        <ol>
          <li>A candidate asks for a referral to a job at your company.</li>
          <li>
            We check their profile against the job description and compute a match score, so weak
            matches never reach you.
          </li>
          <li>
            Matching uses the candidate’s assessment score and your designation, location and role,
            so you see requests for teams close to yours.
          </li>
          <li>
            You accept or decline. Accepted CVs go through your company’s own referral process.
          </li>
        </ol>
        <p className={classes.note}>
          A nominal platform fee on the candidate’s side keeps spam out of your inbox.
        </p>
      </InfoSection>
      <InfoSection title="Services you can offer">
        <ul className={classes.cards}>
          {services.map(([name, text]) => (
            <li key={name} className={classes.card}>
              <h3>{name}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
        <p className={classes.note}>
          You choose which services to offer and set your own fee for each. You can pause them
          whenever work gets busy.
        </p>
      </InfoSection>
      <InfoSection title="Get started">
        <p>
          Sign in (or sign up), upload your CV as a PDF and verify your work email on your employee
          dashboard. It takes a few minutes.
        </p>
        <div className={classes.actions}>
          {/* issue 17: the "Become a referee" card lives on the employee dashboard. */}
          <LinkButton to="/v1/employee/profile">Become a referee</LinkButton>
          <LinkButton to="/faq" variant="outline">
            Read the employee FAQ
          </LinkButton>
        </div>
      </InfoSection>
    </InfoLayout>
  );
}

import { LinkButton } from '@/lib/ui/link-button';
import { InfoLayout, InfoSection } from './info-layout';
import classes from './info-layout.module.css';

/** spec §2 leaves plan amounts "not shown": plans are described by what they include and priced
 * on request (docs/decisions.md). */
const plans = [
  {
    name: 'Starter',
    audience: 'For a first few hires',
    features: [
      'Post jobs to all candidates',
      'Match scores on every applicant',
      'One recruiter seat',
    ],
  },
  {
    name: 'Growth',
    audience: 'For teams hiring every month',
    features: [
      'Everything in Starter',
      'Referral-sourced candidates from verified employees',
      'Several recruiter seats with roles',
    ],
  },
  {
    name: 'Enterprise',
    audience: 'For hiring at scale',
    features: [
      'Everything in Growth',
      'Your own employees as in-house referees',
      'A dedicated account manager',
    ],
  },
] as const;

/** /corporate: hiring through ReferralHub, with its plans at #corporatePlans. */
export function CorporatePage() {
  return (
    <InfoLayout
      title="Hire people your industry vouches for"
      lead="Post jobs, see how every applicant matches, and receive candidates referred by verified employees, on one platform."
    >
      <InfoSection title="Why companies hire here">
        <ul className={classes.cards}>
          <li className={classes.card}>
            <h3>Pre-matched applicants</h3>
            <p>
              Every candidate’s CV is parsed and scored against your job description: core skills,
              soft skills, experience and responsibilities.
            </p>
          </li>
          <li className={classes.card}>
            <h3>Referrals, not cold CVs</h3>
            <p>
              Referred candidates reach you through employees with 2+ years of experience and a
              verified work email.
            </p>
          </li>
          <li className={classes.card}>
            <h3>Roles for your team</h3>
            <p>
              Company admins manage users and jobs; recruiters post and review. Everyone sees only
              what their role allows.
            </p>
          </li>
        </ul>
      </InfoSection>
      <InfoSection title="Plans" id="corporatePlans">
        <p>
          Every plan is priced for your hiring volume. Contact us for pricing and we will send a
          quote within one working day.
        </p>
        <ul className={classes.cards}>
          {plans.map((plan) => (
            <li key={plan.name} className={classes.card}>
              <h3>{plan.name}</h3>
              <p>{plan.audience}</p>
              <ul>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <p>
                <strong>Price: contact us</strong>
              </p>
            </li>
          ))}
        </ul>
        <div className={classes.actions}>
          <LinkButton to="/corporate/connect-with-us">Contact us for pricing</LinkButton>
          <LinkButton to="/auth/corporate/login" variant="outline">
            Corporate login
          </LinkButton>
        </div>
      </InfoSection>
    </InfoLayout>
  );
}

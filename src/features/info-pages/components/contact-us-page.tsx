import { Link } from '@tanstack/react-router';
import { LinkButton } from '@/lib/ui/link-button';
import { SUPPORT_EMAIL } from '../content/support';
import { InfoLayout, InfoSection } from './info-layout';
import classes from './info-layout.module.css';

/** /contact-us: how to reach support (also the target of /contact). */
export function ContactUsPage() {
  return (
    <InfoLayout
      title="Contact us"
      lead="Questions about a referral, your CV, a payment or your account? We are happy to help."
    >
      <InfoSection title="Candidates and employees">
        <p>
          Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Include the email address
          you signed up with and, for a referral or an application, the company and job title. We
          reply within one working day.
        </p>
        <p>
          Many answers are already in the <Link to="/faq">frequently asked questions</Link>.
        </p>
      </InfoSection>
      <InfoSection title="Companies and recruiters">
        <p>
          To post jobs, hire through referrals or ask about plans, tell us about your hiring needs
          and our corporate team will get back to you.
        </p>
        <div className={classes.actions}>
          <LinkButton to="/corporate/connect-with-us">Connect with our corporate team</LinkButton>
        </div>
      </InfoSection>
      <InfoSection title="Report a problem">
        <p>
          If something in the app does not work, write to {SUPPORT_EMAIL} with what you did and what
          you saw. A screenshot helps. On an error page, the Details button shows the message we
          need.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
